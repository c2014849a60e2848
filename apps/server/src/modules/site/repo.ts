import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notices, siteTexts } from '../../db/schema/index.js';

export async function listNotices(db: Db, limit: number) {
  const list = await db
    .select({ id: notices.id, title: notices.title, desc: notices.description, createdAt: notices.createdAt })
    .from(notices)
    .where(eq(notices.published, true))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(notices).where(eq(notices.published, true));
  return { list, total: total?.n ?? 0 };
}

/** A published notice; drafts and withdrawn ones are not found. */
export async function findNotice(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.published, true)))
    .limit(1);
  return row ?? null;
}

export async function findSiteText(db: Db, key: string) {
  const [row] = await db.select().from(siteTexts).where(eq(siteTexts.key, key)).limit(1);
  return row ?? null;
}

export async function upsertSiteText(db: Db, key: string, title: string, content: string) {
  await db
    .insert(siteTexts)
    .values({ key, title, content })
    .onConflictDoUpdate({ target: siteTexts.key, set: { title, content, updatedAt: new Date() } });
}

export async function insertNotice(
  db: Db,
  notice: { title: string; description: string; content: string; createdAt?: Date },
) {
  const [row] = await db.insert(notices).values(notice).returning({ id: notices.id });
  if (!row) throw new Error('notice insert returned nothing');
  return row.id;
}
