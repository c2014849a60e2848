import { count, eq } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** How many works an account owns, for the operator console's user detail. */
export async function ownedWorksCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(works).where(eq(works.userId, userId));
  return row?.n ?? 0;
}
