import { and, count, desc, eq } from 'drizzle-orm';
import { viralCopies, viralProjects, viralRuns } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type ProjectRow = typeof viralProjects.$inferSelect;
export type CopyRow = typeof viralCopies.$inferSelect;
export type RunRow = typeof viralRuns.$inferSelect;

/** The viral tools' own tables: analyses (projects), generated copy (trace) and one-click video runs. */
export const viralRepo = {
  async insertProject(db: Db, v: typeof viralProjects.$inferInsert): Promise<ProjectRow> {
    const [row] = await db.insert(viralProjects).values(v).returning();
    if (!row) throw new Error('viral project insert returned nothing');
    return row;
  },
  async project(db: Db, id: number): Promise<ProjectRow | null> {
    const [row] = await db.select().from(viralProjects).where(eq(viralProjects.id, id));
    return row ?? null;
  },
  async ownedProject(db: Db, userId: number, id: number): Promise<ProjectRow | null> {
    const [row] = await db
      .select()
      .from(viralProjects)
      .where(and(eq(viralProjects.id, id), eq(viralProjects.userId, userId)));
    return row ?? null;
  },
  async projects(db: Db, userId: number, f: { page: number; limit: number; id?: number }) {
    const cond = and(eq(viralProjects.userId, userId), f.id ? eq(viralProjects.id, f.id) : undefined);
    const q = db.select().from(viralProjects).where(cond).orderBy(desc(viralProjects.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(viralProjects).where(cond);
    return { rows, total: total?.n ?? 0 };
  },
  /** Writes a running project's progress; false when it is gone or no longer running. */
  async updateRunning(db: Db, id: number, set: Partial<ProjectRow>): Promise<boolean> {
    const rows = await db
      .update(viralProjects)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(viralProjects.id, id), eq(viralProjects.status, 1)))
      .returning({ id: viralProjects.id });
    return rows.length > 0;
  },
  runningIds: async (db: Db) =>
    (await db.select({ id: viralProjects.id }).from(viralProjects).where(eq(viralProjects.status, 1))).map((r) => r.id),
  async removeProject(db: Db, userId: number, id: number): Promise<ProjectRow | null> {
    const [row] = await db
      .delete(viralProjects)
      .where(and(eq(viralProjects.id, id), eq(viralProjects.userId, userId)))
      .returning();
    return row ?? null;
  },

  async insertCopy(db: Db, v: typeof viralCopies.$inferInsert): Promise<CopyRow> {
    const [row] = await db.insert(viralCopies).values(v).returning();
    if (!row) throw new Error('viral copy insert returned nothing');
    return row;
  },
  async copies(db: Db, userId: number, f: { page: number; limit: number; kind?: string }) {
    const cond = and(eq(viralCopies.userId, userId), f.kind ? eq(viralCopies.kind, f.kind) : undefined);
    const q = db.select().from(viralCopies).where(cond).orderBy(desc(viralCopies.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(viralCopies).where(cond);
    return { rows, total: total?.n ?? 0 };
  },
  async removeCopy(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(viralCopies)
      .where(and(eq(viralCopies.id, id), eq(viralCopies.userId, userId)))
      .returning({ id: viralCopies.id });
    return rows.length > 0;
  },

  async insertRun(db: Db, v: typeof viralRuns.$inferInsert): Promise<RunRow> {
    const [row] = await db.insert(viralRuns).values(v).returning();
    if (!row) throw new Error('viral run insert returned nothing');
    return row;
  },
  async ownedRun(db: Db, userId: number, id: number): Promise<RunRow | null> {
    const [row] = await db
      .select()
      .from(viralRuns)
      .where(and(eq(viralRuns.id, id), eq(viralRuns.userId, userId)));
    return row ?? null;
  },
  async runs(db: Db, userId: number, f: { page: number; limit: number; id?: number }) {
    const cond = and(eq(viralRuns.userId, userId), f.id ? eq(viralRuns.id, f.id) : undefined);
    const q = db.select().from(viralRuns).where(cond).orderBy(desc(viralRuns.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(viralRuns).where(cond);
    return { rows, total: total?.n ?? 0 };
  },
  async updateRun(db: Db, id: number, set: Partial<RunRow>): Promise<void> {
    await db
      .update(viralRuns)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(viralRuns.id, id));
  },
  async removeRun(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(viralRuns)
      .where(and(eq(viralRuns.id, id), eq(viralRuns.userId, userId)))
      .returning({ id: viralRuns.id });
    return rows.length > 0;
  },
};
