import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { commonMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { CUTOFFS_MAX, type JobContext } from '../../platform/queue/jobs.js';
import type { EngineSlot, EngineSlots } from '../../platform/queue/engine-slots.js';
import { heldCredits, lockPayer, type ShortMessage } from '../billing/index.js';
import { storageUsage } from '../storage-quota/index.js';

/** A paid job's bill: its ledger key, whose credits, the most it may cost and how the log names it. */
export interface PaidBill {
  userId: number;
  jobKey: string;
  /** Credits held on submit; 0 for a free job (nothing is reserved, settled or refunded). */
  held: number;
  actionName: string;
}

/** What a job priced by an estimate holds: the estimate plus `headroomPercent`, in whole credits. */
export const holdWithHeadroom = (estimate: number, headroomPercent: number): number =>
  Math.ceil((estimate * (100 + headroomPercent)) / 100);

/** Holds the job's price inside the creating transaction; refuses with CreditsShort (worded by `short`) when short. */
export async function reservePaidJob(tx: Db, bill: PaidBill, short?: ShortMessage): Promise<void> {
  if (bill.held > 0) await heldCredits.reserve(tx, { ...bill, short });
}

/** Identical submissions of one user within this many seconds make one order (a double click, a resent request). */
export const SAME_SUBMISSION_SECONDS = 10;

/** The order as submitted, its empty fields left out, independent of field order. */
export const submissionFingerprint = (params: object): string =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.entries(params)
          .filter(([, v]) => v !== undefined && v !== '')
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    )
    .digest('hex');

/** One paid order as a producer submits it. */
export interface PaidSubmission<Row> {
  userId: number;
  /** The order's parameters as sent (not the request's nonce, time or signature). */
  params: object;
  /** The user's row made from `submission` within the last `windowSeconds` and still in flight. */
  findSame(tx: Db, submission: string, windowSeconds: number): Promise<Row | null>;
  /** Writes the producer's row (keeping `submission` on it) and names the bill to hold. */
  open(tx: Db, submission: string): Promise<{ row: Row; bill: PaidBill }>;
  /** The screen's words when the hold is refused for short credits (CreditsShort); 积分不足 without. */
  short?: ShortMessage;
}

/**
 * Takes one paid order in one transaction: locks the payer, hands back the row of an identical
 * submission still in flight (so a double click makes one job and pays once), or writes the new row
 * and holds its price. Refused credits (CreditsShort, in the producer's words) leave nothing behind.
 */
export async function submitPaidJob<Row>(db: Db, s: PaidSubmission<Row>): Promise<{ row: Row; fresh: boolean }> {
  const submission = submissionFingerprint(s.params);
  return db.transaction(async (tx) => {
    await lockPayer(tx, s.userId);
    const same = await s.findSame(tx, submission, SAME_SUBMISSION_SECONDS);
    if (same) return { row: same, fresh: false };
    const { row, bill } = await s.open(tx, submission);
    await reservePaidJob(tx, bill, s.short);
    return { row, fresh: true };
  });
}

/**
 * Keeps the real price: returns what the hold left over, or takes what the result cost beyond it
 * (down to a balance of 0, the unpaid rest named in the ledger). A second call changes nothing.
 */
export async function settlePaidJob(db: Db, bill: Pick<PaidBill, 'jobKey' | 'held'>, real: number): Promise<number> {
  if (bill.held <= 0) return 0;
  const r = await heldCredits.settle(db, bill.jobKey, real, { beyondHold: true });
  return r ? r.charged : real;
}

/** Gives back everything taken for the job; a second call changes nothing. */
export async function refundPaidJob(db: Db, bill: Pick<PaidBill, 'jobKey' | 'held'>): Promise<void> {
  if (bill.held > 0) await heldCredits.refund(db, bill.jobKey);
}

/** What a producer's job reports while it runs. */
export interface PaidRun {
  signal: AbortSignal;
  /** Fraction 0..1 of the whole job, recorded with the slot's lease. */
  progress(fraction: number): void;
  /**
   * The next step runs on another engine: the row goes back in line for that engine's slots, the
   * producer's job comes back later, and this run ends holding nothing (neither settled nor refunded).
   */
  queueFor(engine: EngineSlot): Promise<never>;
  /**
   * The rest of the job runs in jobs this run has sent (parts rendered by any worker, then a join that
   * settles): the slot is freed, the row stays running, and this run ends neither settled nor refunded.
   */
  handOff(): Promise<never>;
}

/** How a run that went back in line (`queueFor`) ends; the runner answers 'waiting'. */
class BackInLine extends Error {
  override readonly name = 'BackInLine';
}

/** How a run whose rest was handed to other jobs (`handOff`) ends; the runner answers 'waiting'. */
class HandedOff extends Error {
  override readonly name = 'HandedOff';
}

export interface PaidResult {
  /** Credits the real result costs. */
  credits: number;
  /** Bytes of stored files the result adds to the owner's storage. */
  bytes: number;
}

