import { rm } from 'node:fs/promises';
import path from 'node:path';
import { studioMessages, voiceMessages } from '@app/contract';
import { PhotoEngineError, photoMessages, type PhotoVideoEngine } from '../../engines/photo/index.js';
import { SpeechError, type SpeechEmotion } from '../../engines/speech/index.js';
import { scratchDir } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { failPaidJob, runPaidJob } from '../credits/index.js';
import { WORK_STATUS, workFileKeys, workLedger, workSlots } from '../works/index.js';
import { creditsFor, type PhotoVideoDeps } from './create.js';
import { PHOTO_KIND } from './labels.js';
import { photoWorkOf, type PhotoParams, type PhotoWork } from './params.js';

/** How soon a work that found no free slot asks again (its job is re-sent, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
const readableReason = (e: unknown) =>
  e instanceof PhotoEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : photoMessages.renderFailed;

interface Steps {
  ctx: AppContext;
  work: PhotoWork;
  scratch: string;
  signal: AbortSignal;
  progress: (fraction: number) => void;
}

const workPrefix = ({ row }: PhotoWork) => `users/${row.userId}/works/${row.id}/`;

async function keepParams(s: Steps, params: Partial<PhotoParams>): Promise<void> {
  await workLedger.progress(s.ctx.database.db, s.work.row.id, { params });
  Object.assign(s.work.p, params);
}

async function stored(s: Steps, key: string | null): Promise<string | null> {
  if (!key || !(await s.ctx.storage.head(key))) return null;
  return (await s.ctx.storage.toLocalFile(key, s.scratch)).path;
}

/** Step 1: the speech that drives the picture (the upload in audio mode, or kept from an earlier run). */
async function speechStep(s: Steps, deps: PhotoVideoDeps): Promise<string> {
  const { ctx, work } = s;
  const { p } = work;
  const kept = await stored(s, p.speechKey);
  if (kept) return kept;
  if (p.mode === 'audio') throw new AppError(studioMessages.audioFileRequired);
  const voice = p.voiceId ? await deps.voices.find(ctx.database.db, p.voiceId) : null;
  if (!voice || (voice.userId !== null && voice.userId !== work.row.userId))
    throw new AppError(voiceMessages.voiceMissing);
  const result = await ctx.engines.speech.forChannel(voice.api as 'local').synthesize({
    text: p.script,
    voice: voice.speech,
    rate: p.rate,
    volume: p.volume,
    pitch: p.pitch,
    language: p.language || undefined,
    emotion: (p.emotion || undefined) as SpeechEmotion | undefined,
    outFile: path.join(s.scratch, 'speech.m4a'),
    signal: s.signal,
  });
  const key = `${workPrefix(work)}speech.m4a`;
  await ctx.storage.putFile(key, result.file);
  await keepParams(s, { speechKey: key, speechSeconds: result.duration, files: [key] });
  return result.file;
}

/** Step 2: the clip and its cover, rendered by the channel's engine from the picture and stored. */
async function renderStep(s: Steps, engine: PhotoVideoEngine, audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await stored(s, work.row.videoKey) : null;
  if (kept) return kept;
  const image = await stored(s, work.p.imageKey);
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
  const cover = path.join(s.scratch, 'cover.jpg');
  await ffmpeg(['-i', result.file, '-frames:v', '1', '-q:v', '3', cover], { signal: s.signal });
  const videoKey = `${workPrefix(work)}video.mp4`;
  const coverKey = `${workPrefix(work)}cover.jpg`;
  await ctx.storage.putFile(videoKey, result.file);
  await ctx.storage.putFile(coverKey, cover);
  await keepParams(s, { faceAnimated: result.faceAnimated, note: result.note });
  await workLedger.progress(ctx.database.db, work.row.id, { set: { videoKey, coverKey } });
  Object.assign(work.row, { videoKey, coverKey });
  return result.file;
}

/** Step 3: what was really made: one video and one audio stream, its duration and stored bytes. */
async function probeStep(s: Steps, videoFile: string): Promise<{ duration: number; bytes: number }> {
  const info = await probe(videoFile, { signal: s.signal });
  if (!info.video || !info.audio || !(info.duration > 0)) throw new PhotoEngineError('renderFailed');
  let bytes = 0;
  for (const key of workFileKeys({ ...s.work.row, params: s.work.p }))
    bytes += (await s.ctx.storage.head(key))?.size ?? 0;
  return { duration: info.duration, bytes };
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
  const ends = {
    bill: { userId: row.userId, jobKey: row.jobKey, held: row.creditsHeld },
    finish: (tx: Db, facts: { duration: number; bytes: number }, charged: number) =>
      workLedger.finish(tx, row.id, { duration: facts.duration, creditsCharged: charged, storedBytes: facts.bytes }),
    fail: async (tx: Db, reason: string) => {
      await workLedger.fail(tx, row.id, reason);
    },
    // The user's own upload (audio mode) is never one of these: only the work's own files go.
    cleanUp: async () => {
      for (const key of workFileKeys({ ...work.row, params: work.p }))
        await ctx.storage.delete(key).catch(() => undefined);
    },
  };
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
      slot: {
        slots: workSlots,
        rowId: row.id,
        engine: { id: engine.id, max: engine.maxConcurrency },
        progress: row.progress,
        wait: async () =>
          void (await ctx.queue.send('photo.render', { workId: row.id }, { startAfter: SLOT_RETRY_SECONDS })),
      },
      reasonOf: readableReason,
      run: async ({ signal, progress }) => {
        const s: Steps = { ctx, work, scratch, signal, progress };
        const audio = await speechStep(s, deps);
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
