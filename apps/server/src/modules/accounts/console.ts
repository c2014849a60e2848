import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Role } from '@app/contract';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { announceSessionChange, forgetSessions, revokeAllTokens } from '../../platform/auth/tokens.js';
import { vip } from '../billing/index.js';
import { storageRows } from '../storage-quota/index.js';
import { hashPassword } from './passwords.js';

/** An account as the operator console sees it. */
export interface ConsoleAccount {
  id: number;
  username: string;
  role: string;
  isTourist: boolean;
  vipExpireAt: Date | null;
  disabledAt: Date | null;
  storageExtraGb: number;
  storageUsedBytes: number;
  createdAt: Date;
  lastLoginAt: Date | null;
}

const columns = {
  id: users.id,
  username: users.username,
  role: users.role,
  isTourist: users.isTourist,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};
type AccountColumns = Omit<ConsoleAccount, 'isTourist' | 'vipExpireAt' | 'storageExtraGb' | 'storageUsedBytes'> & {
  isTourist: number;
};

/** The rows with their VIP (billing's) and storage (the quota's), read in one query each. */
async function asAccounts(db: Db, rows: AccountColumns[]): Promise<ConsoleAccount[]> {
  const ids = rows.map((r) => r.id);
  const [vips, storage] = await Promise.all([vip.until(db, ids), storageRows.of(db, ids)]);
  return rows.map((r) => ({
    ...r,
    isTourist: r.isTourist === 1,
    vipExpireAt: vips.get(r.id) ?? null,
    storageExtraGb: storage.get(r.id)?.storageExtraGb ?? 0,
    storageUsedBytes: storage.get(r.id)?.storageUsedBytes ?? 0,
  }));
}

/** Account names by id, for the console screens that show who did something (who used a code). */
export async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** `%` and `_` typed in a search box are looked for as themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the operator console may read and change of accounts; every change that ends sessions ends them here. */
export const accountConsole = {
  async search(db: Db, q: { keyword?: string; guests: boolean; page: number; limit: number }) {
    const where = and(
      eq(users.isTourist, q.guests ? 1 : 0),
      q.keyword?.trim() ? ilike(users.username, likePattern(q.keyword.trim())) : undefined,
    );
    const [total] = await db.select({ n: count() }).from(users).where(where);
    const limit = q.limit || 20;
    const rows = await db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset((q.page - 1) * limit);
    return { list: await asAccounts(db, rows), total: total?.n ?? 0 };
  },

  async get(db: Db, id: number): Promise<ConsoleAccount | null> {
    const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
    return row ? ((await asAccounts(db, [row]))[0] ?? null) : null;
  },

  /** A new password ends every session of the account. */
  async setPassword(db: Db, id: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    await revokeAllTokens(db, id);
  },

  /** Disabling revokes every token at once, so the account's next call is answered with code 100. */
  async setDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
    await db
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: new Date() })
      .where(eq(users.id, id));
    if (disabled) await revokeAllTokens(db, id);
  },

  /** Cached sessions carry the role, so they are dropped and looked up again (see `forgetCachedSessions`). */
  async setRole(db: Db, id: number, role: Role): Promise<void> {
    await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await announceSessionChange(db, { userId: id });
  },

  /**
   * Drops the account's sessions this process cached, after the transaction that changed it has
   * committed (the cache belongs to the database handle, not to a transaction, and a read between
   * the change and the commit could have cached the old state again).
   */
  forgetCachedSessions(db: Db, id: number): void {
    forgetSessions(db, (u) => u.id === id);
  },
};
