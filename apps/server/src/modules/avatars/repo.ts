import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { avatars } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type AvatarRow = typeof avatars.$inferSelect;
export type NewAvatarRow = typeof avatars.$inferInsert;

export const AVATAR_STATUS = { processing: 1, ready: 2, failed: 3 } as const;
/** 1 the user's clone, 2 a public actor, 3 prepared from a material-library video for a work (not listed). */
export const AVATAR_SOURCE = { own: 1, public: 2, material: 3 } as const;

export interface AvatarQuery {
  userId: number | null;
  name?: string;
  hs?: number;
  onlyReady?: boolean;
  /** 0 = all. */
  limit: number;
  page: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(q: AvatarQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.userId === null
      ? and(eq(avatars.source, AVATAR_SOURCE.public), isNull(avatars.userId), eq(avatars.hidden, 0))
      : and(eq(avatars.userId, q.userId), eq(avatars.source, AVATAR_SOURCE.own)),
    q.name ? ilike(avatars.name, `%${escapeLike(q.name)}%`) : undefined,
    q.hs ? eq(avatars.hs, q.hs) : undefined,
    q.onlyReady ? eq(avatars.status, AVATAR_STATUS.ready) : undefined,
  ];
  return and(...parts);
}

export const avatarsRepo = {
  async page(db: Db, q: AvatarQuery): Promise<{ rows: AvatarRow[]; total: number }> {
    const order = q.userId === null ? [asc(avatars.sort), desc(avatars.id)] : [desc(avatars.id)];
    const base = db
      .select()
      .from(avatars)
      .where(where(q))
      .orderBy(...order);
    const rows = q.limit > 0 ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
    const [c] = await db.select({ n: count() }).from(avatars).where(where(q));
    return { rows, total: c?.n ?? 0 };
  },
  async countProcessing(db: Db, userId: number): Promise<number> {
    const [c] = await db
      .select({ n: count() })
      .from(avatars)
      .where(
        and(
          eq(avatars.userId, userId),
          eq(avatars.source, AVATAR_SOURCE.own),
          eq(avatars.status, AVATAR_STATUS.processing),
        ),
      );
    return c?.n ?? 0;
  },
  async find(db: Db, id: number): Promise<AvatarRow | null> {
    const [row] = await db.select().from(avatars).where(eq(avatars.id, id)).limit(1);
    return row ?? null;
  },
  async findBySeed(db: Db, seedKey: string): Promise<AvatarRow | null> {
    const [row] = await db.select().from(avatars).where(eq(avatars.seedKey, seedKey)).limit(1);
    return row ?? null;
  },
  /** The avatar already made from this material file for this user (processing, ready or failed). */
  async findFromMaterial(db: Db, userId: number, fileId: number): Promise<AvatarRow | null> {
    const [row] = await db
      .select()
      .from(avatars)
      .where(and(eq(avatars.userId, userId), eq(avatars.source, AVATAR_SOURCE.material), eq(avatars.fileId, fileId)))
      .orderBy(desc(avatars.id))
      .limit(1);
    return row ?? null;
  },
  async insert(db: Db, row: NewAvatarRow): Promise<AvatarRow> {
    const [created] = await db.insert(avatars).values(row).returning();
    if (!created) throw new Error('avatar insert returned nothing');
    return created;
  },
  /** Moves a processing avatar to its end state; false when another run got there first. */
  async finish(db: Db, id: number, set: Partial<NewAvatarRow>): Promise<boolean> {
    const rows = await db
      .update(avatars)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(avatars.id, id), eq(avatars.status, AVATAR_STATUS.processing)))
      .returning({ id: avatars.id });
    return rows.length > 0;
  },
  /** Replaces the engines' per-avatar data of a ready avatar. */
  async setEngineData(db: Db, id: number, engineData: AvatarRow['engineData']): Promise<void> {
    await db.update(avatars).set({ engineData, updatedAt: new Date() }).where(eq(avatars.id, id));
  },
  /**
   * Records the matted footage once: answers false when another render recorded it first (its bytes
   * are then not counted twice).
   */
  async setMatte(db: Db, id: number, matteKey: string, bytes: number): Promise<boolean> {
    const rows = await db
      .update(avatars)
      .set({ matteKey, storedBytes: sql`${avatars.storedBytes} + ${bytes}`, updatedAt: new Date() })
      .where(and(eq(avatars.id, id), isNull(avatars.matteKey)))
      .returning({ id: avatars.id });
    return rows.length > 0;
  },
  /**
   * Records the live avatar's assets once: answers false when another build recorded them first (its
   * bytes are then not counted twice).
   */
  async setLive(db: Db, id: number, liveKey: string, bytes: number): Promise<boolean> {
    const rows = await db
      .update(avatars)
      .set({ liveKey, storedBytes: sql`${avatars.storedBytes} + ${bytes}`, updatedAt: new Date() })
      .where(and(eq(avatars.id, id), isNull(avatars.liveKey)))
      .returning({ id: avatars.id });
    return rows.length > 0;
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(avatars).where(eq(avatars.id, id));
  },
  async processingIds(db: Db): Promise<number[]> {
    const rows = await db
      .select({ id: avatars.id })
      .from(avatars)
      .where(inArray(avatars.status, [AVATAR_STATUS.processing]));
    return rows.map((r) => r.id);
  },
};
