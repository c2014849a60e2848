import { rm } from 'node:fs/promises';
import { AvatarEngineError, avatarMessages, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { studioMessages } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import { AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { failPaidJob, runPaidJob } from '../credits/index.js';
import { WORK_STATUS, workFileKeys, workLedger, workSlots, type WorkRow } from '../works/index.js';
import type { Db } from '../../platform/db/client.js';
import { creditsFor } from './create-rules.js';
import { TALKING_KIND } from './labels.js';
import { talkingWorkOf, type TalkingWork } from './params.js';
import { probeStep, renderStep, speechStep, type StepContext } from './render-steps.js';
import type { TalkingVideoDeps } from './service.js';

/** How soon a work that found no free slot asks again (its job is re-sent, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;
const AVATAR_RETRY_SECONDS = 3;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
const readableReason = (e: unknown) =>
  e instanceof AvatarEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : avatarMessages.renderFailed;

/** The work's bill in the ledger: held on submit under its job key. */
const billOf = (work: WorkRow) => ({ userId: work.userId, jobKey: work.jobKey, held: work.creditsHeld });

/** How a work ends, for the paid-job runner: done with its facts, or failed with the partial files removed. */
function endings(ctx: AppContext, work: TalkingWork) {
  return {
    bill: billOf(work.row),
    finish: (tx: Db, facts: { duration: number; bytes: number }, charged: number) =>
      workLedger.finish(tx, work.row.id, {
        duration: facts.duration,
        creditsCharged: charged,
        storedBytes: facts.bytes,
      }),
    fail: async (tx: Db, reason: string) => {
      await workLedger.fail(tx, work.row.id, reason);
    },
    cleanUp: async () => {
      for (const key of workFileKeys({ ...work.row, params: work.p }))
        await ctx.storage.delete(key).catch(() => undefined);
    },
  };
}

/**
 * The synthesis job. Each step stores its output on the work row before the next begins, so a
 * retried or resumed run skips what is done; the paid-job runner settles or refunds only once.
 */
export async function renderWork(
  ctx: AppContext,
  deps: TalkingVideoDeps,
  workId: number,
  job: JobContext,
): Promise<void> {
  const db = ctx.database.db;
  const row = await workLedger.find(db, workId, TALKING_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const work = talkingWorkOf(row);
  const ends = endings(ctx, work);
  let engine: AvatarVideoEngine;
  try {
    engine = ctx.engines.avatar.forChannel(row.channel);
  } catch (e) {
    job.log.warn({ err: e, workId }, 'work failed');
    await failPaidJob(ctx, ends, readableReason(e));
    return;
  }
  // A work made from a material video waits (status 1, no worker held) until its avatar is prepared.
  const avatar = await avatarsRepo.find(db, work.p.avatarId);
  if (avatar?.status === AVATAR_STATUS.processing) {
    await ctx.queue.send('work.render', { workId: row.id }, { startAfter: AVATAR_RETRY_SECONDS });
    return;
  }
  const unusable =
    !avatar || avatar.status !== AVATAR_STATUS.ready
      ? avatar?.failReason || studioMessages.avatarFailed
      : engine.unusableReason?.(avatar);
  if (unusable) {
    await failPaidJob(ctx, ends, unusable);
    return;
  }
  const scratch = await scratchDir(ctx.config.dataDir, `work-${row.id}-${job.id}`);
  try {
    await runPaidJob<{ duration: number; bytes: number; credits: number }>(ctx, job, {
      ...ends,
      // No free slot (or earlier works first): come back shortly as a new job, so a waiting work never
      // holds a worker that a work on another engine could use. The work keeps status 1 and its place.
      slot: {
        slots: workSlots,
        rowId: row.id,
        engine: { id: engine.id, max: engine.maxConcurrency },
        progress: row.progress,
        wait: async () =>
          void (await ctx.queue.send('work.render', { workId: row.id }, { startAfter: SLOT_RETRY_SECONDS })),
      },
      reasonOf: readableReason,
      run: async ({ signal, progress }) => {
        const s: StepContext = { ctx, work, scratch, signal, progress };
        const audio = await speechStep(s, deps.voices);
        s.progress(0.2);
        const video = await renderStep(s, engine, audio);
        s.progress(0.95);
        const facts = await probeStep(s, video);
        return { ...facts, credits: creditsFor(facts.duration, work.p.creditsPerSecond) };
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
