import { eq } from 'drizzle-orm';
import { voiceTrainings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** A voice training's credit ledger key, for the console's jobs screen; null when there is no such row. */
export async function voiceTrainingJobKey(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ jobKey: voiceTrainings.jobKey })
    .from(voiceTrainings)
    .where(eq(voiceTrainings.id, id))
    .limit(1);
  return row?.jobKey ?? null;
}
