import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { talkingChunks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS } from '../works/index.js';

export type ChunkRow = typeof talkingChunks.$inferSelect;

/** Chunk status values: the works' own, so the chunks share the works' engine slots and line. */
export const CHUNK_STATUS = {
  queued: WORK_STATUS.queued,
  rendering: WORK_STATUS.rendering,
  done: WORK_STATUS.done,
  failed: WORK_STATUS.failed,
} as const;

/** A range of a video's output frames. */
export interface FrameRange {
  start: number;
  frames: number;
}

/** Energy is measured over windows of 20 ms; a cut goes in the middle of the quietest 100 ms. */
const WINDOW_SECONDS = 0.02;
const QUIET_WINDOWS = 5;

/**
 * Where a long speech track is cut into chunks of about `chunkSeconds`: each cut in the quietest
 * 100 ms (a pause between sentences, or the softest moment) within a quarter of a chunk of where an even
 * split would put it. Cuts are found on the samples and turned into output frames at `fps`, so the
 * chunks' frames follow one another and sum to `totalFrames` (the whole render's).
 */
export function planChunks(
  samples: Int16Array,
  rate: number,
  fps: number,
  totalFrames: number,
  chunkSeconds: number,
): FrameRange[] {
  const seconds = totalFrames / fps;
  const count = Math.max(1, Math.round(seconds / chunkSeconds));
  if (count < 2) return [{ start: 0, frames: totalFrames }];
  const hop = Math.max(1, Math.round(rate * WINDOW_SECONDS));
  const windows = Math.ceil(samples.length / hop);
  const energy = new Float64Array(windows);
  for (let w = 0; w < windows; w++) {
    let sum = 0;
    const end = Math.min(samples.length, (w + 1) * hop);
    for (let i = w * hop; i < end; i++) sum += samples[i]! * samples[i]!;
    energy[w] = sum;
  }
  const quiet = (w: number) => {
    let sum = 0;
    for (let k = w; k < w + QUIET_WINDOWS; k++) sum += energy[k] ?? 0;
    return sum;
  };
  const each = seconds / count;
  const cuts: number[] = [];
  for (let k = 1; k < count; k++) {
    const from = Math.max(0, Math.floor(((k - 0.25) * each) / WINDOW_SECONDS));
    const to = Math.min(windows - QUIET_WINDOWS, Math.ceil(((k + 0.25) * each) / WINDOW_SECONDS));
    let best = Math.round((k * each) / WINDOW_SECONDS);
    let least = Infinity;
    for (let w = from; w <= to; w++) {
      const e = quiet(w);
      if (e < least) [least, best] = [e, w];
    }
    // The sample at the middle of the quiet stretch, then the output frame it falls on.
    const sample = (best + QUIET_WINDOWS / 2) * hop;
    cuts.push(Math.round((sample / rate) * fps));
  }
  const ranges: FrameRange[] = [];
  let start = 0;
  for (const cut of [...cuts, totalFrames]) {
    const at = Math.min(totalFrames, Math.max(cut, start + 1));
    if (at > start) ranges.push({ start, frames: at - start });
    start = at;
  }
  return ranges;
}

/** The chunks of long talking videos (this module's own table). */
export const chunksRepo = {
  async find(db: Db, id: number): Promise<ChunkRow | null> {
    const [row] = await db.select().from(talkingChunks).where(eq(talkingChunks.id, id)).limit(1);
    return row ?? null;
  },
  async ofWork(db: Db, workId: number): Promise<ChunkRow[]> {
    return db.select().from(talkingChunks).where(eq(talkingChunks.workId, workId)).orderBy(asc(talkingChunks.position));
  },
  /** The work's chunks, made once: a second plan of the same work (a resumed job) keeps the first. */
  async plan(db: Db, work: { id: number; createdAt: Date; engine: string }, ranges: FrameRange[]): Promise<ChunkRow[]> {
    await db
      .insert(talkingChunks)
      .values(
        ranges.map((r, position) => ({
          workId: work.id,
          position,
          startFrame: r.start,
          frames: r.frames,
          engine: work.engine,
          // The chunks keep the work's place in its engine's line.
          createdAt: work.createdAt,
        })),
      )
      .onConflictDoNothing();
    return this.ofWork(db, work.id);
  },
  async set(db: Db, id: number, set: Partial<typeof talkingChunks.$inferInsert>): Promise<void> {
    await db
      .update(talkingChunks)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(talkingChunks.id, id));
  },
  /**
   * Marks a chunk done and tells whether it was the last one. The work's chunks are locked first, so
   * of two chunks landing together exactly one sees none left and sends the join.
   */
  async landed(db: Db, chunk: ChunkRow, clipKey: string): Promise<{ last: boolean; done: number; total: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${talkingChunks} where ${talkingChunks.workId} = ${chunk.workId} for update`);
      const changed = await tx
        .update(talkingChunks)
        .set({ clipKey, status: CHUNK_STATUS.done, progress: 100, leaseUntil: null, updatedAt: new Date() })
        .where(and(eq(talkingChunks.id, chunk.id), ne(talkingChunks.status, CHUNK_STATUS.done)))
        .returning({ id: talkingChunks.id });
      const all = await tx
        .select({ status: talkingChunks.status })
        .from(talkingChunks)
        .where(eq(talkingChunks.workId, chunk.workId));
      const done = all.filter((c) => c.status === CHUNK_STATUS.done).length;
      return { last: changed.length > 0 && done === all.length, done, total: all.length };
    });
  },
  /** With its work failed, its chunks not yet done are failed too: none keeps a place in the engine's line. */
  async failUnfinished(tx: Db, workId: number): Promise<void> {
    await tx
      .update(talkingChunks)
      .set({ status: CHUNK_STATUS.failed, leaseUntil: null, updatedAt: new Date() })
      .where(
        and(
          eq(talkingChunks.workId, workId),
          inArray(talkingChunks.status, [CHUNK_STATUS.queued, CHUNK_STATUS.rendering]),
        ),
      );
  },
  /**
   * The work's progress from its chunks' own (renders between `from` and `to` percent of the whole), never
   * going back: each chunk counts for its share, a running one for what it has rendered so far.
   */
  async spreadProgress(db: Db, workId: number, from: number, to: number): Promise<void> {
    await db.execute(sql`update works set progress = greatest(progress, (
        select ${from} + floor(${to - from} * sum(c.progress) / (100.0 * count(*)))::int
        from ${talkingChunks} c where c.work_id = ${workId})), updated_at = now()
      where id = ${workId} and status = ${WORK_STATUS.rendering}`);
  },
};
