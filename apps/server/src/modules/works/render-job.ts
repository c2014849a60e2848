import { rm } from 'node:fs/promises';
import { AvatarEngineError, avatarMessages, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { studioMessages } from '@app/contract';
import { scratchFor, studioEngines } from '../avatars/engines.js';
import { AVATAR_STATUS, avatarsRepo } from '../avatars/repo.js';
import { creditsFor } from './create-rules.js';
import { WORK_STATUS } from './labels.js';
import { workFileKeys } from './present.js';
import { probeStep, renderStep, speechStep, type StepContext } from './render-steps.js';
import { worksRepo, type WorkRow } from './repo.js';
import type { WorksDeps } from './service.js';
import { renewLease, takeEngineSlot } from './slots.js';

const HEARTBEAT_MS = 2000;
/** How soon a work that found no free slot asks again (its job is re-sent, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;
const AVATAR_RETRY_SECONDS = 3;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
const readableReason = (e: unknown) =>
  e instanceof AvatarEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : avatarMessages.renderFailed;

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
  const lease = ctx.config.WORK_LEASE_SECONDS;
  let engine: AvatarVideoEngine;
  try {
    engine = studioEngines(ctx).avatar.forChannel(work.channel);
  } catch (e) {
    job.log.warn({ err: e, workId }, 'work failed');
    await fail(ctx, deps, work, readableReason(e));
    return;
  }
  // A work made from a material video waits (status 1, no worker held) until its avatar is prepared.
  const avatar = await avatarsRepo.find(db, work.avatarId);
  if (avatar?.status === AVATAR_STATUS.processing) {
    await ctx.queue.send('work.render', { workId: work.id }, { startAfter: AVATAR_RETRY_SECONDS });
    return;
  }
  const unusable =
    !avatar || avatar.status !== AVATAR_STATUS.ready
      ? avatar?.failReason || studioMessages.avatarFailed
      : engine.unusableReason?.(avatar);
  if (unusable) {
    await fail(ctx, deps, work, unusable);
    return;
  }
  // No free slot (or earlier works first): come back shortly as a new job, so a waiting work never
  // holds a worker that a work on another engine could use. The work keeps status 1 and its place.
  const slot = await takeEngineSlot(db, work, { id: engine.id, max: engine.maxConcurrency }, job.id, lease);
  if (slot === 'gone') return;
  if (slot === 'wait') {
    await ctx.queue.send('work.render', { workId: work.id }, { startAfter: SLOT_RETRY_SECONDS });
    return;
  }
  const scratch = await scratchFor(ctx, `work-${work.id}-${job.id}`);
  let progress = work.progress;
  // Renewed at a third of the lease, so one missed beat never frees the slot of a live job.
  const heartbeat = setInterval(
    () => {
      renewLease(db, work.id, progress, lease).catch((err: unknown) => job.log.warn({ err }, 'lease renewal failed'));
    },
    Math.min(HEARTBEAT_MS, (lease * 1000) / 3),
  );
  try {
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