/** What settling and refunding need: the ledger already knows how the job is named. */
export type HeldBill = Pick<PaidBill, 'userId' | 'jobKey' | 'held'>;

export interface PaidJobSpec<R extends PaidResult> {
  bill: HeldBill;
  /** A per-engine slot the job runs on, with its lease; without it the job runs at once. */
  slot?: {
    slots: EngineSlots;
    rowId: number;
    engine: EngineSlot;
    /** Progress already recorded, so a resumed job does not go backwards. */
    progress: number;
    /** No free slot: the same job comes back after this many seconds, holding no worker meanwhile. */
    retrySeconds: number;
  };
  run(r: PaidRun): Promise<R>;
  /** Marks the producer's row done in the settling transaction; false when it had already ended. */
  finish(tx: Db, result: R, charged: number): Promise<boolean>;
  /** Marks the producer's row failed in the refunding transaction. */
  fail(tx: Db, reason: string): Promise<void>;
  /** After a failure is recorded: remove partial files and the like. */
  cleanUp?(): Promise<void>;
  /** The message a failure shows the user. */
  reasonOf(e: unknown): string;
}

export type PaidOutcome = 'done' | 'failed' | 'waiting' | 'gone';

const HEARTBEAT_MS = 2000;

/**
 * One paid job's life: take the engine's slot (lease, queue order), run, then settle the real price
 * exactly once and count the stored bytes in the transaction that marks the row done; any failure
 * refunds in full in the transaction that marks it failed. A shutdown hands the job back untouched.
 */
export async function runPaidJob<R extends PaidResult>(
  ctx: AppContext,
  job: JobContext,
  spec: PaidJobSpec<R>,
): Promise<PaidOutcome> {
  const db = ctx.database.db;
  const lease = ctx.config.WORK_LEASE_SECONDS;
  const slot = spec.slot;
  // A job whose worker died under it again and again would take down the next one too: it ends, refunded.
  if (job.cutoffs >= CUTOFFS_MAX) {
    job.log.warn({ jobKey: spec.bill.jobKey, cutoffs: job.cutoffs }, 'paid job cut off too often');
    await failPaidJob(ctx, spec, commonMessages.jobCutOff);
    return 'failed';
  }
  if (slot) {
    const answer = await slot.slots.take(db, slot.rowId, slot.engine, job.id, lease);
    if (answer === 'gone') return 'gone';
    if (answer === 'wait') {
      job.later(slot.retrySeconds);
      return 'waiting';
    }
  }
  let progress = slot?.progress ?? 0;
  // Renewed at a third of the lease, so one missed beat never frees the slot of a live job.
  let beat: Promise<void> = Promise.resolve();
  const heartbeat = slot
    ? setInterval(
        () => {
          beat = slot.slots
            .renew(db, slot.rowId, lease, sql`, progress = ${progress}`)
            .catch((err: unknown) => job.log.warn({ err }, 'lease renewal failed'));
        },
        Math.min(HEARTBEAT_MS, (lease * 1000) / 3),
      )
    : undefined;
  try {
    const result = await spec.run({
      signal: job.signal,
      progress: (f) => (progress = Math.max(progress, Math.round(f * 100))),
      queueFor: async (engine) => {
        if (!slot) throw new Error('a job without a slot cannot queue for another engine');
        if (await slot.slots.requeue(db, slot.rowId, engine.id, job.id, sql`, progress = ${progress}`))
          job.later(slot.retrySeconds);
        throw new BackInLine();
      },
      handOff: () => Promise.reject(new HandedOff()),
    });
    await db.transaction(async (tx) => {
      const charged = await settlePaidJob(tx, spec.bill, result.credits);
      if (await spec.finish(tx, result, charged)) await storageUsage.add(tx, spec.bill.userId, result.bytes);
    });
    return 'done';
  } catch (e) {
    if (e instanceof BackInLine) return 'waiting';
    if (e instanceof HandedOff) {
      // No beat may renew the lease after it is dropped.
      clearInterval(heartbeat);
      await beat;
      if (slot) await slot.slots.release(db, slot.rowId, job.id);
      return 'waiting';
    }
    if (job.signal.aborted) throw e;
    job.log.warn({ err: e, jobKey: spec.bill.jobKey }, 'paid job failed');
    await failPaidJob(ctx, spec, spec.reasonOf(e));
    return 'failed';
  } finally {
    clearInterval(heartbeat);
  }
}

/** A paid job that cannot start (its engine or input is gone): full refund, the row failed. */
export async function failPaidJob(
  ctx: AppContext,
  spec: Pick<PaidJobSpec<PaidResult>, 'bill' | 'fail' | 'cleanUp'>,
  reason: string,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await refundPaidJob(tx, spec.bill);
    await spec.fail(tx, reason);
  });
  await spec.cleanUp?.();
}
