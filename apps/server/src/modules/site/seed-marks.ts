import { seedMarks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/**
 * Runs `write` only the first time `name` is claimed, in one transaction with the claim, so
 * several processes starting together write the content once and a failed write is retried.
 */
export async function seedOnce(db: Db, name: string, write: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedMarks)
      .values({ name })
      .onConflictDoNothing()
      .returning({ name: seedMarks.name });
    if (!claimed.length) return false;
    await write(tx);
    return true;
  });
}
