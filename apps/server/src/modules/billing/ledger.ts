import { creditActions } from '@app/contract';
import type { ReservationSource } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { CreditsShort, type ShortMessage } from './credits-short.js';
import { creditsMessages } from './messages.js';
import * as repo from './repo.js';

export type ReservationStatus = 'held' | 'settled' | 'refunded';

export interface Reservation {
  jobKey: string;
  userId: number;
  actionName: string;
  /** Credits taken when the job was submitted. */
  held: number;
  /** Credits finally kept (0 while held and after a refund). */
  charged: number;
  status: ReservationStatus;
}

const asReservation = (r: NonNullable<Awaited<ReturnType<typeof repo.findReservation>>>): Reservation => ({
  jobKey: r.jobKey,
  userId: r.userId,
  actionName: r.actionName,
  held: r.held,
  charged: r.charged,
  status: r.status as ReservationStatus,
});

function assertCredits(n: number, what: string, allowZero = false): void {
  if (!Number.isSafeInteger(n) || n < (allowZero ? 0 : 1))
    throw new Error(`${what} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${n}`);
}

/**
 * The credits ledger: every balance change of every feature goes through here. Credits live in
 * batches with an expiry; spending takes from the batch expiring first; each change writes its log
 * row in the same transaction. The account row is locked before its batches, so concurrent
 * spending on PostgreSQL is serialised per account and the balance never goes below zero.
 * Pass a transaction instead of the database to make a change part of a larger one.
 */
export class CreditLedger {
  constructor(private readonly db: Db) {}

  /** Usable credits now: unexpired batches; credits held for running jobs are already taken out. */
  balance(userId: number, now = new Date()): Promise<number> {
    return repo.sumUsable(this.db, userId, now);
  }

  /** Adds a batch lasting until `expiresAt`. */
  grantCredits(userId: number, amount: number, expiresAt: Date, actionName: string): Promise<number> {
    assertCredits(amount, 'granted credits');
    return this.db.transaction(async (tx) => {
      const batchId = await repo.insertBatch(tx, userId, amount, expiresAt, actionName);
      await repo.writeLog(tx, { userId, actionName, credits: amount });
      return batchId;
    });
  }

  /** Takes `amount` at once (soonest-expiring first) or refuses with CreditsShort (积分不足). */
  spendCredits(userId: number, amount: number, actionName: string): Promise<void> {
    assertCredits(amount, 'spent credits');
    return this.db.transaction(async (tx) => {
      await this.take(tx, userId, amount);
      await repo.writeLog(tx, { userId, actionName, credits: -amount });
    });
  }

  /**
   * Holds `amount` for a paid job. Idempotent by `jobKey`: a second call returns the first
   * reservation and changes nothing. Refuses with CreditsShort when the balance is short, worded by
   * `short` when the paying screen has its own words.
   */
  reserveCredits(
    userId: number,
    amount: number,
    jobKey: string,
    actionName: string,
    short?: ShortMessage,
  ): Promise<Reservation> {
    assertCredits(amount, 'reserved credits');
    return this.db
      .transaction(async (tx) => {
        const existing = await repo.findReservation(tx, jobKey);
        if (existing) return this.same(existing, userId);
        const sources = await this.take(tx, userId, amount, short);
        const created = await repo.insertReservation(tx, { jobKey, userId, actionName, held: amount, sources });
        // Another process reserved this key meanwhile; undo ours by failing the whole transaction.
        if (!created) throw new ReservationRaceError(jobKey);
        await repo.writeLog(tx, { userId, actionName, credits: -amount, jobKey });
        return asReservation(created);
      })
      .catch(async (e: unknown) => {
        if (!(e instanceof ReservationRaceError)) throw e;
        const winner = await repo.findReservation(this.db, jobKey);
        if (!winner) throw e;
        return this.same(winner, userId);
      });
  }

  /**
   * Charges the real amount of a held job and returns the rest. By default the charge never exceeds
   * the hold: the hold is the job's maximum. With `beyondHold` (a price known only from the result,
   * e.g. a video's real duration), a real amount above the hold takes the difference from the balance
   * too, down to 0; what the balance could not cover stays unpaid and is named in the ledger row.
   * Idempotent: once settled or refunded, nothing changes. Null for an unknown key.
   */
  settleCredits(jobKey: string, realAmount: number, opts: { beyondHold?: boolean } = {}): Promise<Reservation | null> {
    assertCredits(realAmount, 'settled credits', true);
    return this.closeHeld(jobKey, (r) =>
      r.status === 'held'
        ? { status: 'settled', keep: opts.beyondHold ? realAmount : Math.min(realAmount, r.held) }
        : null,
    );
  }

  /** A job's reservation as it stands, or null when the job holds nothing. */
  async reservation(jobKey: string): Promise<Reservation | null> {
    const r = await repo.findReservation(this.db, jobKey);
    return r ? asReservation(r) : null;
  }

  /**
   * Returns a job's hold only while it is still held, deciding under the account's lock, so of two
   * concurrent calls one refunds and the other is told what the first left: the status it found.
   */
  async refundHeldOnce(jobKey: string): Promise<ReservationStatus | null> {
    let found: ReservationStatus | null = null;
    await this.closeHeld(jobKey, (r) => {
      found = r.status;
      return r.status === 'held' ? { status: 'refunded', keep: 0 } : null;
    });
    return found;
  }

