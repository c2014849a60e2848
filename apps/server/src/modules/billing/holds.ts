import { and, eq, like, lt } from 'drizzle-orm';
import { creditReservations } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { CreditsShort, type ShortMessage } from './credits-short.js';
import { creditLedger, type Reservation, type ReservationStatus } from './ledger.js';

/** An account's usable credits now. */
export const creditBalance = (db: Db, userId: number): Promise<number> => creditLedger(db).balance(userId);

/**
 * Refuses with CreditsShort unless the balance covers `needed` now: an order's early check, before
 * anything is prepared for it. The hold itself decides, under the account's lock.
 */
export async function ensureCredits(db: Db, userId: number, needed: number, short?: ShortMessage): Promise<void> {
  const balance = await creditBalance(db, userId);
  if (balance < needed) throw new CreditsShort(needed, balance, short);
}

/** A grant lasting until `expiresAt` (a new guest's trial credits), in the caller's transaction. */
export const grantCredits = (tx: Db, userId: number, amount: number, expiresAt: Date, actionName: string) =>
  creditLedger(tx).grantCredits(userId, amount, expiresAt, actionName);

/** A one-off charge in the caller's transaction (bought storage); CreditsShort when short. */
export const spendCredits = (tx: Db, userId: number, amount: number, actionName: string) =>
  creditLedger(tx).spendCredits(userId, amount, actionName);

/** What a hold is for: whose credits, its ledger key, how much and how the ledger names it. */
export interface HoldBill {
  userId: number;
  jobKey: string;
  held: number;
  actionName: string;
  /** The paying screen's words for short credits; 积分不足 without. */
  short?: ShortMessage;
}

/** Holds of inline paid calls are keyed `call:…`; no call runs this long, so a hold older is an interrupted one. */
export const CALL_KEY_PREFIX = 'call:';
export const CALL_HOLD_MAX_MS = 15 * 60_000;

/**
 * The credits held for paid work, as the producer kit takes, settles and returns them (producers use
 * the kit's paid job, stream or call, never these). Each change joins the caller's transaction.
 */
export const heldCredits = {
  /** Holds the price; idempotent by key; CreditsShort when the balance is short. */
  reserve: (tx: Db, b: HoldBill): Promise<Reservation> =>
    creditLedger(tx).reserveCredits(b.userId, b.held, b.jobKey, b.actionName, b.short),
  /** Keeps the real price (beyond the hold only with `beyondHold`); once. */
  settle: (tx: Db, jobKey: string, real: number, opts: { beyondHold?: boolean } = {}) =>
    creditLedger(tx).settleCredits(jobKey, real, opts),
  /** Gives back everything taken for the key; once. */
  refund: (tx: Db, jobKey: string) => creditLedger(tx).refundCredits(jobKey),
  of: (db: Db, jobKey: string) => creditLedger(db).reservation(jobKey),
};

/**
 * Returns the holds of inline calls cut off mid-call (their process stopped between the hold and its
 * settlement): every `call:` hold still held after CALL_HOLD_MAX_MS. How many were returned.
 */
export async function releaseInterruptedCalls(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ jobKey: creditReservations.jobKey })
    .from(creditReservations)
    .where(
      and(
        eq(creditReservations.status, 'held'),
        like(creditReservations.jobKey, `${CALL_KEY_PREFIX}%`),
        lt(creditReservations.createdAt, new Date(now.getTime() - CALL_HOLD_MAX_MS)),
      ),
    );
  let released = 0;
  for (const { jobKey } of stale) if ((await creditLedger(db).refundHeldOnce(jobKey)) === 'held') released += 1;
  return released;
}

/** The console's jobs screen: what a job holds, and the once-only refund of a failed one. */
export const jobRefunds = {
  hold: (db: Db, jobKey: string): Promise<Reservation | null> => creditLedger(db).reservation(jobKey),
  /**
   * Returns the job's hold only while it is still held, decided under the payer's lock: of two refunds
   * at once, the second is told what the first left (the status it found).
   */
  refundHeld: (tx: Db, jobKey: string): Promise<ReservationStatus | null> => creditLedger(tx).refundHeldOnce(jobKey),
};
