import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { creditBatches, creditLogs } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { addDays } from '../../platform/protocol/date-time.js';
import { creditLedger } from './service.js';

/** How many ledger rows the console's user detail shows. */
const LOG_ROWS = 50;

/** What the operator console reads and changes of an account's credits: always through the ledger. */
export const creditConsole = {
  balance: (db: Db, userId: number) => creditLedger(db).balance(userId),

  async detail(db: Db, userId: number, now = new Date()) {
    const batches = await db
      .select({ id: creditBatches.id, credits: creditBatches.creditsLeft, expireAt: creditBatches.expireAt })
      .from(creditBatches)
      .where(
        and(
          eq(creditBatches.userId, userId),
          isNull(creditBatches.expiredAt),
          gt(creditBatches.expireAt, now),
          gt(creditBatches.creditsLeft, 0),
        ),
      )
      .orderBy(asc(creditBatches.expireAt));
    const log = await db
      .select({ actionName: creditLogs.actionName, credits: creditLogs.credits, createdAt: creditLogs.createdAt })
      .from(creditLogs)
      .where(eq(creditLogs.userId, userId))
      .orderBy(desc(creditLogs.createdAt), desc(creditLogs.id))
      .limit(LOG_ROWS);
    return { batches, log };
  },

  /**
   * A positive `delta` grants a batch lasting `days`; a negative one spends from the batches expiring
   * first (refused with 积分不足 when the balance is short). Either way one ledger row with `reason`.
   */
  async adjust(db: Db, userId: number, delta: number, reason: string, days: number): Promise<void> {
    const ledger = creditLedger(db);
    if (delta > 0) await ledger.grantCredits(userId, delta, addDays(new Date(), days), reason);
    else await ledger.spendCredits(userId, -delta, reason);
  },
};
