import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  aiInspirationGroups,
  aiInspirationWords,
  aiMediaRecords,
  aiPrompts,
  aiUserPrompts,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { mediaSlots } from './slots.js';

export type MediaRow = typeof aiMediaRecords.$inferSelect & { queuePosition?: number };
export type MediaKind = 'image' | 'video';
export type PromptKind = 'image' | 'text' | 'image2video';

/** Generation records; every user-facing lookup includes the owner. */
export const mediaRepo = {
  async list(
    db: Db,
    userId: number,
    f: { kind: MediaKind; type: string; page: number; limit: number },
  ): Promise<{ rows: MediaRow[]; total: number }> {
    const cond = and(
      eq(aiMediaRecords.userId, userId),
      eq(aiMediaRecords.kind, f.kind),
      eq(aiMediaRecords.type, f.type),
    );
    const q = db
      .select({ row: aiMediaRecords, queuePosition: mediaSlots.queuePosition() })
      .from(aiMediaRecords)
      .where(cond)
      .orderBy(desc(aiMediaRecords.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(aiMediaRecords).where(cond);
    return { rows: rows.map((r) => ({ ...r.row, queuePosition: Number(r.queuePosition) })), total: total?.n ?? 0 };
  },

  async findOwned(db: Db, userId: number, id: number, kind: MediaKind): Promise<MediaRow | null> {
    const [row] = await db
      .select()
      .from(aiMediaRecords)
      .where(and(eq(aiMediaRecords.id, id), eq(aiMediaRecords.userId, userId), eq(aiMediaRecords.kind, kind)))
      .limit(1);
    return row ?? null;
  },

  async byId(db: Db, id: number): Promise<MediaRow | null> {
    const [row] = await db.select().from(aiMediaRecords).where(eq(aiMediaRecords.id, id)).limit(1);
    return row ?? null;
  },

  async runningCount(db: Db, userId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(aiMediaRecords)
      .where(and(eq(aiMediaRecords.userId, userId), inArray(aiMediaRecords.status, [1, 2])));
    return r?.n ?? 0;
  },

  /** The user's identical order still in flight, made within the last `windowSeconds` (a double click). */
  async sameSubmission(db: Db, userId: number, submission: string, windowSeconds: number): Promise<MediaRow | null> {
    const [row] = await db
      .select()
      .from(aiMediaRecords)
      .where(
        and(
          eq(aiMediaRecords.userId, userId),
          eq(aiMediaRecords.submission, submission),
          inArray(aiMediaRecords.status, [1, 2]),
          gte(aiMediaRecords.createdAt, sql`now() - make_interval(secs => ${windowSeconds}::int)`),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: typeof aiMediaRecords.$inferInsert): Promise<MediaRow> {
    const [row] = await db.insert(aiMediaRecords).values(values).returning();
    if (!row) throw new Error('ai media record insert returned nothing');
    return row;
  },

  async setTask(db: Db, id: number, engineTaskId: string): Promise<void> {
    await db
      .update(aiMediaRecords)
      .set({ engineTaskId, updatedAt: sql`now()` })
      .where(eq(aiMediaRecords.id, id));
  },

  /** Done, once: only a record still waiting or running changes. */
  async succeed(
    db: Db,
    id: number,
    v: Pick<MediaRow, 'resultKeys' | 'coverKey' | 'duration' | 'creditsCharged' | 'storedBytes'>,
  ): Promise<boolean> {
    const rows = await db
      .update(aiMediaRecords)
      .set({ ...v, status: 3, progress: 100, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(aiMediaRecords.id, id), inArray(aiMediaRecords.status, [1, 2])))
      .returning({ id: aiMediaRecords.id });
    return rows.length > 0;
  },

  async fail(db: Db, id: number, reason: string): Promise<boolean> {
    const rows = await db
      .update(aiMediaRecords)
      .set({ status: 4, failReason: reason.slice(0, 255), finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(aiMediaRecords.id, id), inArray(aiMediaRecords.status, [1, 2])))
      .returning({ id: aiMediaRecords.id });
    return rows.length > 0;
  },

  async remove(db: Db, id: number): Promise<void> {
    await db.delete(aiMediaRecords).where(eq(aiMediaRecords.id, id));
  },

  async unfinishedIds(db: Db): Promise<number[]> {
    const rows = await db
      .select({ id: aiMediaRecords.id })
      .from(aiMediaRecords)
      .where(inArray(aiMediaRecords.status, [1, 2]));
    return rows.map((r) => r.id);
  },
};

/** Recommendations, inspiration words and presets. */
export const promptRepo = {
  async random(db: Db, kind: PromptKind, n: number) {
    return db
      .select()
      .from(aiPrompts)
      .where(and(eq(aiPrompts.kind, kind), eq(aiPrompts.hidden, false)))
      .orderBy(sql`random()`)
      .limit(n);
  },
  async sampleByImageKey(db: Db, key: string) {
    const [row] = await db
      .select({ id: aiPrompts.id })
      .from(aiPrompts)
      .where(or(eq(aiPrompts.imageKey, key), eq(aiPrompts.imageTailKey, key)))
      .limit(1);
    return row ?? null;
  },
  async groups(db: Db) {
    const groups = await db
      .select()
      .from(aiInspirationGroups)
      .where(eq(aiInspirationGroups.hidden, false))
      .orderBy(asc(aiInspirationGroups.sort), asc(aiInspirationGroups.id));
    const words = await db
      .select()
      .from(aiInspirationWords)
      .where(eq(aiInspirationWords.hidden, false))
      .orderBy(asc(aiInspirationWords.sort), asc(aiInspirationWords.id));
    return groups.map((g) => ({ ...g, words: words.filter((w) => w.groupId === g.id) }));
  },
  async presets(db: Db, userId: number, search: string | undefined) {
    const where: SQL[] = [eq(aiUserPrompts.userId, userId)];
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(ilike(aiUserPrompts.title, like), ilike(aiUserPrompts.content, like));
      if (match) where.push(match);
    }
    return db
      .select()
      .from(aiUserPrompts)
      .where(and(...where))
      .orderBy(desc(aiUserPrompts.id));
  },
  async addPreset(db: Db, userId: number, title: string, content: string): Promise<number> {
    const [row] = await db.insert(aiUserPrompts).values({ userId, title, content }).returning({ id: aiUserPrompts.id });
    if (!row) throw new Error('preset insert returned nothing');
    return row.id;
  },
  async removePreset(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(aiUserPrompts)
      .where(and(eq(aiUserPrompts.id, id), eq(aiUserPrompts.userId, userId)))
      .returning({ id: aiUserPrompts.id });
    return rows.length > 0;
  },
};
