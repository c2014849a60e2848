import {
  CustomerServiceOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { Button, Card, Image, Space, Tag, Tooltip, Typography } from 'antd';
import type { MaterialItem } from '@app/contract';
import { materialsLabels } from '../messages';

export interface MaterialCardProps {
  item: MaterialItem;
  onPlay: (item: MaterialItem) => void;
  onRename: (item: MaterialItem) => void;
  onDownload: (item: MaterialItem) => void;
  onDelete: (item: MaterialItem) => void;
}

const coverStyle = { height: 150, width: '100%', objectFit: 'cover' as const, display: 'block', background: '#000' };

function Cover({ item, onPlay }: Pick<MaterialCardProps, 'item' | 'onPlay'>) {
  // Images open in antd's image viewer; video and audio open the player dialog.
  if (item.type === 'image')
    return <Image src={item.url} alt={item.name} height={150} width="100%" style={{ objectFit: 'cover' }} />;
  return (
    <button
      type="button"
      aria-label={`${materialsLabels.preview} ${item.name}`}
      onClick={() => onPlay(item)}
      style={{ border: 0, padding: 0, width: '100%', cursor: 'pointer', position: 'relative', background: 'none' }}
    >
      {item.type === 'video' ? (
        <>
          <video src={item.url} preload="metadata" muted style={coverStyle} />
          <PlayCircleOutlined
            style={{ position: 'absolute', inset: 0, margin: 'auto', fontSize: 40, color: '#fff', width: 40, height: 40 }}
          />
        </>
      ) : (
        // Audio has no picture: the headphones and the play sign sit side by side, never on top of each other.
        <div
          style={{
            ...coverStyle,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 16,
            color: '#8c8c8c',
            background: 'linear-gradient(135deg, #1f1640, #0f2a3d)',
          }}
        >
          <CustomerServiceOutlined style={{ fontSize: 44 }} />
          <PlayCircleOutlined style={{ fontSize: 32, color: '#fff' }} />
        </div>
      )}
    </button>
  );
}

const seconds = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

export function MaterialCard({ item, onPlay, onRename, onDownload, onDelete }: MaterialCardProps) {
  return (
    <Card
      size="small"
      cover={<Cover item={item} onPlay={onPlay} />}
      actions={[
        <Tooltip key="rename" title={materialsLabels.rename}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${materialsLabels.rename} ${item.name}`}
            onClick={() => onRename(item)}
          />
        </Tooltip>,
        <Tooltip key="download" title={materialsLabels.download}>
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`${materialsLabels.download} ${item.name}`}
            onClick={() => onDownload(item)}
          />
        </Tooltip>,
        <Tooltip key="delete" title={materialsLabels.delete}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${materialsLabels.delete} ${item.name}`}
            onClick={() => onDelete(item)}
          />
        </Tooltip>,
      ]}
    >
      <Card.Meta
        title={<Typography.Text ellipsis={{ tooltip: item.name }}>{item.name}</Typography.Text>}
        description={
          <Space size={4}>
            <Tag style={{ marginInlineEnd: 0 }}>
              {item.source === 'analyse' ? materialsLabels.extracted : materialsLabels.uploaded}
            </Tag>
            {item.type === 'image' ? `${item.width}×${item.height}` : seconds(item.duration)}
          </Space>
        }
      />
    </Card>
  );
}
