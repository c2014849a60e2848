import type { AppConfig } from '../../config.js';
import { isPublicKey, type StorageDriver } from './types.js';

/** What a URL for a stored object needs: the store, and how long a signed URL lives. */
export interface FileUrlSource {
  storage: StorageDriver;
  config: Pick<AppConfig, 'FILE_URL_TTL_SECONDS'>;
}

/**
 * The URL a reply hands out for a stored object: permanent for `public/` objects, otherwise signed
 * afresh for FILE_URL_TTL_SECONDS (offering `downloadName` when given); '' when there is no object.
 */
export function fileUrl(
  { storage, config }: FileUrlSource,
  key: string | null | undefined,
  opts: { downloadName?: string } = {},
): string {
  if (!key) return '';
  if (isPublicKey(key)) return storage.publicUrl(key);
  return storage.signedUrl(key, { expiresIn: config.FILE_URL_TTL_SECONDS, downloadName: opts.downloadName });
}
