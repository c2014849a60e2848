import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Null when the username is taken (the unique constraint decides, also between processes). */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number | null> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  return row?.id ?? null;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** PostgreSQL's unique_violation, as raised directly or wrapped by the query builder. */
export function isUniqueViolation(e: unknown): boolean {
  for (
    let cur: unknown = e, depth = 0;
    cur && typeof cur === 'object' && depth < 4;
    cur = (cur as { cause?: unknown }).cause, depth++
  )
    if ((cur as { code?: unknown }).code === '23505') return true;
  return false;
}
