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
