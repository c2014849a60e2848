import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PhotoEngineError, photoMessages, type PhotoVideoEngine } from '../../engines/photo/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import {
  captionsStep,
  failPaidJob,
  finishVideo,
  musicPlan,
  runPaidJob,
  creditsFor,
  keepParams,
  resultFacts,
  speechStep,
  storedStepFile,
  workEndings,
  workPrefix,
  workSlot,
  type FinishPlan,
  type WorkSteps,
} from '../producing/index.js';
import { WORK_STATUS, workLedger } from '../works/index.js';
import type { PhotoVideoDeps } from './create.js';
import { PHOTO_KIND } from './labels.js';
import { photoWorkOf, type PhotoParams } from './params.js';

/** How soon a work that found no free slot asks again (its job is re-sent, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
const readableReason = (e: unknown) =>
  e instanceof PhotoEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : photoMessages.renderFailed;

type Steps = WorkSteps<PhotoParams>;

/** Step 2: the clip and its cover, rendered by the channel's engine from the picture and stored. */
async function renderStep(s: Steps, engine: PhotoVideoEngine, audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await storedStepFile(s, work.row.videoKey) : null;
  if (kept) return kept;
  const image = await storedStepFile(s, work.p.imageKey);
  if (!image) throw new PhotoEngineError('imageUnreadable');
  const outFile = path.join(s.scratch, 'video.mp4');
  const result = await engine.render({
    image,
    audioFile,
    outFile,
    signal: s.signal,
    onProgress: (f) => s.progress(0.2 + 0.7 * f),
    // A remote task accepted before a restart is followed, never started (and paid at the vendor) twice.
    taskId: work.row.engineTaskId ?? undefined,
    onTask: async (taskId) => {
      await workLedger.progress(ctx.database.db, work.row.id, { set: { engineTaskId: taskId } });
      work.row.engineTaskId = taskId;
    },
  });
  // One pass over the render for all the order asks of the picture and the sound.
  const plan: FinishPlan = {
    canvas: work.p.canvas,
    captionsFile: await captionsStep(s, audioFile, result.file),
    music: await musicPlan(ctx, work.p.music, s.scratch),
  };
  const finished = await finishVideo(result.file, plan, s.signal);
  const cover = path.join(s.scratch, 'cover.jpg');
  await ffmpeg(['-i', finished, '-frames:v', '1', '-q:v', '3', cover], { signal: s.signal });
  const videoKey = `${workPrefix(work.row)}video.mp4`;
  const coverKey = `${workPrefix(work.row)}cover.jpg`;
  await ctx.storage.putFile(videoKey, finished);
  await ctx.storage.putFile(coverKey, cover);
  await keepParams(s, { faceAnimated: result.faceAnimated, note: result.note });
  await workLedger.progress(ctx.database.db, work.row.id, { set: { videoKey, coverKey } });
  Object.assign(work.row, { videoKey, coverKey });
  return finished;
}

/** The photo video job: each step stores its output before the next; the runner settles or refunds once. */
export async function renderPhotoWork(
  ctx: AppContext,
  deps: PhotoVideoDeps,
  workId: number,
  job: JobContext,
): Promise<void> {
  const db = ctx.database.db;
  const row = await workLedger.find(db, workId, PHOTO_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const work = photoWorkOf(row);
  const ends = workEndings(ctx, work);
  let engine: PhotoVideoEngine;
  try {
    engine = ctx.engines.photo.forChannel(row.channel);
  } catch (e) {
    job.log.warn({ err: e, workId }, 'photo work failed');
    await failPaidJob(ctx, ends, readableReason(e));
    return;
  }
  const scratch = await scratchDir(ctx.config.dataDir, `photo-${row.id}-${job.id}`);
  try {
    await runPaidJob<{ duration: number; bytes: number; credits: number }>(ctx, job, {
      ...ends,
      slot: workSlot(row, engine, SLOT_RETRY_SECONDS),
      reasonOf: readableReason,
      run: async ({ signal, progress }) => {
        const s: Steps = { ctx, work, scratch, signal, progress };
        const audio = await speechStep(s, deps.voices);
        s.progress(0.2);
        const video = await renderStep(s, engine, audio);
        s.progress(0.95);
        const facts = await resultFacts(s, video, () => new PhotoEngineError('renderFailed'));
        return { ...facts, credits: creditsFor(facts.duration, work.p.creditsPerSecond) };
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
