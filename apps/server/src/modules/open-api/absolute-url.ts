import type { AppContext } from '../../platform/context.js';
import { fileUrl } from '../../platform/storage/file-url.js';

/**
 * A stored object's URL as a program outside the site can open it: the store's own URL when it is
 * absolute (OSS, S3), otherwise the site's address before the local store's path. `origin` is where
 * the caller reached us (a reply), or the configured public address (a webhook).
 */
export function absoluteFileUrl(
  ctx: AppContext,
  origin: string,
  key: string | null | undefined,
  downloadName?: string,
): string | null {
  const url = fileUrl(ctx, key, { downloadName });
  return url ? absoluteUrl(origin, url) : null;
}

/** A URL the site handed out, made absolute: the store's own absolute URLs stay as they are. */
export const absoluteUrl = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** Where the caller reached the site (behind a trusted proxy, what the proxy says). */
export const originOf = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;
