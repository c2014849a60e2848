import { filesMessages } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { storageRows } from './repo.js';
import { readSiteSettings } from '../site/index.js';

const assertBytes = (bytes: number) => {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`bytes must be a non-negative integer, got ${bytes}`);
};

/**
 * The one keeper of an account's used storage (`users.storage_used_bytes`). Every call runs inside
 * the caller's transaction, so a file record and its bytes commit together.
 */
export const storageUsage = {
  /** Counts a new upload; refuses with 存储空间不足… when it would pass the site's base plus the GB bought. */
  async charge(tx: Db, userId: number, bytes: number): Promise<void> {
    assertBytes(bytes);
    const { storage_base_gb } = await readSiteSettings(tx);
    if (!(await storageRows.addUsed(tx, userId, bytes, storage_base_gb)))
      throw new AppError(filesMessages.storageFull);
  },
  /** Counts files derived from a paid result (renders, mezzanines, speech): never refused, the result must not be lost. */
  async add(tx: Db, userId: number, bytes: number): Promise<void> {
    assertBytes(bytes);
    if (bytes > 0) await storageRows.addUsed(tx, userId, bytes);
  },
  /** Gives back the bytes of a removed file; never below zero. */
  async release(tx: Db, userId: number, bytes: number): Promise<void> {
    assertBytes(bytes);
    if (bytes > 0) await storageRows.releaseUsed(tx, userId, bytes);
  },
};

export type StorageUsage = typeof storageUsage;
