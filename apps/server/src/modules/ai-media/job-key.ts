import { eq } from 'drizzle-orm';
import { aiMediaRecords } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** An AI picture or video record's credit ledger key, for the console's jobs screen; null when there is no such row. */
export async function aiMediaJobKey(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ jobKey: aiMediaRecords.jobKey })
    .from(aiMediaRecords)
    .where(eq(aiMediaRecords.id, id))
    .limit(1);
  return row?.jobKey ?? null;
}
