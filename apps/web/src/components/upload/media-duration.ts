/** How long the browser may take to read a file's length before leaving the check to the server. */
const READ_TIMEOUT_MS = 10_000;

/** Seconds of sound in `file` as the browser reads them from its headers; null when it cannot tell. */
export function readAudioDuration(file: Blob, timeoutMs = READ_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}
