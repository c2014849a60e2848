import { and, eq, inArray, sql } from 'drizzle-orm';
import { storageAccounts } from '../../db/schema/storage-quota.js';
import type { Db } from '../../platform/db/client.js';

const GB = 1024 ** 3;

/** Storage an account bought and uses. */
export interface AccountStorage {
  storageExtraGb: number;
  storageUsedBytes: number;
}

const columns = { storageExtraGb: storageAccounts.storageExtraGb, storageUsedBytes: storageAccounts.storageUsedBytes };

/** The quota's columns of the account row: the GB bought and the bytes used. */
export const storageRows = {
  async of(db: Db, userIds: number[]): Promise<Map<number, AccountStorage>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .select({ id: storageAccounts.id, ...columns })
      .from(storageAccounts)
      .where(inArray(storageAccounts.id, userIds));
    return new Map(rows.map(({ id, ...r }) => [id, r]));
  },

  async one(db: Db, userId: number): Promise<AccountStorage | null> {
    const [row] = await db.select(columns).from(storageAccounts).where(eq(storageAccounts.id, userId)).limit(1);
    return row ?? null;
  },

  /** Adds bought GB; the new figures, or null when there is no such account. */
  async addBought(tx: Db, userId: number, gb: number): Promise<AccountStorage | null> {
    const [row] = await tx
      .update(storageAccounts)
      .set({ storageExtraGb: sql`${storageAccounts.storageExtraGb} + ${gb}`, updatedAt: new Date() })
      .where(eq(storageAccounts.id, userId))
      .returning(columns);
    return row ?? null;
  },

  /**
   * Adds `bytes` to the used storage in one statement. With `withinBaseGb`, only while the total
   * stays within that base plus the GB the account bought; false when it would not fit.
   */
  async addUsed(tx: Db, userId: number, bytes: number, withinBaseGb?: number): Promise<boolean> {
    const next = sql`${storageAccounts.storageUsedBytes} + ${bytes}::bigint`;
    const fits =
      withinBaseGb === undefined
        ? undefined
        : sql`${next} <= (${withinBaseGb}::bigint + ${storageAccounts.storageExtraGb}) * ${GB}::bigint`;
    const rows = await tx
      .update(storageAccounts)
      .set({ storageUsedBytes: next })
      .where(and(eq(storageAccounts.id, userId), fits))
      .returning({ id: storageAccounts.id });
    return rows.length > 0;
  },

  /** Takes `bytes` off the used storage, never below zero. */
  async releaseUsed(tx: Db, userId: number, bytes: number): Promise<void> {
    await tx
      .update(storageAccounts)
      .set({ storageUsedBytes: sql`greatest(${storageAccounts.storageUsedBytes} - ${bytes}::bigint, 0)` })
      .where(eq(storageAccounts.id, userId));
  },
};
