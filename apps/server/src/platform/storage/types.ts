import type { Readable } from 'node:stream';
import { contentDisposition, contentTypeOf } from './content-type.js';
import type { PostForm, PostPolicyRequest } from './upload-policy.js';

export type { PostForm, PostPolicyRequest } from './upload-policy.js';

export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** Name offered to the browser when downloading (Content-Disposition attachment). */
  downloadName?: string;
}

/**
 * The `response-*` parameters of a remote store's signed GET URL (OSS and S3 both honour them): the
 * type by the key's extension, since a browser's form upload may have stored none or a wrong one, and
 * the download name when one is offered.
 */
export function signedResponseHeaders(key: string, opts: SignedUrlOptions): Record<string, string> {
  return {
    'response-content-type': contentTypeOf(key),
    ...(opts.downloadName ? { 'response-content-disposition': contentDisposition(opts.downloadName) } : {}),
  };
}

/** Where files live: the local folder, Aliyun OSS or an S3-compatible store. */
export interface StorageDriver {
  readonly kind: 'local' | 'oss' | 's3';
  put(key: string, body: Readable | Buffer): Promise<void>;
  putFile(key: string, filePath: string): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** A local path for tools such as ffmpeg: the object itself (local) or a downloaded copy. */
  toLocalFile(key: string, scratchDir: string): Promise<{ path: string; cleanup: () => Promise<void> }>;
  delete(key: string): Promise<void>;
  /** The object's sha256 when the store took it as the object was written (local uploads); otherwise null or absent. */
  checksum?(key: string): Promise<string | null>;
  /** A URL a browser can GET until it expires; private objects are never reachable without one. */
  signedUrl(key: string, opts: SignedUrlOptions): string;
  /** A permanent URL, only for objects under `public/`. */
  publicUrl(key: string): string;
  /** A form the browser POSTs straight to storage: keys under `dir` only, at most `maxBytes`, until it expires. */
  presignPost(req: PostPolicyRequest): Promise<PostForm>;
}

export class InvalidKeyError extends Error {}

/** Object keys are relative, slash-separated, printable; no traversal, no backslashes. */
export function assertSafeKey(key: string): void {
  const bad =
    !key ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    [...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '');
  if (bad) throw new InvalidKeyError(`invalid object key: ${JSON.stringify(key.slice(0, 80))}`);
}

export const isPublicKey = (key: string) => key.startsWith('public/');
