import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { CALL_KEY_PREFIX, heldCredits, type ShortMessage } from '../billing/index.js';

/** One inline paid call: who pays, the price, how the ledger names it, and the call itself. */
export interface PaidCallSpec<T, R> {
  userId: number;
  price: number;
  actionName: string;
  /** The screen's words when the hold is refused for short credits; 积分不足 without. */
  short?: ShortMessage;
  /** The call; it must end (or give up) well within billing's limit for a call's hold (15 minutes). */
  run(): Promise<T>;
  /** Writes what the call made, in the transaction that keeps its price. */
  record(tx: Db, result: T, charged: number): Promise<R>;
}

/**
 * An inline paid call (the viral tools' text-model calls): the price is held first, under the
 * account's lock, so short credits refuse before anything is asked; the call runs; then its record
 * is written and the price kept in one transaction, or the hold returned when the call or the record
 * failed. A process stopped mid-call leaves a `call:` hold and no record: billing's sweep returns it
 * once no call could still be running.
 */
export async function paidCall<T, R>(
  db: Db,
  spec: PaidCallSpec<T, R>,
): Promise<{ result: T; record: R; credits: number }> {
  const jobKey = `${CALL_KEY_PREFIX}${randomUUID()}`;
  const held = spec.price;
  if (held > 0)
    await heldCredits.reserve(db, {
      userId: spec.userId,
      jobKey,
      held,
      actionName: spec.actionName,
      short: spec.short,
    });
  try {
    const result = await spec.run();
    const record = await db.transaction(async (tx) => {
      if (held > 0) await heldCredits.settle(tx, jobKey, held);
      return spec.record(tx, result, held);
    });
    return { result, record, credits: held };
  } catch (e) {
    if (held > 0) await heldCredits.refund(db, jobKey);
    throw e;
  }
}
