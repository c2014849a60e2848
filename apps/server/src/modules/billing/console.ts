import { desc, eq } from 'drizzle-orm';
import { creditLogs } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { creditLedger } from './ledger.js';
import { usableBatches } from './repo.js';

/** How many ledger rows the console's user detail shows. */
const LOG_ROWS = 50;

/** What the console's Users screen reads of an account's credits (billing's own actions are in console-accounts.ts). */
export const creditConsole = {
  balance: (db: Db, userId: number) => creditLedger(db).balance(userId),

  async detail(db: Db, userId: number, now = new Date()) {
    const batches = (await usableBatches(db, userId, now)).map((b) => ({
      id: b.id,
      credits: b.creditsLeft,
      expireAt: b.expireAt,
    }));
    const log = await db
      .select({ actionName: creditLogs.actionName, credits: creditLogs.credits, createdAt: creditLogs.createdAt })
      .from(creditLogs)
      .where(eq(creditLogs.userId, userId))
      .orderBy(desc(creditLogs.createdAt), desc(creditLogs.id))
      .limit(LOG_ROWS);
    return { batches, log };
  },
};
