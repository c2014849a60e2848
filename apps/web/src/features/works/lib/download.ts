/** Fetches `url` reporting progress in percent (or -1 while the size is unknown); resolves to the whole file. */
export async function fetchWithProgress(
  url: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(total ? 0 : -1);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total) onProgress(Math.min(100, Math.floor((received / total) * 100)));
  }
  onProgress(100);
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/** Hands a downloaded file to the browser under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A file name from the work's name, safe on every system, with the extension of its URL. */
export function downloadName(name: string, url: string): string {
  const ext = /\.([a-z0-9]{2,4})(?:[?#]|$)/i.exec(url)?.[1] ?? 'mp4';
  const base = name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'video';
  return `${base}.${ext.toLowerCase()}`;
}
