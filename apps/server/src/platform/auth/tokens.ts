import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, userTokens } from '../../db/schema/index.js';

export const TOKEN_TTL_DAYS = 30;
const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Sessions seen in the last few seconds, so a burst of reads costs one lookup. Logout, password and
 * role changes and disabling evict here at once, and on every other API process when the change
 * commits (`announceSessionChange`, heard through LISTEN, and through Redis pub/sub when configured);
 * writes look their token up anyway (`sessionCacheMs`).
 */
interface CachedSession {
  user: SessionUser;
  expiresAt: number;
}
const sessionCaches = new WeakMap<Db, LRUCache<string, CachedSession>>();
function cacheFor(db: Db): LRUCache<string, CachedSession> {
  let cache = sessionCaches.get(db);
  if (!cache) {
    // Each entry is stored with the caller's cache time as its ttl.
    cache = new LRUCache({ max: 20_000 });
    sessionCaches.set(db, cache);
  }
  return cache;
}

/**
 * Accounts and tokens announced as changed in the last few seconds, per cache: looked up on every call
 * and never cached meanwhile. An announcement through Redis can arrive before the transaction that
 * revoked the token commits; a lookup in between sees the old state, which must not be kept.
 */
const QUARANTINE_MS = 5_000;
const quarantines = new WeakMap<Db, Map<string, number>>();
function quarantine(db: Db, key: string): void {
  let map = quarantines.get(db);
  if (!map) quarantines.set(db, (map = new Map()));
  const now = Date.now();
  for (const [k, until] of map) if (until <= now) map.delete(k);
  map.set(key, now + QUARANTINE_MS);
}
const quarantined = (db: Db, user: SessionUser): boolean => {
  const map = quarantines.get(db);
  if (!map?.size) return false;
  const now = Date.now();
  return (map.get(`user:${user.id}`) ?? 0) > now || (map.get(`token:${user.tokenId}`) ?? 0) > now;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: number;
  username: string;
  role: string;
  isTourist: boolean;
  tokenId: number;
}

/** Issues a 256-bit random token; only its hash is stored. */
export async function issueToken(
  db: Db,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(userTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_DAYS * DAY_MS),
    ip: (meta.ip ?? '').slice(0, 64),
    userAgent: (meta.userAgent ?? '').slice(0, 255),
  });
  return token;
}

/**
 * How long a call may trust a cached session: reads use the configured cache time; calls that spend
 * credits or change state (every method but GET) always look the token up, so a token revoked on
 * any API process is refused by every other one at once.
 */
// Chosen over LISTEN/NOTIFY: exact on every process with no listening connection to keep alive, and writes are the rarer calls.
export const sessionCacheMs = (method: string, cacheSeconds: number): number =>
  method === 'GET' ? cacheSeconds * 1000 : 0;

/**
 * The account behind a token, or null when it is unknown, expired or revoked; a recent answer is
 * reused for `cacheMs` (the configured SESSION_CACHE_SECONDS in milliseconds; 0: always looked up).
 * A fresh answer is kept for the reads that follow for `keepMs` (a write looks its token up, and the
 * reads right after it, such as an answer stream after its question, need not look it up again).
 */
export async function resolveToken(
  db: Db,
  token: string,
  cacheMs: number,
  keepMs = cacheMs,
): Promise<SessionUser | null> {
  if (!token || token.length > 128) return null;
  const hash = hashToken(token);
  const cache = cacheFor(db);
  const hit = cacheMs > 0 ? cache.get(hash) : undefined;
  if (hit && hit.expiresAt > Date.now()) return hit.user;
  const now = new Date();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      isTourist: users.isTourist,
      tokenId: userTokens.id,
      lastUsedAt: userTokens.lastUsedAt,
      expiresAt: userTokens.expiresAt,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    // A disabled account's tokens are revoked when it is disabled; the check here also covers a token issued in between.
    .where(
      and(
        eq(userTokens.tokenHash, hash),
        isNull(userTokens.revokedAt),
        gt(userTokens.expiresAt, now),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt.getTime();
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    expiresAt = now.getTime() + TOKEN_TTL_DAYS * DAY_MS;
    await db
      .update(userTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(expiresAt) })
      .where(eq(userTokens.id, row.tokenId));
  }
  const user = {
    id: row.id,
    username: row.username,
    role: row.role,
    isTourist: row.isTourist === 1,
    tokenId: row.tokenId,
  };
  if (keepMs > 0 && !quarantined(db, user)) cache.set(hash, { user, expiresAt }, { ttl: keepMs });
  return user;
}

/** The channel on which every process hears that sessions were revoked or an account changed. */
export const SESSIONS_CHANNEL = 'sessions_changed';

/** Where else this process announces session changes (Redis pub/sub when configured): each takes the payload. */
const sessionBuses = new Set<(payload: string) => void>();

/** Adds a bus every announcement is also published on; returns its removal. */
export function addSessionBus(publish: (payload: string) => void): () => void {
  sessionBuses.add(publish);
  return () => void sessionBuses.delete(publish);
}

/**
 * Tells every API process to drop its cached sessions of `userId` (or of one token): a revoked token is
 * refused everywhere at once, not after the cache time. Through PostgreSQL when the caller's
 * transaction commits, and through every bus at once (the hearers then look the account up afresh
 * for a few seconds, so a lookup before the commit is not kept).
 */
export async function announceSessionChange(db: Db, change: { userId: number } | { tokenId: number }): Promise<void> {
  const payload = JSON.stringify(change);
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
  for (const publish of sessionBuses) publish(payload);
}

/** Drops what an announcement names ('' or anything unreadable: every session). */
export function forgetAnnounced(db: Db, payload: string): void {
  let change: { userId?: unknown; tokenId?: unknown } = {};
  try {
    change = JSON.parse(payload) as typeof change;
  } catch {
    // '' after a reconnect: what was announced meanwhile is unknown.
  }
  if (typeof change.userId === 'number') {
    quarantine(db, `user:${change.userId}`);
    forgetSessions(db, (u) => u.id === change.userId);
  } else if (typeof change.tokenId === 'number') {
    quarantine(db, `token:${change.tokenId}`);
    forgetSessions(db, (u) => u.tokenId === change.tokenId);
  } else cacheFor(db).clear();
}

/** Drops cached sessions matching a test, after a revocation or an account change. */
export function forgetSessions(db: Db, match: (user: SessionUser) => boolean): void {
  const cache = cacheFor(db);
  for (const [hash, entry] of cache.entries()) if (match(entry.user)) cache.delete(hash);
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(userTokens.id, tokenId));
  await announceSessionChange(db, { tokenId });
  forgetSessions(db, (u) => u.tokenId === tokenId);
}

export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
  await announceSessionChange(db, { userId });
  forgetSessions(db, (u) => u.id === userId);
}
