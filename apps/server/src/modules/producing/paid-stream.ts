import type { Db } from '../../platform/db/client.js';
import { heldCredits, type ShortMessage } from '../billing/index.js';
import type { PaidBill } from './paid-job.js';

/**
 * A streamed answer paid per answer (the chat assistant's questions). Its record is written in the
 * transaction that holds the price, and closed once together with the money: charged what was held
 * when the stream gave an answer, refunded when it gave nothing. A reader who sees the record closed
 * also sees its charge or refund; a record whose process stopped mid-stream is closed the same way by
 * its producer's sweep, so no hold outlives its record.
 */
export const paidStream = {
  /** Holds `bill.held` and writes the record (`write`) in one transaction; CreditsShort rolls both back. */
  open<T>(db: Db, bill: PaidBill, write: (tx: Db) => Promise<T>, short?: ShortMessage): Promise<T> {
    return db.transaction(async (tx) => {
      // The payer's row is locked by the hold before any row referring to it is written.
      if (bill.held > 0) await heldCredits.reserve(tx, { ...bill, short });
      return write(tx);
    });
  },

  /** What the record's key holds: what an answer is charged, whatever the price is by now. */
  async held(db: Db, jobKey: string | null): Promise<number> {
    return jobKey ? ((await heldCredits.of(db, jobKey))?.held ?? 0) : 0;
  },

  /**
   * Closes the record (`closeRecord`, false when it had already been closed: then nothing changes) and
   * its hold in one transaction, charged the hold when `answered`, refunded otherwise. The credits charged.
   */
  async close(
    db: Db,
    jobKey: string | null,
    answered: boolean,
    closeRecord: (tx: Db, charged: number) => Promise<boolean>,
  ): Promise<number> {
    const charged = answered ? await paidStream.held(db, jobKey) : 0;
    await db.transaction(async (tx) => {
      if (!(await closeRecord(tx, charged)) || !jobKey) return;
      if (charged) await heldCredits.settle(tx, jobKey, charged);
      else await heldCredits.refund(tx, jobKey);
    });
    return charged;
  },
};