  /** Returns every credit still taken for a job (held or settled). Idempotent; null for an unknown key. */
  refundCredits(jobKey: string): Promise<Reservation | null> {
    return this.closeHeld(jobKey, (r) => (r.status === 'refunded' ? null : { status: 'refunded', keep: 0 }));
  }

  private async closeHeld(
    jobKey: string,
    decide: (r: Reservation) => { status: 'settled' | 'refunded'; keep: number } | null,
  ): Promise<Reservation | null> {
    const peek = await repo.findReservation(this.db, jobKey);
    if (!peek) return null;
    return this.db.transaction(async (tx) => {
      await repo.lockAccount(tx, peek.userId);
      const r = await repo.findReservationForUpdate(tx, jobKey);
      if (!r) return null;
      const next = decide(asReservation(r));
      if (!next) return asReservation(r);
      const taken = r.status === 'held' ? r.held : r.charged;
      const back = taken - next.keep;
      let sources = r.sources;
      let charged = next.keep;
      if (back < 0) {
        // The result cost more than was held: take the difference, as far as the balance goes.
        const extra = await this.takeUpTo(tx, r.userId, -back);
        sources = [...sources, ...extra.sources];
        charged = taken + extra.taken;
        const unpaid = -back - extra.taken;
        await repo.writeLog(tx, {
          userId: r.userId,
          actionName:
            unpaid > 0 ? creditsMessages.settleShort(r.actionName, unpaid) : creditsMessages.settleExtra(r.actionName),
          credits: -extra.taken,
          jobKey,
        });
      }
      if (back > 0) {
        const returned = await this.giveBack(tx, r.sources, back);
        sources = returned.kept;
        const action =
          next.status === 'refunded'
            ? creditsMessages.refund(r.actionName)
            : creditsMessages.settleReturn(r.actionName);
        await repo.writeLog(tx, { userId: r.userId, actionName: action, credits: back, jobKey });
        if (returned.lapsed > 0)
          await repo.writeLog(tx, {
            userId: r.userId,
            actionName: creditActions.expired,
            credits: -returned.lapsed,
            jobKey,
          });
      }
      return asReservation(await repo.closeReservation(tx, r.id, { status: next.status, charged, sources }));
    });
  }

  /**
   * Takes credits from usable batches, soonest expiry first, or refuses with CreditsShort (the balance
   * it found under the account's lock); the caller holds the transaction.
   */
  private async take(tx: Db, userId: number, amount: number, short?: ShortMessage): Promise<ReservationSource[]> {
    const { sources, taken, available } = await this.takeUpTo(tx, userId, amount, true);
    if (taken < amount) throw new CreditsShort(amount, available, short);
    return sources;
  }

  /** Takes up to `amount` (less when the balance is short, or nothing when `allOrNothing`); `available` was the balance. */
  private async takeUpTo(
    tx: Db,
    userId: number,
    amount: number,
    allOrNothing = false,
  ): Promise<{ sources: ReservationSource[]; taken: number; available: number }> {
    if (!(await repo.lockAccount(tx, userId))) throw new Error(`no account ${userId}`);
    const batches = await repo.usableBatchesForUpdate(tx, userId, new Date());
    const available = batches.reduce((s, b) => s + b.creditsLeft, 0);
    if (allOrNothing && available < amount) return { sources: [], taken: 0, available };
    const sources: ReservationSource[] = [];
    let need = amount;
    for (const b of batches) {
      if (need === 0) break;
      const part = Math.min(need, b.creditsLeft);
      await repo.changeBatch(tx, b.id, -part);
      sources.push({ batchId: b.id, credits: part });
      need -= part;
    }
    return { sources, taken: amount - need, available };
  }

  /**
   * Puts `amount` back into the batches it came from, latest-expiring first (as if FIFO had taken
   * only what was kept). Credits returning to a batch already written off lapse at once (`lapsed`).
   * `kept` is what stays taken.
   */
  private async giveBack(
    tx: Db,
    sources: ReservationSource[],
    amount: number,
  ): Promise<{ kept: ReservationSource[]; lapsed: number }> {
    const state = new Map(
      (
        await repo.batchesByIdForUpdate(
          tx,
          sources.map((s) => s.batchId),
        )
      ).map((b) => [b.id, b]),
    );
    const kept = sources.map((s) => ({ ...s }));
    let rest = amount;
    let lapsed = 0;
    for (const s of [...kept].reverse()) {
      if (rest === 0) break;
      const part = Math.min(rest, s.credits);
      s.credits -= part;
      rest -= part;
      if (state.get(s.batchId)?.expiredAt) lapsed += part;
      else await repo.changeBatch(tx, s.batchId, part);
    }
    return { kept: kept.filter((s) => s.credits > 0), lapsed };
  }

  private same(r: NonNullable<Awaited<ReturnType<typeof repo.findReservation>>>, userId: number): Reservation {
    if (r.userId !== userId) throw new Error(`job key ${r.jobKey} belongs to another account`);
    return asReservation(r);
  }
}

class ReservationRaceError extends Error {
  constructor(jobKey: string) {
    super(`reservation ${jobKey} was made concurrently`);
  }
}

/** The ledger on the database, or on a transaction to join a larger change. */
export const creditLedger = (db: Db) => new CreditLedger(db);
