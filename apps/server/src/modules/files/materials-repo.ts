import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { MaterialSource, MaterialType } from '@app/contract';
import { files, materials } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import type { FileRecord } from './repo.js';

export type MaterialRecord = typeof materials.$inferSelect;
export interface MaterialWithFile {
  material: MaterialRecord;
  file: FileRecord;
}

export interface MaterialFilter {
  type?: MaterialType;
  source?: MaterialSource;
  page: number;
  /** 0 = all. */
  limit: number;
}

export const materialsRepo = {
  async list(db: Db, userId: number, f: MaterialFilter): Promise<{ rows: MaterialWithFile[]; total: number }> {
    const where: SQL[] = [eq(materials.userId, userId)];
    if (f.type) where.push(eq(materials.type, f.type));
    if (f.source) where.push(eq(materials.source, f.source));
    const q = db
      .select({ material: materials, file: files })
      .from(materials)
      .innerJoin(files, eq(files.id, materials.fileId))
      .where(and(...where))
      .orderBy(desc(materials.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [n] = await db
      .select({ n: count() })
      .from(materials)
      .where(and(...where));
    return { rows, total: n?.n ?? 0 };
  },
  async findOwned(db: Db, userId: number, id: number): Promise<MaterialWithFile | null> {
    const [row] = await db
      .select({ material: materials, file: files })
      .from(materials)
      .innerJoin(files, eq(files.id, materials.fileId))
      .where(and(eq(materials.id, id), eq(materials.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  async insert(db: Db, values: typeof materials.$inferInsert): Promise<MaterialRecord> {
    const [row] = await db.insert(materials).values(values).returning();
    if (!row) throw new Error('material insert returned nothing');
    return row;
  },
  async rename(db: Db, id: number, name: string): Promise<void> {
    await db.update(materials).set({ name }).where(eq(materials.id, id));
  },
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(materials).where(eq(materials.id, id));
  },
  async countForFile(db: Db, fileId: number): Promise<number> {
    const [n] = await db.select({ n: count() }).from(materials).where(eq(materials.fileId, fileId));
    return n?.n ?? 0;
  },
};
