import {
  CommentOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FileImageOutlined,
  FileSearchOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  SmileOutlined,
  SoundOutlined,
  TranslationOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { StoreToolKey } from '@app/contract';

const ICONS: Record<StoreToolKey, React.ReactNode> = {
  copywrite: <EditOutlined />,
  copyTrace: <FileSearchOutlined />,
  aiChat: <CommentOutlined />,
  wsImage: <PictureOutlined />,
  wsVideo: <VideoCameraOutlined />,
  tsVideo: <FileImageOutlined />,
  imageSpeak: <SmileOutlined />,
  extraction: <PlaySquareOutlined />,
  audioExtraction: <SoundOutlined />,
  sea: <TranslationOutlined />,
  music: <CustomerServiceOutlined />,
};

export const ToolIcon = ({ tool }: { tool: StoreToolKey }) => <>{ICONS[tool]}</>;
