import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { analyseRecords } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type AnalyseRow = typeof analyseRecords.$inferSelect;
export type AnalyseKind = 'video' | 'audio';

/** Extraction records; every user-facing lookup includes the owner. */
export const analyseRepo = {
  async list(
    db: Db,
    userId: number,
    kind: AnalyseKind,
    f: { status?: number; page: number; limit: number },
  ): Promise<{ rows: AnalyseRow[]; total: number }> {
    const where: SQL[] = [eq(analyseRecords.userId, userId), eq(analyseRecords.kind, kind)];
    if (f.status) where.push(eq(analyseRecords.status, f.status));
    const cond = and(...where);
    const q = db.select().from(analyseRecords).where(cond).orderBy(desc(analyseRecords.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(analyseRecords).where(cond);
    return { rows, total: total?.n ?? 0 };
  },

  /** Stored cover keys of the caller's records among `ids` (those without a cover are left out). */
  async coverKeys(db: Db, userId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: analyseRecords.id, coverKey: analyseRecords.coverKey })
      .from(analyseRecords)
      .where(and(eq(analyseRecords.userId, userId), inArray(analyseRecords.id, ids)));
    return new Map(rows.filter((r) => r.coverKey).map((r) => [r.id, r.coverKey]));
  },
  async findOwned(db: Db, userId: number, id: number, kind?: AnalyseKind): Promise<AnalyseRow | null> {
    const where = [eq(analyseRecords.id, id), eq(analyseRecords.userId, userId)];
    if (kind) where.push(eq(analyseRecords.kind, kind));
    const [row] = await db
      .select()
      .from(analyseRecords)
      .where(and(...where))
      .limit(1);
    return row ?? null;
  },

  async byId(db: Db, id: number): Promise<AnalyseRow | null> {
    const [row] = await db.select().from(analyseRecords).where(eq(analyseRecords.id, id)).limit(1);
    return row ?? null;
  },

  /** Free extractions of the day still counting: succeeded, or running (a failed one gives its place back). */
  async freeUsedSince(db: Db, userId: number, kind: AnalyseKind, since: Date): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(analyseRecords)
      .where(
        and(
          eq(analyseRecords.userId, userId),
          eq(analyseRecords.kind, kind),
          eq(analyseRecords.free, 1),
          inArray(analyseRecords.status, [1, 3]),
          gte(analyseRecords.createdAt, since),
        ),
      );
    return r?.n ?? 0;
  },

  async processingCount(db: Db, userId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(analyseRecords)
      .where(and(eq(analyseRecords.userId, userId), eq(analyseRecords.status, 1)));
    return r?.n ?? 0;
  },

  /** The user's record of the same source still processing, made within the last `windowSeconds` (a double click). */
  async sameProcessing(
    db: Db,
    userId: number,
    kind: AnalyseKind,
    source: { link: string; sourceFileId: number | null },
    windowSeconds: number,
  ): Promise<AnalyseRow | null> {
    const [row] = await db
      .select()
      .from(analyseRecords)
      .where(
        and(
          eq(analyseRecords.userId, userId),
          eq(analyseRecords.kind, kind),
          eq(analyseRecords.status, 1),
          eq(analyseRecords.link, source.link),
          source.sourceFileId === null
            ? sql`${analyseRecords.sourceFileId} is null`
            : eq(analyseRecords.sourceFileId, source.sourceFileId),
          gte(analyseRecords.createdAt, sql`now() - make_interval(secs => ${windowSeconds}::int)`),
        ),
      )
      .orderBy(desc(analyseRecords.id))
      .limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: typeof analyseRecords.$inferInsert): Promise<AnalyseRow> {
    const [row] = await db.insert(analyseRecords).values(values).returning();
    if (!row) throw new Error('analyse record insert returned nothing');
    return row;
  },

  /** Success, once: only a record still processing changes. */
  async succeed(
    db: Db,
    id: number,
    v: Pick<AnalyseRow, 'fileId' | 'coverKey' | 'size' | 'duration' | 'description' | 'resolver' | 'creditsCharged'>,
  ): Promise<boolean> {
    const rows = await db
      .update(analyseRecords)
      .set({ ...v, status: 3, finishedAt: sql`now()` })
      .where(and(eq(analyseRecords.id, id), eq(analyseRecords.status, 1)))
      .returning({ id: analyseRecords.id });
    return rows.length > 0;
  },

  async fail(db: Db, id: number, reason: string): Promise<boolean> {
    const rows = await db
      .update(analyseRecords)
      .set({ status: 4, failReason: reason.slice(0, 255), finishedAt: sql`now()` })
      .where(and(eq(analyseRecords.id, id), eq(analyseRecords.status, 1)))
      .returning({ id: analyseRecords.id });
    return rows.length > 0;
  },

  async remove(db: Db, id: number): Promise<void> {
    await db.delete(analyseRecords).where(eq(analyseRecords.id, id));
  },

  async processingIds(db: Db): Promise<number[]> {
    const rows = await db.select({ id: analyseRecords.id }).from(analyseRecords).where(eq(analyseRecords.status, 1));
    return rows.map((r) => r.id);
  },
};
