import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, isPublicKey, type SignedUrlOptions, type StorageDriver, type StoredObject } from './types.js';
import { buildOssPostForm, type PostForm, type PostPolicyRequest } from './upload-policy.js';

export const LOCAL_FILES_PREFIX = '/files/';
/** The local store's upload host: takes the same PostObject form as Aliyun OSS. */
export const LOCAL_UPLOAD_PATH = '/storage-upload';
export const LOCAL_BUCKET = 'local';
export const LOCAL_ACCESS_KEY_ID = 'local-store';

/** An exclusive write found its key already taken. */
export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`object already exists: ${key}`);
  }
}

/** Objects under DATA_DIR/storage, written atomically, served by the app with signed URLs. */
/**
 * Admits a complete upload before it is put in place: throws an OssRefusal (upload-host.ts) to refuse it, or returns
 * what undoes the admission when the object then cannot be placed (its key was taken meanwhile).
 */
export type UploadAdmission = (key: string, bytes: number) => Promise<(() => Promise<void>) | void>;

export class LocalStorage implements StorageDriver {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly tmpDir: string;
  /** Checksums taken while objects were written, one small file per object key. */
  readonly sumsDir: string;
  /** Set by the feature that owns users' uploads: admits each browser post before it is put in place. */
  admission?: UploadAdmission;

  constructor(
    dataDir: string,
    private readonly secret: string,
    /** Origin the browser reaches the app at ('' = same origin). */
    private readonly publicBase = '',
  ) {
    this.root = path.join(dataDir, 'storage');
    this.tmpDir = path.join(this.root, '.tmp');
    this.sumsDir = path.join(this.root, '.sums');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  /** A temp file in the store's own folder, so the final rename is atomic. */
  tempPath(): string {
    return path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  /**
   * Moves a complete temp file, whose data is already on the disk, into place, and makes the new name
   * durable too: a stored object is never lost, or found empty, after a crash. With `sha256` (taken while it was written), the checksum is
   * recorded against the file's identity (inode, size, modification time), so it is only ever read
   * back for these very bytes; a later write of the same key without one drops it.
   *
   * With `exclusive`, an existing object is never replaced (ObjectExistsError): the temp file is
   * linked to the key, which fails when the name is taken, even by an upload finishing at the same
   * moment; the existing object and its record are left as they were, and the temp file to the caller.
   */
  async commitTemp(tmp: string, key: string, sha256?: string, opts: { exclusive?: boolean } = {}): Promise<void> {
    const dest = this.pathOf(key);
    const sum = this.sumPath(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const record: SumRecord | null = sha256 ? { sha256, ...identity(await fsp.stat(tmp, { bigint: true })) } : null;
    if (opts.exclusive) {
      try {
        await fsp.link(tmp, dest);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw e;
      }
      await fsp.unlink(tmp);
      // Written once the name is ours; until then (or after a crash) registration hashes the file itself.
      await this.writeSum(sum, record);
    } else {
      await this.writeSum(sum, record);
      await fsp.rename(tmp, dest);
    }
    await syncPath(path.dirname(dest));
  }

  private async writeSum(sum: string, record: SumRecord | null): Promise<void> {
    if (!record) return fsp.rm(sum, { force: true });
    await fsp.mkdir(path.dirname(sum), { recursive: true });
    await fsp.writeFile(sum, JSON.stringify(record));
  }

  private sumPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.sumsDir, key);
  }

  /** The sha256 recorded when the object was written, if these are still the bytes it was taken of. */
  async checksum(key: string): Promise<string | null> {
    try {
      const [text, st] = await Promise.all([
        fsp.readFile(this.sumPath(key), 'utf8'),
        fsp.stat(this.pathOf(key), { bigint: true }),
      ]);
      const record = JSON.parse(text) as Partial<SumRecord>;
      const now = identity(st);
      const same = record.ino === now.ino && record.size === now.size && record.mtimeNs === now.mtimeNs;
      return same && typeof record.sha256 === 'string' && /^[0-9a-f]{64}$/.test(record.sha256) ? record.sha256 : null;
    } catch {
      return null;
    }
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const tmp = this.tempPath();
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await syncPath(tmp);
      await this.commitTemp(tmp, key);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const tmp = this.tempPath();
    try {
      await fsp.copyFile(filePath, tmp);
      await syncPath(tmp);
      await this.commitTemp(tmp, key);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const st = await fsp.stat(this.pathOf(key));
      return st.isFile() ? { size: st.size, modifiedAt: st.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return Promise.resolve(fs.createReadStream(this.pathOf(key), range));
  }

  toLocalFile(key: string): Promise<{ path: string; cleanup: () => Promise<void> }> {
    return Promise.resolve({ path: this.pathOf(key), cleanup: async () => undefined });
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    await fsp.rm(this.sumPath(key), { force: true });
  }

  private mac(key: string, expires: number, name: string): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}\n${name}`).digest('base64url');
  }

  signedUrl(key: string, opts: SignedUrlOptions): string {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + opts.expiresIn;
    const name = opts.downloadName ?? '';
    const q = new URLSearchParams({ expires: String(expires), sig: this.mac(key, expires, name) });
    if (name) q.set('name', name);
    return `${LOCAL_FILES_PREFIX}${encodeKey(key)}?${q.toString()}`;
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    if (!isPublicKey(key)) throw new Error('only public/ objects have permanent URLs');
    return `${LOCAL_FILES_PREFIX}${encodeKey(key)}`;
  }

  /** Credentials of the upload host; the secret never leaves the server. */
  get postCredentials() {
    return {
      bucket: LOCAL_BUCKET,
      accessKeyId: LOCAL_ACCESS_KEY_ID,
      secret: `${this.secret}:post`,
      host: `${this.publicBase}${LOCAL_UPLOAD_PATH}`,
    };
  }

  presignPost(req: PostPolicyRequest): Promise<PostForm> {
    return Promise.resolve(buildOssPostForm(req, this.postCredentials));
  }

  /** Checks a signed URL's query; public objects need none. */
  verify(key: string, q: { expires?: string; sig?: string; name?: string }): boolean {
    if (isPublicKey(key)) return true;
    const expires = Number(q.expires);
    if (!q.sig || !Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.mac(key, expires, q.name ?? ''));
    const given = Buffer.from(q.sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** Flushes a file's data, or a folder's entries, to the disk. */
async function syncPath(p: string): Promise<void> {
  const handle = await fsp.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

interface SumRecord {
  sha256: string;
  ino: string;
  size: string;
  mtimeNs: string;
}

const identity = (st: fs.BigIntStats) => ({
  ino: String(st.ino),
  size: String(st.size),
  mtimeNs: String(st.mtimeNs),
});

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
