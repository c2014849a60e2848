import { rm } from 'node:fs/promises';
import { AvatarEngineError, avatarMessages, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { scratchFor, studioEngines } from '../avatars/engines.js';
import { creditsFor } from './create-rules.js';
import { WORK_STATUS } from './labels.js';
import { workFileKeys } from './present.js';
import { probeStep, renderStep, speechStep, type StepContext } from './render-steps.js';
import { worksRepo, type WorkRow } from './repo.js';
import type { WorksDeps } from './service.js';
import { renewLease, takeChannelSlot } from './slots.js';

const HEARTBEAT_MS = 2000;
const SLOT_POLL_MS = 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))), { once: true });
  });

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
const readableReason = (e: unknown) =>
  e instanceof AvatarEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : avatarMessages.renderFailed;

/** Waits (status 1, with its queue position) until the channel's engine has a free slot for this work. */
async function waitForSlot(
  ctx: AppContext,
  work: WorkRow,
  engine: AvatarVideoEngine,
  signal: AbortSignal,
): Promise<void> {
  const registry = studioEngines(ctx).avatar;
  const sameEngine = registry.channels().filter((c) => c.available && registry.forChannel(c.channel) === engine);
  const slots = { id: engine.id, channels: sameEngine.map((c) => c.channel as string), max: engine.maxConcurrency };
  while (!(await takeChannelSlot(ctx.database.db, work, slots, ctx.config.WORK_LEASE_SECONDS)))
    await sleep(SLOT_POLL_MS, signal);
}

/** Settles on the real duration, then marks the work done; both are safe to repeat. */
async function complete(ctx: AppContext, deps: WorksDeps, work: WorkRow, facts: { duration: number; bytes: number }) {
  const real = creditsFor(facts.duration, work.creditsPerSecond);
  const settled = await deps.credits.settle(ctx.database.db, work.jobKey, real);
  await ctx.database.db.transaction(async (tx) => {
    const ended = await worksRepo.finish(tx, work.id, {
      status: WORK_STATUS.done,
      duration: facts.duration,
      progress: 100,
      creditsCharged: settled?.charged ?? real,
      storedBytes: facts.bytes,
    });
    if (ended) await deps.usage.add(tx, work.userId, facts.bytes);
  });
}

/** Any failure: full refund, status 4 with the reason, and the partial files removed. */
async function fail(ctx: AppContext, deps: WorksDeps, work: WorkRow, reason: string): Promise<void> {
  await deps.credits.refund(ctx.database.db, work.jobKey);
  await worksRepo.finish(ctx.database.db, work.id, {
    status: WORK_STATUS.failed,
    failReason: reason,
    creditsCharged: 0,
  });
  for (const key of workFileKeys(work)) await ctx.storage.delete(key).catch(() => undefined);
}

/**
 * The synthesis job. Each step stores its output on the work row before the next begins, so a
 * retried or resumed run skips what is done; the ledger settles or refunds a job key only once.
 */
export async function renderWork(ctx: AppContext, deps: WorksDeps, workId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const work = await worksRepo.find(db, workId);
  if (!work || work.status === WORK_STATUS.done || work.status === WORK_STATUS.failed) return;
  const scratch = await scratchFor(ctx, `work-${work.id}-${job.id}`);
  let progress = work.progress;
  const lease = ctx.config.WORK_LEASE_SECONDS;
  await renewLease(db, work.id, progress, lease);
  // Renewed at a third of the lease, so one missed beat never frees the slot of a live job.
  const heartbeat = setInterval(
    () => {
      renewLease(db, work.id, progress, lease).catch((err: unknown) => job.log.warn({ err }, 'lease renewal failed'));
    },
    Math.min(HEARTBEAT_MS, (lease * 1000) / 3),
  );
  try {
    const engine = studioEngines(ctx).avatar.forChannel(work.channel);
    await waitForSlot(ctx, work, engine, job.signal);
    const s: StepContext = {
      ctx,
      work,
      scratch,
      signal: job.signal,
      progress: (f) => (progress = Math.max(progress, Math.round(f * 100))),
    };
    const audio = await speechStep(s, deps.voices);
    s.progress(0.2);
    const video = await renderStep(s, engine, audio);
    s.progress(0.95);
    await complete(ctx, deps, work, await probeStep(s, video));
  } catch (e) {
    // A shutdown hands the job back to the queue untouched; it resumes from the last stored step.
    if (job.signal.aborted) throw e;
    job.log.warn({ err: e, workId }, 'work failed');
    await fail(ctx, deps, work, readableReason(e));
  } finally {
    clearInterval(heartbeat);
    await rm(scratch, { recursive: true, force: true });
  }
}
