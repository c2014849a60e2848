import { studioMessages } from '@app/contract';
import { FileUpload } from '../../../components/upload';

interface AvatarVideoFieldProps {
  /** The registered file's id, as the form holds it. */
  value?: number;
  onChange?: (fileId: number | undefined) => void;
}

/** The avatar video of the replicate form: the shared upload with the video rules, holding the file id. */
export function AvatarVideoField({ onChange }: AvatarVideoFieldProps) {
  return <FileUpload fileType="video" hint={studioMessages.avatarVideoFormat} onUploaded={(file) => onChange?.(file.file_id)} />;
}
