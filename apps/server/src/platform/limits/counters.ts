import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rateCounters } from '../../db/schema/index.js';
import type { Db } from '../db/client.js';

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Keys are stored at most this long; longer subjects (user names, addresses) are cut. */
const keyOf = (name: string, subject: string | number) => `${name}:${String(subject)}`.slice(0, 160);

/**
 * Counts one more hit (or `n`) on `name:subject` and returns the count inside the current window,
 * this hit included. One statement: concurrent hits on any process each see a distinct count, so
 * "allow while count ≤ limit" lets exactly `limit` through.
 */
export async function hit(db: Db, name: string, subject: string | number, windowMs: number, n = 1): Promise<number> {
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

/** Takes one slot of `limit` in the window; false (and nothing taken) when the window is full. */
export async function take(
  db: Db,
  name: string,
  subject: string | number,
  windowMs: number,
  limit: number,
): Promise<boolean> {
  if ((await hit(db, name, subject, windowMs)) <= limit) return true;
  await giveBack(db, name, subject);
  return false;
}

/** Returns a slot taken by `hit`/`take` (the call it was taken for did not count after all). */
export async function giveBack(db: Db, name: string, subject: string | number, n = 1): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`greatest(${rateCounters.hits} - ${n}, 0)` })
    .where(and(eq(rateCounters.key, keyOf(name, subject)), gt(rateCounters.expiresAt, new Date())));
}

/** The count inside the current window, without counting. */
export async function peek(db: Db, name: string, subject: string | number): Promise<number> {
  const [row] = await db
    .select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, keyOf(name, subject)), gt(rateCounters.expiresAt, new Date())));
  return row?.hits ?? 0;
}

/** Forgets the window (a successful login forgives that name's failures). */
export async function reset(db: Db, name: string, subject: string | number): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, keyOf(name, subject)));
}

/** Windows that ended can never count again; their rows go, at most once a minute per process. */
async function sweepExpired(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(rateCounters).where(lt(rateCounters.expiresAt, now));
}
