import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { multiScenes } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { SCENE_STATUS } from './labels.js';

export type SceneRow = typeof multiScenes.$inferSelect;
export type NewSceneRow = typeof multiScenes.$inferInsert;

/** The scenes of multi-scene works (this module's own table). */
export const scenesRepo = {
  async insertMany(tx: Db, rows: NewSceneRow[]): Promise<SceneRow[]> {
    return tx.insert(multiScenes).values(rows).returning();
  },
  async find(db: Db, id: number): Promise<SceneRow | null> {
    const [row] = await db.select().from(multiScenes).where(eq(multiScenes.id, id)).limit(1);
    return row ?? null;
  },
  async ofWork(db: Db, workId: number): Promise<SceneRow[]> {
    return db.select().from(multiScenes).where(eq(multiScenes.workId, workId)).orderBy(asc(multiScenes.position));
  },
  async set(db: Db, id: number, set: Partial<NewSceneRow>): Promise<void> {
    await db
      .update(multiScenes)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(multiScenes.id, id));
  },
  /**
   * Marks a scene done and tells whether it was the last one. The work's scenes are locked first, so
   * of two scenes landing together exactly one sees none left and starts the join.
   */
  async landed(
    db: Db,
    scene: SceneRow,
    set: Partial<NewSceneRow>,
  ): Promise<{ last: boolean; done: number; total: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${multiScenes} where ${multiScenes.workId} = ${scene.workId} for update`);
      const changed = await tx
        .update(multiScenes)
        .set({ ...set, status: SCENE_STATUS.done, updatedAt: new Date() })
        .where(and(eq(multiScenes.id, scene.id), ne(multiScenes.status, SCENE_STATUS.done)))
        .returning({ id: multiScenes.id });
      const all = await tx
        .select({ status: multiScenes.status })
        .from(multiScenes)
        .where(eq(multiScenes.workId, scene.workId));
      const done = all.filter((s) => s.status === SCENE_STATUS.done).length;
      return { last: changed.length > 0 && done === all.length, done, total: all.length };
    });
  },
  /**
   * With its work failed, the scenes not yet done are failed too: none stays queued for a render slot
   * (a queued scene keeps its place in the engine's line).
   */
  async failUnfinished(tx: Db, workId: number): Promise<void> {
    await tx
      .update(multiScenes)
      .set({ status: SCENE_STATUS.failed, leaseUntil: null, updatedAt: new Date() })
      .where(
        and(eq(multiScenes.workId, workId), inArray(multiScenes.status, [SCENE_STATUS.queued, SCENE_STATUS.rendering])),
      );
  },
  /** Scenes whose jobs a restart re-sends: of unfinished works, not yet done. */
  async unfinishedOf(db: Db, workIds: number[]): Promise<SceneRow[]> {
    if (workIds.length === 0) return [];
    const rows = await db.select().from(multiScenes).where(ne(multiScenes.status, SCENE_STATUS.done));
    const ids = new Set(workIds);
    return rows.filter((r) => ids.has(r.workId));
  },
};
