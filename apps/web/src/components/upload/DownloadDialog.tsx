import { Modal, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { filesMessages } from '@app/contract';
import { feedback } from '../../lib/feedback';
import { fetchWithProgress, saveBlob } from './download';
import { uploadLabels } from './messages';

export interface DownloadTarget {
  url: string;
  /** The name the file is saved under, extension included (see `downloadName`). */
  fileName: string;
}

export interface DownloadDialogProps {
  /** What to download; null keeps the dialog closed. */
  target: DownloadTarget | null;
  onClose: () => void;
}

/** One download: mounted per target, so its progress starts at zero and closing the dialog aborts it. */
function DownloadProgress({ target, onClose }: { target: DownloadTarget; onClose: () => void }) {
  const [percent, setPercent] = useState(0);
  // The latest onClose, so a parent re-rendering with a new callback does not restart the download.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const controller = new AbortController();
    fetchWithProgress(target.url, setPercent, controller.signal).then(
      (blob) => {
        saveBlob(blob, target.fileName);
        feedback.success(filesMessages.downloaded);
        close.current();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        feedback.error(filesMessages.downloadFailed);
        close.current();
      },
    );
    return () => controller.abort();
  }, [target]);
  return (
    <>
      <Typography.Paragraph ellipsis>{target.fileName}</Typography.Paragraph>
      <Progress
        percent={Math.max(0, percent)}
        status={percent < 100 ? 'active' : 'success'}
        aria-label={uploadLabels.downloading}
      />
    </>
  );
}

/** The one download of the app, with real streamed progress (spec 001 §2): 下载成功！ or 下载失败！. */
export function DownloadDialog({ target, onClose }: DownloadDialogProps) {
  return (
    <Modal
      title={uploadLabels.downloadTitle}
      open={!!target}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? <DownloadProgress key={`${target.url}\n${target.fileName}`} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}
