import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { API_KEYS_MAX, openApiMessages as m, type ApiKeyRow } from '@app/contract';
import { apiKeys, apiSiteState, apiUserBlocks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { accountRows } from '../accounts/index.js';

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

/** What a key looks like: `sk-` and 43 URL-safe characters (32 random bytes). */
const KEY_PREFIX = 'sk-';
/** Characters of a key shown in lists (the `sk-` and six more). */
const SHOWN = KEY_PREFIX.length + 6;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A key row as its owner's list shows it. */
export const presentKey = (k: ApiKeyRecord): ApiKeyRow => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  create_time: formatDateTime(k.createdAt),
  last_used_time: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : '',
});

const live = isNull(apiKeys.revokedAt);

/** Keys: made (the key itself handed out once, its hash kept), listed, revoked, and found by the key. */
export const apiKeyStore = {
  async create(db: Db, userId: number, name: string): Promise<ApiKeyRow & { key: string }> {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(m.keyNameRequired);
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    return db.transaction(async (tx) => {
      // Counted under the account's lock, so two creations at once cannot pass the limit.
      await accountRows.lock(tx, userId);
      const [c] = await tx
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), live));
      if ((c?.n ?? 0) >= API_KEYS_MAX) throw new AppError(m.tooManyKeys(API_KEYS_MAX));
      const [row] = await tx
        .insert(apiKeys)
        .values({ userId, name: trimmed, prefix: key.slice(0, SHOWN), hash: hashApiKey(key) })
        .returning();
      if (!row) throw new Error('api key insert returned nothing');
      return { ...presentKey(row), key };
    });
  },

  async find(db: Db, id: number): Promise<ApiKeyRecord | null> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
    return row ?? null;
  },

  async listOwn(db: Db, userId: number): Promise<ApiKeyRecord[]> {
    return db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), live))
      .orderBy(desc(apiKeys.id));
  },

  /** Revokes a live key; `userId` limits it to its owner's keys (the console passes none). */
  async revoke(db: Db, id: number, by: 'user' | 'operator', userId?: number): Promise<ApiKeyRecord> {
    const [row] = await db
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: by })
      .where(and(eq(apiKeys.id, id), live, userId === undefined ? undefined : eq(apiKeys.userId, userId)))
      .returning();
    if (!row) throw new AppError(m.keyMissing);
    return row;
  },

  /** Every account's keys for the console: by key name, or by owner ids found for the keyword. */
  async page(db: Db, q: { keyword?: string; ownerIds: number[]; page: number; limit: number }) {
    const keyword = q.keyword?.trim();
    const where: SQL | undefined = keyword
      ? or(
          ilike(apiKeys.name, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          q.ownerIds.length ? inArray(apiKeys.userId, q.ownerIds) : undefined,
        )
      : undefined;
    const limit = q.limit || 20;
    const rows = await db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.id))
      .limit(limit)
      .offset((q.page - 1) * limit);
    const [c] = await db.select({ n: count() }).from(apiKeys).where(where);
    return { rows, total: c?.n ?? 0 };
  },

  /**
   * The key a caller sent, with the switches that decide whether it may be used now, in one query;
   * null when no key has that hash.
   */
  async byKey(db: Db, key: string) {
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        siteOn: apiSiteState.enabled,
        blockedAt: apiUserBlocks.createdAt,
      })
      .from(apiKeys)
      .leftJoin(apiUserBlocks, eq(apiUserBlocks.userId, apiKeys.userId))
      .leftJoin(apiSiteState, eq(apiSiteState.id, 1))
      .where(eq(apiKeys.hash, hashApiKey(key)))
      .limit(1);
    return row ? { ...row, siteOn: row.siteOn ?? true, userBlocked: row.blockedAt !== null } : null;
  },

  /** Records a use; at most one write a minute per key. */
  async touch(db: Db, id: number): Promise<void> {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - interval '1 minute'`),
        ),
      );
  },
};

/** The site's and the accounts' switches of the API. */
export const apiSwitches = {
  async seed(db: Db): Promise<void> {
    await db.insert(apiSiteState).values({ id: 1, enabled: true }).onConflictDoNothing();
  },
  async siteOn(db: Db): Promise<boolean> {
    const [row] = await db.select({ on: apiSiteState.enabled }).from(apiSiteState).where(eq(apiSiteState.id, 1));
    return row?.on ?? true;
  },
  async setSite(db: Db, on: boolean): Promise<boolean> {
    const before = await apiSwitches.siteOn(db);
    await db
      .insert(apiSiteState)
      .values({ id: 1, enabled: on })
      .onConflictDoUpdate({ target: apiSiteState.id, set: { enabled: on, updatedAt: new Date() } });
    return before;
  },
  async userBlocked(db: Db, userId: number): Promise<boolean> {
    const [row] = await db.select().from(apiUserBlocks).where(eq(apiUserBlocks.userId, userId)).limit(1);
    return Boolean(row);
  },
  /** Switches one account's API; answers whether it was on before. */
  async setUser(db: Db, userId: number, on: boolean): Promise<boolean> {
    const wasBlocked = await apiSwitches.userBlocked(db, userId);
    if (on) await db.delete(apiUserBlocks).where(eq(apiUserBlocks.userId, userId));
    else await db.insert(apiUserBlocks).values({ userId }).onConflictDoNothing();
    return !wasBlocked;
  },
  async blocked(db: Db): Promise<(typeof apiUserBlocks.$inferSelect)[]> {
    return db.select().from(apiUserBlocks).orderBy(desc(apiUserBlocks.createdAt));
  },
  async blockedAmong(db: Db, userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await db
      .select({ userId: apiUserBlocks.userId })
      .from(apiUserBlocks)
      .where(inArray(apiUserBlocks.userId, userIds));
    return new Set(rows.map((r) => r.userId));
  },
};
