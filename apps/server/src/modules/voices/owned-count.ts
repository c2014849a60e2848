import { count, eq } from 'drizzle-orm';
import { voices } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** How many voices an account owns, for the operator console's user detail. */
export async function ownedVoicesCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(voices).where(eq(voices.userId, userId));
  return row?.n ?? 0;
}
