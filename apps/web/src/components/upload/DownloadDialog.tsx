import { Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { filesMessages } from '@app/contract';
import { feedback } from '../../lib/feedback';
import { uploadLabels } from './messages';

export interface DownloadDialogProps {
  /** What to download; null keeps the dialog closed. */
  target: { url: string; fileName: string } | null;
  onClose: () => void;
}

/** Reads the response as a stream, counting bytes against Content-Length, then saves it under its name. */
async function download(
  url: string,
  fileName: string,
  onProgress: (p: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new Error(`download ${res.status}`);
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total) onProgress(Math.min(99, Math.floor((received / total) * 100)));
  }
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  onProgress(100);
}

type Target = NonNullable<DownloadDialogProps['target']>;

/** One download: mounted per target, so its progress starts at zero. */
function DownloadProgress({ target, onClose }: { target: Target; onClose: () => void }) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    download(target.url, target.fileName, setPercent, controller.signal).then(
      () => {
        feedback.success(filesMessages.downloaded);
        onClose();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        feedback.error(filesMessages.downloadFailed);
        onClose();
      },
    );
    // Closing the dialog aborts the transfer.
    return () => controller.abort();
  }, [target, onClose]);
  return (
    <>
      <Typography.Text>{target.fileName}</Typography.Text>
      <Progress percent={percent} status="active" aria-label={uploadLabels.downloading} />
    </>
  );
}

/** Download with real progress (spec 001 §2): 下载成功！ or 下载失败！. */
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
      {target ? <DownloadProgress key={target.url} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}
