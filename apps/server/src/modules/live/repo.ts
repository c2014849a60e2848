import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { liveFallbacks, liveQas } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type LiveQaRow = typeof liveQas.$inferSelect;

/** The live Q&A library: each entry and the fallback answer belong to one user. */
export const liveRepo = {
  async page(db: Db, userId: number, page: number, limit: number) {
    const list = await db
      .select()
      .from(liveQas)
      .where(eq(liveQas.userId, userId))
      .orderBy(desc(liveQas.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await db.select({ n: count() }).from(liveQas).where(eq(liveQas.userId, userId));
    return { list, total: total?.n ?? 0 };
  },
  /** Every entry of the user's library: what a question is matched against. */
  all(db: Db, userId: number): Promise<LiveQaRow[]> {
    return db.select().from(liveQas).where(eq(liveQas.userId, userId));
  },
  /** What changes whenever the library does: its size and its latest change (a deletion lowers the size). */
  async stamp(db: Db, userId: number): Promise<string> {
    const [row] = await db
      .select({ n: count(), at: max(liveQas.updatedAt), top: max(liveQas.id) })
      .from(liveQas)
      .where(eq(liveQas.userId, userId));
    return `${row?.n ?? 0}:${row?.top ?? 0}:${row?.at?.getTime() ?? 0}`;
  },
  async count(db: Db, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(liveQas).where(eq(liveQas.userId, userId));
    return row?.n ?? 0;
  },
  async create(db: Db, userId: number, questions: string[], answer: string): Promise<LiveQaRow> {
    const [row] = await db.insert(liveQas).values({ userId, questions, answer }).returning();
    if (!row) throw new Error('live qa insert returned nothing');
    return row;
  },
  /** Changes the entry only when it is the user's; null otherwise. */
  async update(db: Db, userId: number, id: number, questions: string[], answer: string) {
    const [row] = await db
      .update(liveQas)
      .set({ questions, answer, updatedAt: sql`now()` })
      .where(and(eq(liveQas.id, id), eq(liveQas.userId, userId)))
      .returning();
    return row ?? null;
  },
  async remove(db: Db, userId: number, id: number): Promise<boolean> {
    const gone = await db
      .delete(liveQas)
      .where(and(eq(liveQas.id, id), eq(liveQas.userId, userId)))
      .returning({ id: liveQas.id });
    return gone.length > 0;
  },
  async fallback(db: Db, userId: number): Promise<string | null> {
    const [row] = await db.select().from(liveFallbacks).where(eq(liveFallbacks.userId, userId));
    return row?.answer ?? null;
  },
  /** Sets the user's fallback; an empty one goes back to the default. */
  async setFallback(db: Db, userId: number, answer: string) {
    if (!answer) {
      await db.delete(liveFallbacks).where(eq(liveFallbacks.userId, userId));
      return;
    }
    await db
      .insert(liveFallbacks)
      .values({ userId, answer })
      .onConflictDoUpdate({ target: liveFallbacks.userId, set: { answer } });
  },
};
