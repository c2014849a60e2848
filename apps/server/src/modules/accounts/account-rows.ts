import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** What the top bar shows of an account (its VIP and balance come from billing). */
export interface AccountProfile {
  username: string;
  avatar: string;
  isTourist: boolean;
}

/**
 * The account row as other features may read it. Accounts write names, passwords and sign-ins;
 * billing keeps VIP, the storage quota the bytes bought and used, each through its own handle.
 */
export const accountRows = {
  /** Locks the account row for the caller's transaction (serialises its changes); false when there is none. */
  async lock(tx: Db, userId: number): Promise<boolean> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length > 0;
  },

  /** The account's console role ('user', 'operator', 'admin'), or null when there is no such account. */
  async role(db: Db, userId: number): Promise<string | null> {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.role ?? null;
  },

  /** Whether the account may act at all: a guest, a disabled account; null when there is none. */
  async standing(db: Db, userId: number): Promise<{ isTourist: boolean; disabled: boolean } | null> {
    const [row] = await db
      .select({ isTourist: users.isTourist, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? { isTourist: row.isTourist === 1, disabled: row.disabledAt !== null } : null;
  },

  /** The id of the account with exactly this username, or null. */
  async idByName(db: Db, username: string): Promise<number | null> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    return row?.id ?? null;
  },

  async profile(db: Db, userId: number): Promise<AccountProfile | null> {
    const [row] = await db
      .select({ username: users.username, avatar: users.avatar, isTourist: users.isTourist })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? { ...row, isTourist: row.isTourist === 1 } : null;
  },
};
