import { eq } from 'drizzle-orm';
import { analyseRecords } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** An extraction record's credit ledger key, for the console's jobs screen; null when there is no such row. */
export async function extractionJobKey(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ jobKey: analyseRecords.jobKey })
    .from(analyseRecords)
    .where(eq(analyseRecords.id, id))
    .limit(1);
  return row?.jobKey ?? null;
}
