import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { apiIdempotency } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { ApiFailure } from './rest.js';

/** What HeyGen (and Stripe) accept as a key: 1–255 letters, digits and `_ - : .`. */
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,255}$/;
/** A key answers repeats for a day; after that it is free again. */
export const IDEMPOTENCY_HOURS = 24;
/** How long a repeat waits for the first request to be answered before it is told to retry. */
const WAIT_MS = 30_000;
/** A claim this old without an answer or a video belongs to a request that died: the next repeat takes over. */
const STALE_MS = 120_000;

export type IdemRow = typeof apiIdempotency.$inferSelect;

/** What the first request answered, handed to every repeat. */
export interface Answer {
  status: number;
  body: unknown;
}

/** The request's fingerprint: the call and its JSON body, independent of the order of its fields. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${stableJson(body)}`)
    .digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

export function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new ApiFailure('idempotencyKeyFormat');
}

const store = {
  /** Takes the key for this request, or answers the row another request holds; a day-old row is forgotten first. */
  async claim(db: Db, userId: number, key: string, hash: string | null): Promise<{ id: number } | { row: IdemRow }> {
    await db
      .delete(apiIdempotency)
      .where(
        and(
          eq(apiIdempotency.userId, userId),
          eq(apiIdempotency.key, key),
          lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
        ),
      );
    const [mine] = await db
      .insert(apiIdempotency)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: apiIdempotency.id });
    if (mine) return mine;
    const row = await store.find(db, userId, key);
    return row ? { row } : store.claim(db, userId, key, hash);
  },
  async find(db: Db, userId: number, key: string): Promise<IdemRow | null> {
    const [row] = await db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.userId, userId), eq(apiIdempotency.key, key)))
      .limit(1);
    return row ?? null;
  },
  async answer(db: Db, id: number, a: Answer, hash: string | null): Promise<void> {
    await db
      .update(apiIdempotency)
      .set({ status: a.status, response: a.body, ...(hash ? { requestHash: hash } : {}) })
      .where(eq(apiIdempotency.id, id));
  },
  /** A request that failed leaves its key free, so that a retry may succeed. */
  async release(db: Db, id: number): Promise<void> {
    await db.delete(apiIdempotency).where(eq(apiIdempotency.id, id));
  },
  async forget(db: Db, id: number): Promise<void> {
    await store.release(db, id);
  },
};

/** The key's claim as the creating call sees it: the video it made is recorded in the transaction that made it. */
export interface Claim {
  bindWork(tx: Db, workId: number): Promise<void>;
}

/** The sweep: keys older than a day. */
export async function forgetOldKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`))
    .returning({ id: apiIdempotency.id });
  return gone.length;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a creating call once per key: the first request with the key runs (and its success is kept for
 * a day); a repeat with the same fingerprint waits for it and gets the same answer, one with another
 * fingerprint is refused. `hash` is null for an upload, whose fingerprint is its bytes: `run` reports
 * it, and a repeat's own bytes are read by `repeatHash`. A failed first request frees the key.
 */
export async function once(
  db: Db,
  userId: number,
  key: string,
  hash: string | null,
  run: (claim: Claim) => Promise<{ answer: Answer; hash: string | null }>,
  repeatHash: () => Promise<string>,
  bound: (workId: number) => Promise<Answer>,
): Promise<Answer> {
  let mineHash = hash;
  for (;;) {
    const claimed = await store.claim(db, userId, key, hash);
    if ('id' in claimed) {
      const claim: Claim = {
        bindWork: async (tx, workId) => {
          await tx.update(apiIdempotency).set({ workId }).where(eq(apiIdempotency.id, claimed.id));
        },
      };
      try {
        const done = await run(claim);
        if (done.answer.status < 300) await store.answer(db, claimed.id, done.answer, done.hash);
        else await store.release(db, claimed.id);
        return done.answer;
      } catch (e) {
        await store.release(db, claimed.id);
        throw e;
      }
    }
    mineHash ??= await repeatHash();
    const started = Date.now();
    let row: IdemRow | null = claimed.row;
    while (row && row.status === null && Date.now() - started < WAIT_MS) {
      if (row.requestHash && row.requestHash !== mineHash) break;
      await sleep(100);
      row = await store.find(db, userId, key);
    }
    // The first request failed and freed the key: this one tries in its place.
    if (!row) continue;
    if (row.requestHash && row.requestHash !== mineHash) throw new ApiFailure('idempotencyMismatch');
    if (row.status !== null) return { status: row.status, body: row.response };
    // Its video was made before the request stopped answering (a crash): that is the answer.
    if (row.workId) return bound(row.workId);
    if (Date.now() - row.createdAt.getTime() > STALE_MS) {
      await store.forget(db, row.id);
      continue;
    }
    throw new ApiFailure('idempotencyInProgress');
  }
}
