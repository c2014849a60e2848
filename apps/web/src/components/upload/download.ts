/**
 * Fetches `url` as a stream and reports real progress in percent, counted against Content-Length
 * (-1 while the size is unknown); resolves to the whole file.
 */
export async function fetchWithProgress(
  url: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`download HTTP ${response.status}`);
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
    // 100 only once the whole file is in hand.
    if (total) onProgress(Math.min(99, Math.floor((received / total) * 100)));
  }
  if (total && received !== total) throw new Error(`download cut short: ${received} of ${total} bytes`);
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

/**
 * A file name from an item's name, safe on every system, with the extension of the object in `url`
 * (`fallbackExt` when the URL has none).
 */
export function downloadName(name: string, url: string, fallbackExt = 'mp4'): string {
  const path = url.replace(/[?#].*$/, '');
  const ext = /\.([a-z0-9]{2,4})$/i.exec(path)?.[1] ?? fallbackExt;
  const safe = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  const base = safe.trim() || 'download';
  return `${base}.${ext.toLowerCase()}`;
}
