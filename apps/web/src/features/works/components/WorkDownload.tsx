import { Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { studioMessages, type Work } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { downloadName, fetchWithProgress, saveBlob } from '../lib/download';
import { worksMessages as m } from '../messages';

/** Downloads a finished work with a progress dialog; closing the dialog stops it. */
export function WorkDownload({ work, onClose }: { work: Work | null; onClose: () => void }) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!work) return;
    const abort = new AbortController();
    fetchWithProgress(work.url, setPercent, abort.signal)
      .then((blob) => {
        saveBlob(blob, downloadName(work.name, work.url));
        feedback.success(studioMessages.downloadDone);
        onClose();
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        feedback.error(studioMessages.downloadFailed);
        onClose();
      });
    return () => abort.abort();
    // One download per work opened; onClose changes identity every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [work]);
  return (
    <Modal title={m.downloadTitle} open={!!work} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      <Typography.Paragraph ellipsis>{work?.name}</Typography.Paragraph>
      <Progress
        percent={Math.max(0, percent)}
        status={percent < 0 ? 'active' : undefined}
        aria-label={m.downloadTitle}
      />
    </Modal>
  );
}
