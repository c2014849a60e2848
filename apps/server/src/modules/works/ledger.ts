import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS } from './labels.js';
import type { NewWorkRow, WorkRow } from './repo.js';

/** What a producer writes when it opens a work: the gallery's fields, its kind and its own params. */
export type OpenWork = Omit<NewWorkRow, 'id' | 'status' | 'createdAt' | 'updatedAt' | 'finishedAt'> & {
  kind: string;
  params: Record<string, unknown>;
};

/** The shared fields a running producer may record besides its params. */
export type WorkProgress = Partial<Pick<NewWorkRow, 'engineTaskId' | 'videoKey' | 'coverKey' | 'progress'>>;

/** The result a finished work shows in the gallery. */
export interface WorkFacts {
  duration: number;
  creditsCharged: number;
  storedBytes: number;
}

const live = inArray(works.status, [WORK_STATUS.queued, WORK_STATUS.rendering]);

/** Ends an unfinished work once; false when it had already ended (a second run changes nothing). */
async function end(db: Db, id: number, set: Partial<NewWorkRow>): Promise<boolean> {
  const rows = await db
    .update(works)
    .set({ ...set, leaseUntil: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(works.id, id), live))
    .returning({ id: works.id });
  return rows.length > 0;
}

/**
 * How producers write their works: open one (in the transaction that holds its price), record
 * progress and step outputs, and end it exactly once, done or failed. The gallery reads the rest.
 */
export const workLedger = {
  async open(tx: Db, row: OpenWork): Promise<WorkRow> {
    const [created] = await tx
      .insert(works)
      .values({ ...row, status: WORK_STATUS.queued })
      .returning();
    if (!created) throw new Error('work insert returned nothing');
    return created;
  },
  /**
   * The user's work made from the same submission within the last `windowSeconds` (a double click,
   * a resent request); call it after locking the account row, so identical submissions serialise.
   */
  async sameSubmission(db: Db, userId: number, submission: string, windowSeconds: number): Promise<WorkRow | null> {
    const [row] = await db
      .select()
      .from(works)
      .where(
        and(
          eq(works.userId, userId),
          eq(works.submission, submission),
          // Only one still queued or rendering: a finished or failed work is never handed back for a new order.
          live,
          gt(works.createdAt, sql`now() - make_interval(secs => ${windowSeconds}::int)`),
        ),
      )
      .orderBy(desc(works.id))
      .limit(1);
    return row ?? null;
  },
  /** Several works by id, in no particular order (those that no longer exist are left out). */
  async findMany(db: Db, ids: number[]): Promise<WorkRow[]> {
    return ids.length ? db.select().from(works).where(inArray(works.id, ids)) : [];
  },
  async find(db: Db, id: number, kind?: string): Promise<WorkRow | null> {
    const [row] = await db
      .select()
      .from(works)
      .where(and(eq(works.id, id), kind ? eq(works.kind, kind) : undefined))
      .limit(1);
    return row ?? null;
  },
  /** Records shared fields and merges `params` into the producer's params (its step outputs). */
  async progress(db: Db, id: number, o: { set?: WorkProgress; params?: Record<string, unknown> }): Promise<void> {
    await db
      .update(works)
      .set({
        ...o.set,
        ...(o.params ? { params: sql`${works.params} || ${JSON.stringify(o.params)}::jsonb` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(works.id, id));
  },
  /**
   * Rendering (status 2) for a producer that runs without an engine slot (its parts hold none, e.g. the
   * scenes of a multi-scene work): the list says 生成中 and the work stops counting as waiting in a queue.
   */
  async started(db: Db, id: number): Promise<void> {
    await db
      .update(works)
      .set({ status: WORK_STATUS.rendering, updatedAt: new Date() })
      .where(and(eq(works.id, id), eq(works.status, WORK_STATUS.queued)));
  },
  /** Done, with what was made and charged; false when the work had already ended. */
  finish: (tx: Db, id: number, facts: WorkFacts): Promise<boolean> =>
    end(tx, id, { ...facts, status: WORK_STATUS.done, progress: 100 }),
  /** Failed, with the reason the user reads; nothing is charged. */
  fail: (tx: Db, id: number, reason: string): Promise<boolean> =>
    end(tx, id, { status: WORK_STATUS.failed, failReason: reason, creditsCharged: 0 }),
  /** The unfinished work following a remote engine task (a callback's check). */
  async findLiveByTask(db: Db, engine: string, taskId: string): Promise<WorkRow | null> {
    const [row] = await db
      .select()
      .from(works)
      .where(and(eq(works.engine, engine), eq(works.engineTaskId, taskId), live))
      .limit(1);
    return row ?? null;
  },
  /** Unfinished works submitted before engines were recorded get the engine their channel maps to now. */
  async fillEngine(db: Db, kind: string, channel: string, engine: string): Promise<void> {
    await db
      .update(works)
      .set({ engine })
      .where(and(eq(works.kind, kind), eq(works.channel, channel), eq(works.engine, ''), live));
  },
  /** A producer's unfinished works, whose jobs it re-sends at start. */
  async unfinishedIds(db: Db, kind: string): Promise<number[]> {
    const rows = await db
      .select({ id: works.id })
      .from(works)
      .where(and(eq(works.kind, kind), live));
    return rows.map((r) => r.id);
  },
  /** One user's works of one producer, newest first (a producer's own list, e.g. the translation list). */
  async pageOfKind(
    db: Db,
    userId: number,
    kind: string,
    page: number,
    limit: number,
  ): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(eq(works.userId, userId), eq(works.kind, kind));
    const base = db.select().from(works).where(where).orderBy(desc(works.id));
    const rows = limit > 0 ? await base.limit(limit).offset((page - 1) * limit) : await base;
    const [c] = await db.select({ n: count() }).from(works).where(where);
    return { rows, total: c?.n ?? 0 };
  },

  /** One user's works of the given kinds, newest first, only those older than `beforeId` when set (keyset paging). */
  async ownedBefore(
    db: Db,
    userId: number,
    kinds: string[],
    beforeId: number | null,
    limit: number,
  ): Promise<WorkRow[]> {
    return db
      .select()
      .from(works)
      .where(and(eq(works.userId, userId), inArray(works.kind, kinds), beforeId ? lt(works.id, beforeId) : undefined))
      .orderBy(desc(works.id))
      .limit(limit);
  },

  /** Whether an unfinished work of `kind` still renders from the stored object `key` (its `params[field]`). */
  async unfinishedUses(db: Db, kind: string, field: string, key: string): Promise<boolean> {
    const [row] = await db
      .select({ id: works.id })
      .from(works)
      .where(and(eq(works.kind, kind), live, sql`${works.params}->>${field} = ${key}`))
      .limit(1);
    return Boolean(row);
  },
  /** Works in progress per engine: the queue length each channel shows. */
  async liveByEngine(db: Db): Promise<Map<string, number>> {
    const rows = await db.select({ engine: works.engine, n: count() }).from(works).where(live).groupBy(works.engine);
    return new Map(rows.map((r) => [r.engine, r.n]));
  },
};

export type WorkLedger = typeof workLedger;
