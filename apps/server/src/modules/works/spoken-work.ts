import path from 'node:path';
import { z } from 'zod';
import { studioMessages, voiceMessages } from '@app/contract';
import type { SpeechEmotion } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { probe } from '../../platform/media/ffmpeg.js';
import type { StudioVoices } from '../voices/index.js';
import { workLedger } from './ledger.js';
import { workFileKeys } from './present.js';
import type { WorkRow } from './repo.js';
import { workSlots } from './slots.js';

/**
 * What every work that speaks keeps in its params (talking videos, photo videos…): the order's speech
 * settings as submitted, the first step's output and the files the work owns. A producer's params
 * schema extends this shape with what only it reads.
 */
export const spokenParamsShape = {
  /** 'text' (speech synthesized here) or 'audio' (the user's upload). */
  mode: z.enum(['text', 'audio']),
  voiceId: z.number().int().nullable().default(null),
  script: z.string().default(''),
  audioFileId: z.number().int().nullable().default(null),
  language: z.string().default(''),
  emotion: z.string().default(''),
  rate: z.number().default(1),
  volume: z.number().default(1),
  pitch: z.number().default(1),
  estimateSeconds: z.number(),
  creditsPerSecond: z.number().int(),
  /** Step 1's output: the speech that drives the video (the upload itself in audio mode). */
  speechKey: z.string().nullable().default(null),
  speechSeconds: z.number().nullable().default(null),
  /** Stored files the work owns besides its video and cover (synthesized speech); deletion removes them. */
  files: z.array(z.string()).default([]),
};

type SpokenParams = z.output<z.ZodObject<typeof spokenParamsShape>>;

/** A work in production: the gallery row and its parsed params, updated together as steps finish. */
export interface ProducedWork<P> {
  row: WorkRow;
  p: P;
}

/** What each step of a work's job has at hand. */
export interface WorkSteps<P> {
  ctx: AppContext;
  work: ProducedWork<P>;
  scratch: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the whole job. */
  progress: (fraction: number) => void;
}

/** The folder of a work's own files. */
export const workPrefix = (row: Pick<WorkRow, 'userId' | 'id'>) => `users/${row.userId}/works/${row.id}/`;

/** Stores a step's params on the row and on the work in hand. */
export async function keepParams<P extends object>(s: WorkSteps<P>, params: Partial<P>): Promise<void> {
  await workLedger.progress(s.ctx.database.db, s.work.row.id, { params });
  Object.assign(s.work.p, params);
}

/** A stored step output, fetched as a local file; null when the step has not finished yet. */
export async function storedStepFile<P>(s: WorkSteps<P>, key: string | null): Promise<string | null> {
  if (!key || !(await s.ctx.storage.head(key))) return null;
  return (await s.ctx.storage.toLocalFile(key, s.scratch)).path;
}

/** Step 1 of a spoken work: the speech (already there in audio mode or after an earlier run). */
export async function speechStep<P extends SpokenParams>(s: WorkSteps<P>, voices: StudioVoices): Promise<string> {
  const { ctx, work } = s;
  const { p } = work;
  const kept = await storedStepFile(s, p.speechKey);
  if (kept) return kept;
  if (p.mode === 'audio') throw new AppError(studioMessages.audioFileRequired);
  const voice = p.voiceId ? await voices.find(ctx.database.db, p.voiceId) : null;
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
  const key = `${workPrefix(work.row)}speech.m4a`;
  await ctx.storage.putFile(key, result.file);
  // The synthesized speech is the work's own file: listed so that deleting the work removes it.
  await keepParams<SpokenParams>(s as unknown as WorkSteps<SpokenParams>, {
    speechKey: key,
    speechSeconds: result.duration,
    files: [key],
  });
  return result.file;
}

/** The last step: what was really made (one video and one audio stream), its duration and stored bytes. */
export async function resultFacts<P extends SpokenParams>(
  s: WorkSteps<P>,
  videoFile: string,
  invalid: () => Error,
): Promise<{ duration: number; bytes: number }> {
  const info = await probe(videoFile, { signal: s.signal });
  if (!info.video || !info.audio || !(info.duration > 0)) throw invalid();
  let bytes = 0;
  for (const key of workFileKeys({ ...s.work.row, params: s.work.p })) bytes += (await s.ctx.storage.head(key))?.size ?? 0;
  return { duration: info.duration, bytes };
}

/** How a work ends, for the paid-job runner: done with its facts, or failed with its own files removed. */
export function workEndings(ctx: AppContext, work: ProducedWork<{ files: string[] }>) {
  return {
    bill: { userId: work.row.userId, jobKey: work.row.jobKey, held: work.row.creditsHeld },
    finish: (tx: Db, facts: { duration: number; bytes: number }, charged: number) =>
      workLedger.finish(tx, work.row.id, { duration: facts.duration, creditsCharged: charged, storedBytes: facts.bytes }),
    fail: async (tx: Db, reason: string) => {
      await workLedger.fail(tx, work.row.id, reason);
    },
    // The user's own upload (audio mode) is never one of these: only the work's own files go.
    cleanUp: async () => {
      for (const key of workFileKeys({ ...work.row, params: work.p })) await ctx.storage.delete(key).catch(() => undefined);
    },
  };
}

/**
 * A work's engine slot for the paid-job runner. No free slot (or earlier works first): the work comes
 * back shortly as a new job through `resend`, so it never holds a worker that a work on another engine
 * could use; it keeps status 1 and its place.
 */
export const workSlot = (
  row: WorkRow,
  engine: { id: string; maxConcurrency: number },
  resend: () => Promise<unknown>,
) => ({
  slots: workSlots,
  rowId: row.id,
  engine: { id: engine.id, max: engine.maxConcurrency },
  progress: row.progress,
  wait: async () => void (await resend()),
});
