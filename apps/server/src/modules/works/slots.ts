import { and, count, eq, gt, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS } from './labels.js';

const live = [WORK_STATUS.queued, WORK_STATUS.rendering];
const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::int)`;

/** An engine's render slots, shared by every channel mapped to it (ou and df may both be one Duix). */
export interface EngineSlots {
  id: string;
  channels: string[];
  max: number;
}

/**
 * Takes one of the engine's `max` render slots for a work, across every process sharing the
 * database: claims are serialised per channel by a transaction-scoped advisory lock, and a slot is
 * a work in status 2 whose lease has not lapsed. A work re-taking its own slot after a restart
 * does not count against itself.
 */
export async function takeChannelSlot(
  db: Db,
  work: { id: number },
  engine: EngineSlots,
  leaseSeconds: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`work-engine:${engine.id}`}))`);
    const [busy] = await tx
      .select({ n: count() })
      .from(works)
      .where(
        and(
          inArray(works.channel, engine.channels),
          eq(works.status, WORK_STATUS.rendering),
          ne(works.id, work.id),
          gt(works.leaseUntil, sql`now()`),
        ),
      );
    if ((busy?.n ?? 0) >= engine.max) return false;
    const taken = await tx
      .update(works)
      .set({ status: WORK_STATUS.rendering, leaseUntil: leaseFor(leaseSeconds), updatedAt: new Date() })
      .where(and(eq(works.id, work.id), inArray(works.status, live)))
      .returning({ id: works.id });
    return taken.length > 0;
  });
}

/** Renews the job's lease (waiting or rendering) and records progress; called every few seconds. */
export async function renewLease(db: Db, workId: number, progress: number, leaseSeconds: number): Promise<void> {
  await db
    .update(works)
    .set({ leaseUntil: leaseFor(leaseSeconds), progress })
    .where(and(eq(works.id, workId), inArray(works.status, live)));
}

/** Unfinished works whose job stopped renewing its lease (its process died). */
export async function lapsedWorkIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: works.id })
    .from(works)
    .where(and(inArray(works.status, live), or(isNull(works.leaseUntil), lt(works.leaseUntil, sql`now()`))));
  return rows.map((r) => r.id);
}
