/**
 * The request signature shared by the web client and the server:
 * md5 of every param except `sign`, as key=value sorted by code point, joined by &, then &key=SECRET.
 * The secret ships in the browser bundle: it stops tampering and stale replays, not a determined client.
 */
export function signaturePayload(params: Record<string, string>, secret: string): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts = keys.map((k) => `${k}=${params[k] ?? ''}`);
  parts.push(`key=${secret}`);
  return parts.join('&');
}

/** Allowed clock difference between client and server. */
export const SIGN_WINDOW_SECONDS = 300;
export const DEFAULT_SIGN_SECRET = 'dev-sign-secret';

/**
 * A random param added to every signed write, so two identical writes sent in the same second differ
 * and the second is not refused as a replay. Signed like any other param; the server drops it after checking.
 */
export const NONCE_PARAM = 'nonce';

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
