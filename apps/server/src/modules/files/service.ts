import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  filesMessages,
  UPLOAD_RULES,
  type FileType,
  type RegisteredFile,
  type UploadPurpose,
  type UploadSignature,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { InvalidKeyError, assertSafeKey } from '../../platform/storage/types.js';
import { inspectUpload, MediaRefusal, sha256Of, type MediaFacts } from './media-rules.js';
import { storageUsage } from '../storage-quota/index.js';
import { endLanding } from './landings.js';
import { receiveRecording } from './voice-upload.js';
import { filesRepo, isUniqueViolation, type FileRecord } from './repo.js';

/** Each account uploads into its own folder per type; the policy and the registration both hold it there. */
export const userDir = (userId: number, type: FileType) => `users/${userId}/${type}/`;

/** Uploads, registration and removal of files, with their quota. */
export class FilesService {
  constructor(private readonly ctx: AppContext) {}

  private get db(): Db {
    return this.ctx.database.db;
  }

  async signUpload(userId: number, type: FileType): Promise<UploadSignature> {
    const dir = userDir(userId, type);
    const form = await this.ctx.storage.presignPost({
      dir,
      maxBytes: UPLOAD_RULES[type].maxBytes,
      expiresIn: this.ctx.config.UPLOAD_POLICY_TTL_SECONDS,
    });
    return {
      host: form.host,
      dir,
      access_key_id: form.accessKeyId,
      policy: form.policy,
      signature: form.signature,
      expire: form.expire,
      fields: form.fields,
    };
  }

  /** The object key a client's `url` names inside `dir`: `host/key`, a signed URL of it, or the bare key. */
  keyFromUrl(url: string, dir: string): string | null {
    try {
      const bare = url.split('?')[0] ?? '';
      const pathname =
        /^https?:\/\//.test(bare) || bare.startsWith('/')
          ? decodeURIComponent(new URL(bare, 'http://x').pathname)
          : bare;
      const at = pathname.indexOf(dir);
      const key = at === 0 || (at > 0 && pathname[at - 1] === '/') ? pathname.slice(at) : pathname;
      assertSafeKey(key);
      return key;
    } catch (e) {
      if (e instanceof InvalidKeyError || e instanceof URIError || e instanceof TypeError) return null;
      throw e;
    }
  }

  /**
   * Registers an uploaded object: it must sit in the caller's folder for `type`, pass the rules of
   * its type as probed here, and fit the quota. A refused object is deleted; one that is not the
   * caller's, or is already registered, is left alone.
   */
  async complete(userId: number, type: FileType, url: string, purpose?: UploadPurpose): Promise<RegisteredFile> {
    const dir = userDir(userId, type);
    const key = this.keyFromUrl(url, dir);
    if (!key || !key.startsWith(dir)) throw new AppError(filesMessages.fileMissing);
    if (await filesRepo.findByKey(this.db, key)) throw new AppError(filesMessages.alreadyRegistered);
    const stored = await this.ctx.storage.head(key);
    if (!stored) throw new AppError(filesMessages.fileMissing);
    const local = await this.ctx.storage.toLocalFile(key, path.join(this.ctx.config.dataDir, 'scratch', 'uploads'));
    // The local store checksums uploads as they arrive; elsewhere the file is hashed here.
    const recorded = (await this.ctx.storage.checksum?.(key)) ?? null;
    let facts: MediaFacts;
    let sha256: string;
    let size: number;
    let publicKey: string | null = null;
    try {
      // Checksum (when not recorded) and probe read the file side by side.
      [facts, sha256, size] = await Promise.all([
        inspectUpload(type, local.path, key, purpose),
        recorded ?? sha256Of(local.path),
        fs.promises.stat(local.path).then((st) => st.size),
      ]);
      // A site picture is shown to every visitor for as long as the settings name it: a public copy
      // keeps its address (a signed one expires), named by its content.
      if (purpose === 'site') {
        publicKey = `public/site/uploads/${sha256}${path.extname(key).toLowerCase()}`;
        await this.ctx.storage.putFile(publicKey, local.path);
      }
    } catch (e) {
      if (e instanceof MediaRefusal) {
        await this.ctx.storage.delete(key);
        await this.db.transaction((tx) => endLanding(tx, key));
        throw new AppError(e.message);
      }
      throw e;
    } finally {
      await local.cleanup();
    }
    const record = await this.insertCharged({ userId, kind: type, key, size, sha256, ...facts });
    const described = this.describe(record);
    return publicKey ? { ...described, url: this.ctx.storage.publicUrl(publicKey) } : described;
  }

  /** A recording posted to the API: stored in the caller's voice folder, then registered like any upload. */
  async uploadRecording(userId: number, req: FastifyRequest): Promise<RegisteredFile> {
    const scratch = path.join(this.ctx.config.dataDir, 'scratch', 'uploads');
    const received = await receiveRecording(req, scratch);
    try {
      if (!UPLOAD_RULES.voice.extensions.includes(received.ext)) throw new AppError(filesMessages.audioRule);
      const key = `${userDir(userId, 'voice')}${Date.now()}${randomBytes(4).toString('hex')}.${received.ext}`;
      await this.ctx.storage.putFile(key, received.path);
      return await this.complete(userId, 'voice', key);
    } finally {
      await fs.promises.rm(received.path, { force: true });
    }
  }

  private async insertCharged(values: Parameters<typeof filesRepo.insert>[1]): Promise<FileRecord> {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await filesRepo.insert(tx, values);
        // The bytes counted when the post landed give way to the registered size.
        await endLanding(tx, values.key);
        await storageUsage.charge(tx, values.userId, values.size);
        return row;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(filesMessages.alreadyRegistered);
      // Over the quota (or any failure to record it): nothing is kept.
      await this.ctx.storage.delete(values.key);
      await this.db.transaction((tx) => endLanding(tx, values.key));
      throw e;
    }
  }

  describe(f: FileRecord): RegisteredFile {
    return {
      file_id: f.id,
      url: this.urlOf(f.key),
      size: f.size,
      duration: f.duration,
      width: f.width,
      height: f.height,
    };
  }

  /** A stored object's URL for a reply, signed afresh each time one is handed out. */
  urlOf(key: string, downloadName?: string): string {
    return fileUrl(this.ctx, key, { downloadName });
  }

  /** Deletes a record inside `tx` and frees its quota; the object goes once the transaction commits. */
  async removeRecord(tx: Db, file: FileRecord): Promise<void> {
    await filesRepo.remove(tx, file.id);
    await storageUsage.release(tx, file.userId, file.size);
  }

  async removeObject(key: string): Promise<void> {
    await this.ctx.storage
      .delete(key)
      .catch((err: unknown) => this.ctx.log.warn({ err, key }, 'stored object could not be removed'));
  }
}
