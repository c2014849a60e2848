import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import { photos } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;

export const PHOTO_SOURCE = { own: 1, public: 2 } as const;

export interface PhotoListQuery {
  userId: number;
  source: number;
  type: number;
  page: number;
  limit: number;
  name?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(q: PhotoListQuery): SQL | undefined {
  return and(
    eq(photos.type, q.type),
    q.source === PHOTO_SOURCE.public
      ? and(eq(photos.source, PHOTO_SOURCE.public), isNull(photos.userId), eq(photos.hidden, 0))
      : and(eq(photos.source, PHOTO_SOURCE.own), eq(photos.userId, q.userId)),
    q.name ? ilike(photos.name, `%${escapeLike(q.name)}%`) : undefined,
  );
}

export const photosRepo = {
  async page(db: Db, q: PhotoListQuery): Promise<{ rows: PhotoRow[]; total: number }> {
    const order = q.source === PHOTO_SOURCE.public ? [asc(photos.sort), desc(photos.id)] : [desc(photos.id)];
    const base = db
      .select()
      .from(photos)
      .where(listWhere(q))
      .orderBy(...order);
    const rows = q.limit > 0 ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
    const [c] = await db.select({ n: count() }).from(photos).where(listWhere(q));
    return { rows, total: c?.n ?? 0 };
  },
  async find(db: Db, id: number): Promise<PhotoRow | null> {
    const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
    return row ?? null;
  },
  async findBySeed(db: Db, seedKey: string): Promise<PhotoRow | null> {
    const [row] = await db.select().from(photos).where(eq(photos.seedKey, seedKey)).limit(1);
    return row ?? null;
  },
  async insert(db: Db, row: NewPhotoRow): Promise<PhotoRow> {
    const [created] = await db.insert(photos).values(row).onConflictDoNothing().returning();
    if (created) return created;
    const existing = row.seedKey ? await this.findBySeed(db, row.seedKey) : null;
    if (!existing) throw new Error('photo insert returned nothing');
    return existing;
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(photos).where(eq(photos.id, id));
  },
  /** Whether another library entry was made from the same upload or shows the same stored key. */
  async fileShared(db: Db, row: PhotoRow): Promise<boolean> {
    const sameFile = row.fileId === null ? undefined : eq(photos.fileId, row.fileId);
    const [other] = await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(ne(photos.id, row.id), or(eq(photos.imageKey, row.imageKey), sameFile)))
      .limit(1);
    return Boolean(other);
  },
};
