import { Modal } from 'antd';
import type { ReactNode } from 'react';

interface VideoPlayerDialogProps {
  open: boolean;
  title: string;
  url: string;
  /** Actions under the video, e.g. a create button. */
  footer?: ReactNode;
  /** What to say about the video, shown between it and the actions. */
  details?: ReactNode;
  /** Portrait videos get a narrower dialog. */
  portrait?: boolean;
  onClose: () => void;
}

/** The dialog player of home, avatars and works: plays at once, stops when closed. */
export function VideoPlayerDialog({
  open,
  title,
  url,
  footer = null,
  details = null,
  portrait = false,
  onClose,
}: VideoPlayerDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      footer={footer}
      onCancel={onClose}
      destroyOnHidden
      width={portrait ? 420 : 800}
      centered
    >
      <video
        src={url}
        controls
        autoPlay
        aria-label={title}
        style={{ display: 'block', width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
      />
      {details}
    </Modal>
  );
}
