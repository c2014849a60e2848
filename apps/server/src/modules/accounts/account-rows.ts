import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

const GB = 1024 ** 3;

/** What the top bar shows of an account. */
export interface AccountProfile {
  username: string;
  avatar: string;
  isTourist: boolean;
  vipExpireAt: Date | null;
}

/** Storage an account bought and uses. */
export interface AccountStorage {
  isTourist: boolean;
  storageExtraGb: number;
  storageUsedBytes: number;
}

const storageColumns = {
  isTourist: users.isTourist,
  storageExtraGb: users.storageExtraGb,
  storageUsedBytes: users.storageUsedBytes,
};
const asStorage = (r: { isTourist: number; storageExtraGb: number; storageUsedBytes: number }): AccountStorage => ({
  ...r,
  isTourist: r.isTourist === 1,
});

/**
 * The account row as other features may read and change it. Accounts write names, passwords and
 * sign-ins; the credits feature writes VIP, bought storage and used bytes, only through here.
 */
export const accountRows = {
  /** Locks the account row for the caller's transaction (serialises balance changes); false when there is none. */
  async lock(tx: Db, userId: number): Promise<boolean> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length > 0;
  },

  async profile(db: Db, userId: number): Promise<AccountProfile | null> {
    const [row] = await db
      .select({ username: users.username, avatar: users.avatar, isTourist: users.isTourist, vipExpireAt: users.vipExpireAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? { ...row, isTourist: row.isTourist === 1 } : null;
  },

  /** VIP days add to a VIP that is still running, or start at `now`. */
  async extendVip(tx: Db, userId: number, days: number, now: Date): Promise<void> {
    const at = sql`${now.toISOString()}::timestamptz`;
    await tx
      .update(users)
      .set({
        vipExpireAt: sql`greatest(coalesce(${users.vipExpireAt}, ${at}), ${at}) + make_interval(days => ${days}::int)`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  },

  async storage(db: Db, userId: number): Promise<AccountStorage | null> {
    const [row] = await db.select(storageColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row ? asStorage(row) : null;
  },

  /** Adds bought GB; the new figures, or null when there is no such account. */
  async addBoughtStorage(tx: Db, userId: number, gb: number): Promise<AccountStorage | null> {
    const [row] = await tx
      .update(users)
      .set({ storageExtraGb: sql`${users.storageExtraGb} + ${gb}`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(storageColumns);
    return row ? asStorage(row) : null;
  },

  /**
   * Adds `bytes` to the used storage in one statement. With `withinBaseGb`, only while the total
   * stays within that base plus the GB the account bought; false when it would not fit.
   */
  async addUsedBytes(tx: Db, userId: number, bytes: number, withinBaseGb?: number): Promise<boolean> {
    const next = sql`${users.storageUsedBytes} + ${bytes}::bigint`;
    const fits =
      withinBaseGb === undefined
        ? undefined
        : sql`${next} <= (${withinBaseGb}::bigint + ${users.storageExtraGb}) * ${GB}::bigint`;
    const rows = await tx
      .update(users)
      .set({ storageUsedBytes: next })
      .where(and(eq(users.id, userId), fits))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Takes `bytes` off the used storage, never below zero. */
  async releaseUsedBytes(tx: Db, userId: number, bytes: number): Promise<void> {
    await tx
      .update(users)
      .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}::bigint, 0)` })
      .where(eq(users.id, userId));
  },
};
