import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { voiceAuditions, voiceTrainings, voices } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type VoiceRow = typeof voices.$inferSelect;
export type NewVoiceRow = typeof voices.$inferInsert;
export type TrainingRow = typeof voiceTrainings.$inferSelect;
export type AuditionRow = typeof voiceAuditions.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Voices, their trainings and auditions; every per-user lookup carries the owner. */
export const voicesRepo = {
  /** Own voices (source 1) or public ones (source 2), newest first; limit 0 = all. */
  async list(db: Db, q: { userId: number; source: 1 | 2; name?: string; page: number; limit: number }) {
    const where = and(
      eq(voices.source, q.source),
      q.source === 1 ? eq(voices.userId, q.userId) : and(isNull(voices.userId), eq(voices.hidden, 0)),
      q.name ? ilike(voices.name, `%${escapeLike(q.name)}%`) : undefined,
    );
    const base = db
      .select()
      .from(voices)
      .where(where)
      .orderBy(...(q.source === 1 ? [desc(voices.id)] : [asc(voices.sort), asc(voices.id)]));
    const rows = q.limit > 0 ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
    const [total] = await db.select({ n: count() }).from(voices).where(where);
    return { rows, total: total?.n ?? 0 };
  },
  async cloningCount(db: Db, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(voices)
      .where(and(eq(voices.userId, userId), eq(voices.source, 1), eq(voices.generateStatus, 1)));
    return row?.n ?? 0;
  },

  async owned(db: Db, userId: number, id: number, forUpdate = false): Promise<VoiceRow | null> {
    const q = db
      .select()
      .from(voices)
      .where(and(eq(voices.id, id), eq(voices.userId, userId), eq(voices.source, 1)))
      .limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row ?? null;
  },
  /** A voice the user may speak with: their own or a public one. */
  async usable(db: Db, userId: number, id: number): Promise<VoiceRow | null> {
    const [row] = await db.select().from(voices).where(eq(voices.id, id)).limit(1);
    if (!row) return null;
    return row.source === 2 || row.userId === userId ? row : null;
  },
  async byId(db: Db, id: number): Promise<VoiceRow | null> {
    const [row] = await db.select().from(voices).where(eq(voices.id, id)).limit(1);
    return row ?? null;
  },
  async bySeedKey(db: Db, seedKey: string): Promise<VoiceRow | null> {
    const [row] = await db.select().from(voices).where(eq(voices.seedKey, seedKey)).limit(1);
    return row ?? null;
  },
  async insert(db: Db, values: NewVoiceRow): Promise<VoiceRow> {
    const [row] = await db.insert(voices).values(values).returning();
    if (!row) throw new Error('voice insert returned nothing');
    return row;
  },
  async update(db: Db, id: number, values: Partial<NewVoiceRow>): Promise<void> {
    await db
      .update(voices)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(voices.id, id));
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(voices).where(eq(voices.id, id));
  },

  /** Free clones of a channel the user has used (failed ones gave theirs back). */
  async freeClonesUsed(db: Db, userId: number, api: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(voiceTrainings)
      .where(
        and(
          eq(voiceTrainings.userId, userId),
          eq(voiceTrainings.api, api),
          eq(voiceTrainings.free, 1),
          inArray(voiceTrainings.status, [1, 2]),
        ),
      );
    return row?.n ?? 0;
  },
  async insertTraining(db: Db, values: typeof voiceTrainings.$inferInsert): Promise<TrainingRow> {
    const [row] = await db.insert(voiceTrainings).values(values).returning();
    if (!row) throw new Error('training insert returned nothing');
    return row;
  },
  async training(db: Db, id: number, forUpdate = false): Promise<TrainingRow | null> {
    const q = db.select().from(voiceTrainings).where(eq(voiceTrainings.id, id)).limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row ?? null;
  },
  async finishTraining(db: Db, id: number, status: 2 | 3, failReason = ''): Promise<void> {
    await db
      .update(voiceTrainings)
      .set({ status, failReason, finishedAt: new Date() })
      .where(eq(voiceTrainings.id, id));
  },

  async auditionsSince(db: Db, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(voiceAuditions)
      .where(and(eq(voiceAuditions.userId, userId), gte(voiceAuditions.createdAt, since)));
    return row?.n ?? 0;
  },
  async insertAudition(db: Db, values: typeof voiceAuditions.$inferInsert): Promise<AuditionRow> {
    const [row] = await db.insert(voiceAuditions).values(values).returning();
    if (!row) throw new Error('audition insert returned nothing');
    return row;
  },
  async audition(db: Db, id: string): Promise<AuditionRow | null> {
    const [row] = await db.select().from(voiceAuditions).where(eq(voiceAuditions.id, id)).limit(1);
    return row ?? null;
  },
  async updateAudition(db: Db, id: string, values: Partial<typeof voiceAuditions.$inferInsert>): Promise<void> {
    await db.update(voiceAuditions).set(values).where(eq(voiceAuditions.id, id));
  },
  /** Claims a queued audition for running; false when another run has it or it is finished. */
  async claimAudition(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(voiceAuditions)
      .set({ status: 2 })
      .where(and(eq(voiceAuditions.id, id), sql`${voiceAuditions.status} in (1, 2)`))
      .returning({ id: voiceAuditions.id });
    return rows.length > 0;
  },
};
