import { count, eq } from 'drizzle-orm';
import { avatars } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** How many avatars an account owns, for the operator console's user detail. */
export async function ownedAvatarsCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(avatars).where(eq(avatars.userId, userId));
  return row?.n ?? 0;
}
