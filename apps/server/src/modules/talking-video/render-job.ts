import { rm } from 'node:fs/promises';
import { AvatarEngineError } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { studioMessages } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import { AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { failPaidJob, runPaidJob, creditsFor, resultFacts, speechStep, workSlot } from '../producing/index.js';
import { CHUNKS_FROM, openTalkingWork, readableReason, renderInChunks } from './chunk-job.js';
import { renderStep, type StepContext } from './render-steps.js';
import type { TalkingVideoDeps } from './service.js';

/** How soon a work that found no free slot asks again (its job is re-sent, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;
const AVATAR_RETRY_SECONDS = 3;


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
  const open = await openTalkingWork(ctx, workId, job);
  if (!open) return;
  const { row, work, ends, engine } = open;
  // A work made from a material video waits (status 1, no worker held) until its avatar is prepared.
  const avatar = await avatarsRepo.find(db, work.p.avatarId);
  if (avatar?.status === AVATAR_STATUS.processing) {
    job.later(AVATAR_RETRY_SECONDS);
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
      slot: workSlot(row, engine, SLOT_RETRY_SECONDS),
      reasonOf: readableReason,
      run: async ({ signal, progress, handOff }) => {
        const s: StepContext = { ctx, work, scratch, signal, progress };
        const audio = await speechStep(s, deps.voices);
        // A long speech on an engine that renders ranges of frames: its chunks render in jobs of their own.
        if (await renderInChunks(s, engine, audio)) {
          s.progress(CHUNKS_FROM / 100);
          return handOff();
        }
        s.progress(0.2);
        const video = await renderStep(s, engine, audio);
        s.progress(0.95);
        const facts = await resultFacts(s, video, () => new AvatarEngineError('resultInvalid'));
        return { ...facts, credits: creditsFor(facts.duration, work.p.creditsPerSecond) };
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
