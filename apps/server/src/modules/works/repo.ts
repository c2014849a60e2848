import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { WORK_STATUS } from './labels.js';

export type WorkRow = typeof works.$inferSelect;
export type NewWorkRow = typeof works.$inferInsert;

export interface WorkListQuery {
  userId: number;
  page: number;
  limit: number;
  status?: number;
  name?: string;
  isMulti?: number;
  onlyAudio?: number;
  photoType?: number;
  type?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(q: WorkListQuery): SQL | undefined {
  return and(
    eq(works.userId, q.userId),
    q.status ? eq(works.status, q.status) : undefined,
    q.name ? ilike(works.name, `%${escapeLike(q.name)}%`) : undefined,
    q.isMulti !== undefined ? eq(works.isMulti, q.isMulti) : undefined,
    q.onlyAudio !== undefined ? eq(works.onlyAudio, q.onlyAudio) : undefined,
    q.photoType !== undefined ? eq(works.photoType, q.photoType) : undefined,
    q.type !== undefined ? eq(works.type, q.type) : undefined,
  );
}

const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`;

export const worksRepo = {
  /** A page of the list, each row with its `queuePosition` (an SQL expression over the works row). */
  async page(db: Db, q: WorkListQuery, queuePosition: SQL<number>) {
    const base = db.select({ work: works, queuePosition }).from(works).where(listWhere(q)).orderBy(desc(works.id));
    const rows = q.limit > 0 ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
    const [c] = await db.select({ n: count() }).from(works).where(listWhere(q));
    return { rows, total: c?.n ?? 0 };
  },
  /** Per-tab counts of the works page and the number still in progress. */
  async counts(db: Db, userId: number) {
    const [row] = await db
      .select({
        video: n(sql`${works.isMulti} = 0 and ${works.photoType} = 0 and ${works.type} <> 'fy'`),
        pet: n(sql`${works.isMulti} = 0 and ${works.photoType} = 2`),
        photo: n(sql`${works.isMulti} = 0 and ${works.photoType} = 1`),
        translate: n(sql`${works.type} = 'fy'`),
        multi_video: n(sql`${works.isMulti} = 1 and ${works.onlyAudio} = 0`),
        multi_audio: n(sql`${works.isMulti} = 1 and ${works.onlyAudio} = 1`),
        generate: n(sql`${works.status} in (${WORK_STATUS.queued}, ${WORK_STATUS.rendering})`),
      })
      .from(works)
      .where(eq(works.userId, userId));
    return row ?? { video: 0, pet: 0, photo: 0, translate: 0, multi_video: 0, multi_audio: 0, generate: 0 };
  },
  async find(db: Db, id: number): Promise<WorkRow | null> {
    const [row] = await db.select().from(works).where(eq(works.id, id)).limit(1);
    return row ?? null;
  },
  async rename(db: Db, id: number, name: string): Promise<void> {
    await db.update(works).set({ name, updatedAt: new Date() }).where(eq(works.id, id));
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(works).where(eq(works.id, id));
  },
};
