import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { chargeStorage, releaseStorage } from './storage-quota.js';

export { creditLedger } from './service.js';

/** The one keeper of `users.storage_used_bytes`; every call runs inside the caller's transaction. */
export const storageUsage = {
  /** Counts an upload against the quota; refuses with 存储空间不足 when it would not fit. */
  charge: (tx: Db, userId: number, bytes: number): Promise<void> => chargeStorage(tx, userId, bytes),
  /** Counts derived files of a paid result; never refuses, since a paid result must not be lost. */
  async add(tx: Db, userId: number, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await tx
      .update(users)
      .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}::bigint` })
      .where(eq(users.id, userId));
  },
  /** Gives back the bytes of deleted files; never below zero. */
  release: (tx: Db, userId: number, bytes: number): Promise<void> => releaseStorage(tx, userId, bytes),
};
export type StorageUsage = typeof storageUsage;

export * from './paid-job.js';
