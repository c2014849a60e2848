import { creditActions } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import * as repo from './repo.js';

/**
 * Writes off what is left in batches past their expiry and logs 积分过期, one account per
 * transaction with the account row locked first, like every other balance change.
 */
export async function expireDueBatches(db: Db, now = new Date()): Promise<{ batches: number; credits: number }> {
  const done = { batches: 0, credits: 0 };
  for (;;) {
    const accounts = await repo.accountsWithDueBatches(db, now, 200);
    if (!accounts.length) return done;
    for (const userId of accounts) {
      await db.transaction(async (tx) => {
        await repo.lockAccount(tx, userId);
        for (const b of await repo.dueBatchesForUpdate(tx, userId, now)) {
          await repo.markBatchExpired(tx, b.id, now);
          // Dated at the moment of expiry, whenever the job happens to run.
          if (b.creditsLeft > 0)
            await repo.writeLog(tx, {
              userId,
              actionName: creditActions.expired,
              credits: -b.creditsLeft,
              createdAt: b.expireAt,
            });
          done.batches += 1;
          done.credits += b.creditsLeft;
        }
      });
    }
  }
}
