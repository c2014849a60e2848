import { createHash } from 'node:crypto';
import path from 'node:path';
import type { StorageDriver } from '../platform/storage/types.js';
import type { PublicUrlFn } from './avatar/index.js';

export interface PublicUrlDeps {
  storage: StorageDriver;
  /** Root folder of the local store, when the app serves its own files. */
  localRoot: string | null;
  /** PUBLIC_URL, prefixed to the local store's relative links. */
  publicUrl: string;
}

/** Remote engines fetch our files by URL: a file outside storage is put there first, then signed. */
export function publicUrlSigner({ storage, localRoot, publicUrl }: PublicUrlDeps): PublicUrlFn {
  return async (file) => {
    let key =
      localRoot && file.startsWith(localRoot + path.sep)
        ? path.relative(localRoot, file).split(path.sep).join('/')
        : null;
    if (!key) {
      key = `engine-inputs/${createHash('sha256').update(file).digest('hex').slice(0, 24)}${path.extname(file)}`;
      await storage.putFile(key, file);
    }
    const url = storage.signedUrl(key, { expiresIn: 6 * 3600 });
    return url.startsWith('/') ? `${publicUrl}${url}` : url;
  };
}
