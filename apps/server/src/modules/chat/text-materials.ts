import { and, count, desc, eq } from 'drizzle-orm';
import { chatMessages, type TextMaterial } from '@app/contract';
import { textMaterials } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';

type Row = typeof textMaterials.$inferSelect;
const present = (r: Row): TextMaterial => ({
  id: r.id,
  name: r.name,
  source: r.source,
  text: r.text,
  create_time: formatDateTime(r.createdAt),
});

/** Without a name, a text material is called by its first words. */
const NAME_FROM_TEXT = 15;

/** Texts the user keeps (a chat answer, a script): saved, listed, edited and deleted by their owner only. */
export const textMaterialService = {
  async save(db: Db, userId: number, p: { name?: string; source?: string; text?: string }): Promise<{ id: number }> {
    const text = p.text?.trim() ?? '';
    if (!text) throw new AppError(chatMessages.materialTextRequired);
    const name = p.name?.trim() || text.replace(/\s+/g, ' ').slice(0, NAME_FROM_TEXT);
    const [row] = await db
      .insert(textMaterials)
      .values({ userId, name, source: p.source?.trim() ?? '', text })
      .returning({ id: textMaterials.id });
    if (!row) throw new Error('text material insert returned nothing');
    return row;
  },

  async list(db: Db, userId: number, f: { page: number; limit: number; source?: string }) {
    const cond = and(eq(textMaterials.userId, userId), f.source ? eq(textMaterials.source, f.source) : undefined);
    const q = db.select().from(textMaterials).where(cond).orderBy(desc(textMaterials.id));
    const rows = f.limit > 0 ? await q.limit(f.limit).offset((f.page - 1) * f.limit) : await q;
    const [total] = await db.select({ n: count() }).from(textMaterials).where(cond);
    return { list: rows.map(present), total: total?.n ?? 0 };
  },

  async edit(db: Db, userId: number, p: { id: number; name?: string; text?: string }): Promise<void> {
    const set: Partial<Row> = {};
    if (p.name !== undefined) {
      if (!p.name.trim()) throw new AppError(chatMessages.materialNameRequired);
      set.name = p.name.trim();
    }
    if (p.text !== undefined) {
      if (!p.text.trim()) throw new AppError(chatMessages.materialTextRequired);
      set.text = p.text.trim();
    }
    const where = and(eq(textMaterials.id, p.id), eq(textMaterials.userId, userId));
    const rows = Object.keys(set).length
      ? await db.update(textMaterials).set(set).where(where).returning({ id: textMaterials.id })
      : await db.select({ id: textMaterials.id }).from(textMaterials).where(where);
    if (!rows.length) throw new AppError(chatMessages.materialMissing);
  },

  async remove(db: Db, userId: number, id: number): Promise<void> {
    const rows = await db
      .delete(textMaterials)
      .where(and(eq(textMaterials.id, id), eq(textMaterials.userId, userId)))
      .returning({ id: textMaterials.id });
    if (!rows.length) throw new AppError(chatMessages.materialMissing);
  },
};
