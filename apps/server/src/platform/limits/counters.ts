import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { rateCounters } from '../../db/schema/index.js';
import type { Db } from '../db/client.js';

/**
 * Atomic windowed counters shared by every process: the guest, login, image-code and paid-call
 * limits. In the database by default; in Redis when `REDIS_URL` is set (one round trip, no row churn).
 */
export interface Counters {
  /** Counts `n` more hits on `name:subject`; the count inside the current window, these included. */
  hit(name: string, subject: string | number, windowMs: number, n?: number): Promise<number>;
  /** Returns hits that did not count after all (never below zero). */
  giveBack(name: string, subject: string | number, n?: number): Promise<void>;
  /** The count inside the current window, without counting. */
  peek(name: string, subject: string | number): Promise<number>;
  /** Forgets the window. */
  reset(name: string, subject: string | number): Promise<void>;
}

/** Takes one slot of `limit` in the window; false (and nothing taken) when the window is full. */
export async function takeSlot(
  c: Counters,
  name: string,
  subject: string | number,
  windowMs: number,
  limit: number,
): Promise<boolean> {
  if ((await c.hit(name, subject, windowMs)) <= limit) return true;
  await c.giveBack(name, subject);
  return false;
}

/** Counters kept in the `rate_counters` table. */
export const databaseCounters = (db: Db): Counters => ({
  hit: (name, subject, windowMs, n) => hit(db, name, subject, windowMs, n),
  giveBack: (name, subject, n) => giveBack(db, name, subject, n),
  peek: (name, subject) => peek(db, name, subject),
  reset: (name, subject) => reset(db, name, subject),
});

// One script each, so a count and its expiry are set together: a window never outlives its time.
const HIT = `local v = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return v`;
const GIVE_BACK = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then redis.call('DECRBY', KEYS[1], math.min(v, tonumber(ARGV[1]))) end
return 0`;

/** Counters in Redis under `prefix` (INCRBY with a window expiry, in one script). */
export function redisCounters(redis: Redis, prefix: string): Counters {
  const k = (name: string, subject: string | number) => `${prefix}${keyOf(name, subject)}`;
  return {
    async hit(name, subject, windowMs, n = 1) {
      return Number(await redis.eval(HIT, 1, k(name, subject), n, Math.max(1, Math.ceil(windowMs))));
    },
    async giveBack(name, subject, n = 1) {
      await redis.eval(GIVE_BACK, 1, k(name, subject), n);
    },
    async peek(name, subject) {
      return Number((await redis.get(k(name, subject))) ?? 0);
    },
    async reset(name, subject) {
      await redis.del(k(name, subject));
    },
  };
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Keys are stored at most this long; longer subjects (user names, addresses) are cut. */
const keyOf = (name: string, subject: string | number) => `${name}:${String(subject)}`.slice(0, 160);

/**
 * Counts one more hit (or `n`) on `name:subject` and returns the count inside the current window,
 * this hit included. One statement: concurrent hits on any process each see a distinct count, so
 * "allow while count ≤ limit" lets exactly `limit` through.
 */
async function hit(db: Db, name: string, subject: string | number, windowMs: number, n = 1): Promise<number> {
  const now = new Date();
  const fresh = new Date(now.getTime() + windowMs);
  const ended = sql`${rateCounters.expiresAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key: keyOf(name, subject), hits: n, expiresAt: fresh })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${ended} then excluded.hits else ${rateCounters.hits} + excluded.hits end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateCounters.expiresAt} end`,
      },
    })
    .returning({ hits: rateCounters.hits });
  await sweepExpired(db, now);
  return row?.hits ?? n;
}

/** Returns a slot taken by `hit`/`take` (the call it was taken for did not count after all). */
async function giveBack(db: Db, name: string, subject: string | number, n = 1): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`greatest(${rateCounters.hits} - ${n}, 0)` })
    .where(and(eq(rateCounters.key, keyOf(name, subject)), gt(rateCounters.expiresAt, new Date())));
}

/** The count inside the current window, without counting. */
async function peek(db: Db, name: string, subject: string | number): Promise<number> {
  const [row] = await db
    .select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, keyOf(name, subject)), gt(rateCounters.expiresAt, new Date())));
  return row?.hits ?? 0;
}

/** Forgets the window (a successful login forgives that name's failures). */
async function reset(db: Db, name: string, subject: string | number): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, keyOf(name, subject)));
}

/** Windows that ended can never count again; their rows go, at most once a minute per process. */
async function sweepExpired(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(rateCounters).where(lt(rateCounters.expiresAt, now));
}
