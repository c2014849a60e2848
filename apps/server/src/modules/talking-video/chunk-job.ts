import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { commonMessages, studioMessages } from '@app/contract';
import { AvatarEngineError, avatarMessages, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import { scratchDir } from '../../engines/index.js';
import { decodeSpeech, SPEECH_RATE } from '../../engines/talking-face/speech.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { CUTOFFS_MAX, type JobContext } from '../../platform/queue/jobs.js';
import { avatarsRepo, renderFootage, resendMissingJobs } from '../avatars/index.js';
import {
  chunkSlots,
  creditsFor,
  failPaidJob,
  resultFacts,
  runPaidJob,
  storedStepFile,
  workEndings,
  workPrefix,
} from '../producing/index.js';
import { WORK_STATUS, workLedger } from '../works/index.js';
import { CHUNK_STATUS, chunksRepo, planChunks, type ChunkRow } from './chunks.js';
import { talkingVideoJobs } from './jobs.js';
import { TALKING_KIND } from './labels.js';
import { talkingWorkOf, type TalkingWork } from './params.js';
import { joinStep, type StepContext } from './render-steps.js';

/** How soon a chunk that found no free slot asks again (the same job, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;

/** The share of the work's progress its speech and split take, and where the join begins. */
export const CHUNKS_FROM = 10;
const CHUNKS_TO = 90;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
export const readableReason = (e: unknown) =>
  e instanceof AvatarEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : avatarMessages.renderFailed;

/**
 * How a talking video ends for the paid-job runner: as a whole render does, and a chunked one's chunks
 * not yet done stop waiting for slots, their clips removed with the work's files.
 */
export function talkingEndings(ctx: AppContext, work: TalkingWork) {
  const base = workEndings(ctx, work);
  return {
    ...base,
    fail: async (tx: Db, reason: string) => {
      await base.fail(tx, reason);
      await chunksRepo.failUnfinished(tx, work.row.id);
    },
    cleanUp: async () => {
      await base.cleanUp();
      await removeChunkClips(ctx, work.row.id);
    },
  };
}

/**
 * The talking work a job is for, still to be made, with how it ends and its channel's engine: null when
 * it is finished already, or when its channel is gone (the work is then failed and refunded).
 */
export async function openTalkingWork(ctx: AppContext, workId: number, job: JobContext) {
  const row = await workLedger.find(ctx.database.db, workId, TALKING_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return null;
  const work = talkingWorkOf(row);
  const ends = talkingEndings(ctx, work);
  let engine: AvatarVideoEngine;
  try {
    engine = ctx.engines.avatar.forChannel(row.channel);
  } catch (e) {
    job.log.warn({ err: e, workId }, 'work failed');
    await failPaidJob(ctx, ends, readableReason(e));
    return null;
  }
  return { row, work, ends, engine };
}

/** The chunks' clips are steps: removed once the joined video is stored, or the work failed. */
async function removeChunkClips(ctx: AppContext, workId: number): Promise<void> {
  for (const c of await chunksRepo.ofWork(ctx.database.db, workId))
    if (c.clipKey) await ctx.storage.delete(c.clipKey).catch(() => undefined);
}

/** Sends the jobs a chunked work is waiting on and has none of: its chunks' renders, or (all landed) its join. */
async function sendMissing(ctx: AppContext, workId: number, chunks: ChunkRow[]): Promise<void> {
  const open = chunks.filter((c) => c.status !== CHUNK_STATUS.done).map((c) => c.id);
  if (open.length)
    await resendMissingJobs(ctx, 'work.chunk', 'chunkId', open, (chunkId) => ctx.queue.send('work.chunk', { chunkId }));
  else await resendMissingJobs(ctx, 'work.join', 'workId', [workId], (id) => ctx.queue.send('work.join', { workId: id }));
}

/**
 * After the speech of a work on an engine that renders ranges of frames: a speech longer than the
 * threshold is cut into chunks at its quiet moments (or was already, before a restart), each chunk
 * gets its render job, and true is answered: the work goes on in those jobs. False: rendered whole.
 */
export async function renderInChunks(s: StepContext, engine: AvatarVideoEngine, audioFile: string): Promise<boolean> {
  const { ctx, work } = s;
  const db = ctx.database.db;
  let chunks = await chunksRepo.ofWork(db, work.row.id);
  if (!chunks.length) {
    const after = ctx.config.TALKING_CHUNK_AFTER_SECONDS;
    if (!engine.segments || !(after > 0) || work.row.coverKey) return false;
    const seconds = (await probe(audioFile, { signal: s.signal })).duration;
    if (!(seconds > after)) return false;
    const avatar = await avatarsRepo.find(db, work.p.avatarId);
    if (!avatar || !(avatar.fps > 0)) return false;
    // The frames of the whole render, as the engine counts them from the speech's length.
    const total = Math.max(1, Math.round(seconds * avatar.fps));
    const samples = await decodeSpeech(audioFile, s.signal);
    const ranges = planChunks(samples, SPEECH_RATE, avatar.fps, total, ctx.config.TALKING_CHUNK_SECONDS);
    if (ranges.length < 2) return false;
    chunks = await chunksRepo.plan(db, { id: work.row.id, createdAt: work.row.createdAt, engine: engine.id }, ranges);
  }
  await workLedger.progress(db, work.row.id, { set: { progress: CHUNKS_FROM } });
  await sendMissing(ctx, work.row.id, chunks);
  return true;
}

/** The running chunk's slot lease and progress, renewed at a third of the lease (one missed beat never frees it). */
function chunkHeartbeat(ctx: AppContext, chunk: ChunkRow, job: JobContext) {
  const db = ctx.database.db;
  const lease = ctx.config.WORK_LEASE_SECONDS;
  let progress = 0;
  let beat: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      beat = chunkSlots
        .renew(db, chunk.id, lease, sql`, progress = ${progress}`)
        .then(() => chunksRepo.spreadProgress(db, chunk.workId, CHUNKS_FROM, CHUNKS_TO))
        .catch((err: unknown) => job.log.warn({ err }, 'lease renewal failed'));
    },
    Math.min(2000, (lease * 1000) / 3),
  );
  return {
    progress: (f: number) => (progress = Math.max(progress, Math.min(99, Math.round(f * 100)))),
    stop: async () => {
      clearInterval(timer);
      await beat;
    },
  };
}

