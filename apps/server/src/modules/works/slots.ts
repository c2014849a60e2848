import { and, count, eq, gt, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS } from './labels.js';

const live = [WORK_STATUS.queued, WORK_STATUS.rendering];
const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::int)`;

/** An engine's render slots, shared by every channel mapped to it (ou and df may both be one Duix). */
export interface EngineSlots {
  id: string;
  max: number;
}

/** 'taken': render now; 'wait': come back later (slots full or earlier works first); 'gone': nothing to do. */
export type SlotAnswer = 'taken' | 'wait' | 'gone';

/**
 * Takes one of the engine's `max` render slots for a work, across every process sharing the
 * database. Claims are serialised per engine by a transaction-scoped advisory lock; a slot is a
 * work of that engine in status 2 whose lease holds. Waiting works are served strictly in submit
 * order: a work gets a slot only when fewer works submitted before it are waiting than slots are
 * free. A work re-taking its own slot (the same job after a restart, or any job once the lease
 * lapsed) does not count against itself; a second job for a work another live job renders is 'gone'.
 */
export async function takeEngineSlot(
  db: Db,
  work: { id: number },
  engine: EngineSlots,
  jobId: string,
  leaseSeconds: number,
): Promise<SlotAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`work-engine:${engine.id}`}))`);
    const [me] = await tx
      .select({
        status: works.status,
        engine: works.engine,
        createdAt: works.createdAt,
        renderJob: works.renderJob,
        held: sql<boolean>`coalesce(${works.leaseUntil} > now(), false)`,
      })
      .from(works)
      .where(eq(works.id, work.id));
    if (!me || !(live as number[]).includes(me.status)) return 'gone';
    if (me.status === WORK_STATUS.rendering && me.held && me.renderJob && me.renderJob !== jobId) return 'gone';
    // The engine is recorded at submit; it changes only when the channel was mapped to another engine since.
    if (me.engine !== engine.id) await tx.update(works).set({ engine: engine.id }).where(eq(works.id, work.id));
    const [busy] = await tx
      .select({ n: count() })
      .from(works)
      .where(
        and(
          eq(works.engine, engine.id),
          eq(works.status, WORK_STATUS.rendering),
          ne(works.id, work.id),
          gt(works.leaseUntil, sql`now()`),
        ),
      );
    const free = engine.max - (busy?.n ?? 0);
    if (free <= 0) return 'wait';
    if (me.status === WORK_STATUS.queued) {
      const [ahead] = await tx
        .select({ n: count() })
        .from(works)
        .where(
          and(
            eq(works.engine, engine.id),
            eq(works.status, WORK_STATUS.queued),
            sql`(${works.createdAt}, ${works.id}) < (${me.createdAt}, ${work.id})`,
          ),
        );
      if ((ahead?.n ?? 0) >= free) return 'wait';
    }
    await tx
      .update(works)
      .set({
        status: WORK_STATUS.rendering,
        renderJob: jobId,
        leaseUntil: leaseFor(leaseSeconds),
        updatedAt: new Date(),
      })
      .where(eq(works.id, work.id));
    return 'taken';
  });
}

/** Renews the lease of a work this job renders and records progress; called every few seconds. */
export async function renewLease(db: Db, workId: number, progress: number, leaseSeconds: number): Promise<void> {
  await db
    .update(works)
    .set({ leaseUntil: leaseFor(leaseSeconds), progress })
    .where(and(eq(works.id, workId), eq(works.status, WORK_STATUS.rendering)));
}

/** Unfinished works whose job stopped renewing its lease (its process died). */
export async function lapsedWorkIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: works.id })
    .from(works)
    .where(and(inArray(works.status, live), or(isNull(works.leaseUntil), lt(works.leaseUntil, sql`now()`))));
  return rows.map((r) => r.id);
}
