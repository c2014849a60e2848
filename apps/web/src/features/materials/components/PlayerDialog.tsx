import { Modal } from 'antd';
import type { MaterialItem } from '@app/contract';

/** Plays a video or an audio material from its signed URL. */
export function PlayerDialog({ item, onClose }: { item: MaterialItem | null; onClose: () => void }) {
  return (
    <Modal
      title={item?.name}
      open={!!item}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={item?.type === 'audio' ? 480 : 720}
    >
      {item?.type === 'video' ? (
        <video src={item.url} controls autoPlay style={{ width: '100%', maxHeight: '70vh' }} aria-label={item.name} />
      ) : null}
      {item?.type === 'audio' ? (
        <audio src={item.url} controls autoPlay style={{ width: '100%' }} aria-label={item.name} />
      ) : null}
    </Modal>
  );
}
