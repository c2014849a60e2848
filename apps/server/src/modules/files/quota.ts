import { eq, sql } from 'drizzle-orm';
import { filesMessages } from '@app/contract';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';

const GB = 1024 ** 3;

/**
 * Storage counted against an account. Both calls run inside the caller's transaction, so a file
 * record and its quota change commit together. The accounts feature supplies the site's totals.
 */
export interface StorageQuota {
  /** Adds `bytes`; refuses (AppError) when the account would go over its total. */
  charge(tx: Db, userId: number, bytes: number): Promise<void>;
  /** Gives back `bytes` of a removed file; never below zero. */
  release(tx: Db, userId: number, bytes: number): Promise<void>;
}

/** Total bytes of an account, given what it bought on top of the base. */
export type QuotaTotal = (account: { storageExtraGb: number }) => number;
export const defaultQuotaTotal: QuotaTotal = ({ storageExtraGb }) => (1 + storageExtraGb) * GB;

const assertBytes = (bytes: number) => {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`bytes must be a non-negative integer, got ${bytes}`);
};

/** Keeps `users.storage_used_bytes` in step: the row is locked, checked and updated in one go. */
export function createStorageQuota(totalOf: QuotaTotal = defaultQuotaTotal): StorageQuota {
  return {
    async charge(tx, userId, bytes) {
      assertBytes(bytes);
      const [row] = await tx
        .select({ used: users.storageUsedBytes, extra: users.storageExtraGb })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) throw new Error(`no account ${userId}`);
      if (row.used + bytes > totalOf({ storageExtraGb: row.extra })) throw new AppError(filesMessages.storageFull);
      await tx
        .update(users)
        .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}::bigint` })
        .where(eq(users.id, userId));
    },
    async release(tx, userId, bytes) {
      assertBytes(bytes);
      await tx
        .update(users)
        .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}::bigint, 0)` })
        .where(eq(users.id, userId));
    },
  };
}
