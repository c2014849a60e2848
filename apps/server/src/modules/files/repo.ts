import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export type FileRecord = typeof files.$inferSelect;
export type NewFileRecord = typeof files.$inferInsert;

/** Storage of file records; ownership is part of every lookup. */
export const filesRepo = {
  async findByKey(db: Db, key: string): Promise<FileRecord | null> {
    const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
    return row ?? null;
  },
  async findOwned(db: Db, userId: number, id: number): Promise<FileRecord | null> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  async insert(db: Db, record: NewFileRecord): Promise<FileRecord> {
    const [row] = await db.insert(files).values(record).returning();
    if (!row) throw new Error('file insert returned nothing');
    return row;
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(files).where(eq(files.id, id));
  },
};

/** Postgres unique violation: the same object registered twice at once. */
export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
};
