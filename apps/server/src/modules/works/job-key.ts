import { eq } from 'drizzle-orm';
import { works } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** A work's credit ledger key, for the console's jobs screen; null when there is no such row. */
export async function workJobKey(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ jobKey: works.jobKey }).from(works).where(eq(works.id, id)).limit(1);
  return row?.jobKey ?? null;
}