/**
 * One chunk of a long video: its range of frames rendered on one of the engine's slots (any worker),
 * stored; the last chunk to land sends the join. A failed render is tried again by its own job's
 * retries, the other chunks untouched; past them the work fails and is refunded in full.
 */
export async function renderChunk(ctx: AppContext, chunkId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const chunk = await chunksRepo.find(db, chunkId);
  if (!chunk || chunk.status === CHUNK_STATUS.done || chunk.status === CHUNK_STATUS.failed) return;
  const open = await openTalkingWork(ctx, chunk.workId, job);
  if (!open) return;
  const { row, work, ends, engine } = open;
  // A chunk whose worker died under it again and again would take down the next one too.
  if (job.cutoffs >= CUTOFFS_MAX) {
    await failPaidJob(ctx, ends, commonMessages.jobCutOff);
    return;
  }
  const lease = ctx.config.WORK_LEASE_SECONDS;
  const answer = await chunkSlots.take(db, chunk.id, { id: engine.id, max: engine.maxConcurrency }, job.id, lease);
  if (answer === 'wait') job.later(SLOT_RETRY_SECONDS);
  if (answer !== 'taken') return;
  const beat = chunkHeartbeat(ctx, chunk, job);
  const scratch = await scratchDir(ctx.config.dataDir, `work-${row.id}-chunk-${chunk.position + 1}-${job.id}`);
  try {
    const chunks = await chunksRepo.ofWork(db, row.id);
    const total = chunks.reduce((n, c) => n + c.frames, 0);
    const s: StepContext = { ctx, work, scratch, signal: job.signal, progress: () => undefined };
    const speech = await storedStepFile(s, work.p.speechKey);
    const avatarRow = await avatarsRepo.find(db, work.p.avatarId);
    if (!speech || !avatarRow) throw new AppError(studioMessages.avatarMissing);
    const footage = await renderFootage(ctx, avatarRow, engine, {
      backdrop: !!work.p.backdrop,
      scratch,
      signal: job.signal,
    });
    const clip = path.join(scratch, 'chunk.mp4');
    try {
      await engine.render({
        avatar: footage.avatar,
        audioFile: speech,
        outFile: clip,
        signal: job.signal,
        segment: { start: chunk.startFrame, frames: chunk.frames, total },
        onProgress: beat.progress,
      });
    } finally {
      await footage.cleanup();
    }
    const clipKey = `${workPrefix(row)}chunk-${chunk.position + 1}.mp4`;
    await ctx.storage.putFile(clipKey, clip);
    await beat.stop();
    const landed = await chunksRepo.landed(db, chunk, clipKey);
    await chunksRepo.spreadProgress(db, row.id, CHUNKS_FROM, CHUNKS_TO);
    if (landed.last) await ctx.queue.send('work.join', { workId: row.id });
  } catch (e) {
    await beat.stop();
    if (job.signal.aborted) throw e;
    job.log.warn({ err: e, chunkId, workId: row.id }, 'chunk render failed');
    const failures = chunk.failures + 1;
    // Back in line without a slot while its job waits for the retry.
    await chunksRepo.set(db, chunk.id, { failures, status: CHUNK_STATUS.queued, renderJob: null, leaseUntil: null });
    if (failures <= talkingVideoJobs['work.chunk'].retryLimit) throw e;
    await failPaidJob(ctx, ends, readableReason(e));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Fan-in: the chunks' clips joined under the whole speech, finished once, then the work settled on the
 * joined video's real length, once, by the paid-job runner (or refunded in full when this fails).
 */
export async function joinChunks(ctx: AppContext, workId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const row = await workLedger.find(db, workId, TALKING_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const chunks = await chunksRepo.ofWork(db, workId);
  if (!chunks.length || chunks.some((c) => c.status !== CHUNK_STATUS.done)) return;
  const work = talkingWorkOf(row);
  const scratch = await scratchDir(ctx.config.dataDir, `work-${row.id}-join-${job.id}`);
  try {
    await runPaidJob<{ duration: number; bytes: number; credits: number }>(ctx, job, {
      ...talkingEndings(ctx, work),
      reasonOf: readableReason,
      run: async ({ signal, progress }) => {
        const s: StepContext = { ctx, work, scratch, signal, progress };
        const speech = await storedStepFile(s, work.p.speechKey);
        if (!speech) throw new AvatarEngineError('renderFailed');
        s.progress(CHUNKS_TO / 100);
        const video = await joinStep(s, chunks, speech);
        const facts = await resultFacts(s, video, () => new AvatarEngineError('resultInvalid'));
        // The joined video is stored (a rerun keeps it): the chunks' clips were steps.
        await removeChunkClips(ctx, workId);
        return { ...facts, credits: creditsFor(facts.duration, work.p.creditsPerSecond) };
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
