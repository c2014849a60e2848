import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { batchRows, batches } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type BatchRow = typeof batches.$inferSelect;
export type BatchRowRecord = typeof batchRows.$inferSelect;

/** Batches and their rows: which work each row became, or why it could not be made. */
export const batchRepo = {
  async create(db: Db, userId: number, name: string, fingerprint: string): Promise<BatchRow> {
    const [row] = await db.insert(batches).values({ userId, name, fingerprint }).returning();
    if (!row) throw new Error('batch insert returned nothing');
    return row;
  },
  /** The caller's batch made from the same rows within `seconds` (the same sheet sent twice at once). */
  async recentSame(db: Db, userId: number, fingerprint: string, seconds: number): Promise<BatchRow | null> {
    const [row] = await db
      .select()
      .from(batches)
      .where(
        and(
          eq(batches.userId, userId),
          eq(batches.fingerprint, fingerprint),
          gt(batches.createdAt, sql`now() - make_interval(secs => ${seconds}::int)`),
        ),
      )
      .orderBy(desc(batches.id))
      .limit(1);
    return row ?? null;
  },
  /** Records a row; a row already recorded (in the work's own transaction) is kept as it is. */
  async addRow(db: Db, r: { batchId: number; rowNo: number; name: string; workId?: number; error?: string }) {
    await db
      .insert(batchRows)
      .values({ batchId: r.batchId, rowNo: r.rowNo, name: r.name, workId: r.workId ?? null, error: r.error ?? null })
      .onConflictDoNothing();
  },
  async findOwn(db: Db, userId: number, id: number): Promise<BatchRow | null> {
    const [row] = await db
      .select()
      .from(batches)
      .where(and(eq(batches.id, id), eq(batches.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  async page(db: Db, userId: number, page: number, limit: number): Promise<{ rows: BatchRow[]; total: number }> {
    const base = db.select().from(batches).where(eq(batches.userId, userId)).orderBy(desc(batches.id));
    const rows = limit > 0 ? await base.limit(limit).offset((page - 1) * limit) : await base;
    const [c] = await db.select({ n: count() }).from(batches).where(eq(batches.userId, userId));
    return { rows, total: c?.n ?? 0 };
  },
  async rowsOf(db: Db, batchIds: number[]): Promise<BatchRowRecord[]> {
    if (!batchIds.length) return [];
    return db.select().from(batchRows).where(inArray(batchRows.batchId, batchIds)).orderBy(asc(batchRows.rowNo));
  },
};
