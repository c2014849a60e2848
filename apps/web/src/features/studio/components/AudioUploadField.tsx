import { studioMessages } from '@app/contract';
import { FileUpload } from '../../../components/upload';
import type { AudioFile } from '../stores/studio-store';

/** Drag-and-drop audio of the audio mode: the shared upload with the voice rules. */
export function AudioUploadField({ onUploaded }: { onUploaded: (file: AudioFile) => void }) {
  return (
    <FileUpload
      fileType="voice"
      hint={studioMessages.audioFormat}
      onUploaded={(file, original) =>
        onUploaded({ fileId: file.file_id, url: file.url, name: original.name, duration: file.duration })
      }
    />
  );
}
