import path from 'node:path';
import { z } from 'zod';
import { SCRIPT_MAX, studioMessages, voiceMessages } from '@app/contract';
import { countScriptChars, estimateSpeechSeconds, type SpeechEmotion } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { creditLedger, holdWithHeadroom } from '../credits/index.js';
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

/** Spec 001 §5: uploaded audio drives a video of 5 s to 30 min. */
const AUDIO_SECONDS = { min: 5, max: 30 * 60 };

/** What drives a spoken work: a script in a voice, or the user's own audio. */
export interface SpokenDrive {
  mode: 'text' | 'audio';
  voiceId: number | null;
  script: string;
  audio: { fileId: number; key: string; seconds: number } | null;
  estimateSeconds: number;
}

/** The user's uploads as a spoken work reads them (the files feature's `findOwned`). */
export interface DriveUploads {
  findOwned(db: Db, userId: number, id: number): Promise<{ id: number; kind: string; key: string; duration: number } | null>;
}

/**
 * Checks what drives the work, each refusal with the spec's message: an uploaded recording of 5 s to
 * 30 min (`material_audio_id`), or a script within the voice's limit and a voice the user may use that
 * is ready on a configured speech channel.
 */
export async function checkSpokenDrive(
  ctx: AppContext,
  deps: { uploads: DriveUploads; voices: StudioVoices },
  userId: number,
  p: { material_audio_id?: number; text?: string; voice_id?: number },
): Promise<SpokenDrive> {
  const db = ctx.database.db;
  if (p.material_audio_id) {
    const file = await deps.uploads.findOwned(db, userId, p.material_audio_id);
    if (!file) throw new AppError(studioMessages.audioFileRequired);
    if (file.kind !== 'voice') throw new AppError(studioMessages.audioFormat);
    if (file.duration < AUDIO_SECONDS.min || file.duration > AUDIO_SECONDS.max)
      throw new AppError(studioMessages.audioDuration);
    const audio = { fileId: file.id, key: file.key, seconds: file.duration };
    return { mode: 'audio', voiceId: null, script: '', audio, estimateSeconds: file.duration };
  }
  const script = p.text ?? '';
  if (countScriptChars(script) === 0) throw new AppError(studioMessages.scriptRequired);
  if (!p.voice_id) throw new AppError(studioMessages.voiceRequired);
  const v = await deps.voices.find(db, p.voice_id);
  if (!v || (v.userId !== null && v.userId !== userId)) throw new AppError(voiceMessages.voiceMissing);
  if (v.generateStatus === 1) throw new AppError(voiceMessages.cloning);
  if (v.generateStatus === 3) throw new AppError(voiceMessages.cloneFailed);
  if (!ctx.engines.speech.isConfigured(v.api as 'local')) throw new AppError(voiceMessages.channelUnavailable);
  const max = v.api === 'nw' ? SCRIPT_MAX.nw : SCRIPT_MAX.default;
  if (countScriptChars(script) > max) throw new AppError(voiceMessages.scriptTooLong(max));
  return { mode: 'text', voiceId: v.id, script, audio: null, estimateSeconds: estimateSpeechSeconds(script) };
}

/** A spoken work's price: whole seconds (at least one) times the channel's credits per second. */
export const creditsFor = (seconds: number, perSecond: number) => Math.max(1, Math.ceil(seconds - 0.001)) * perSecond;

/**
 * What a spoken work holds on submit: the estimate's price plus headroom, settled on the real duration.
 * Refused at once when the balance is short; `short` words the same refusal for a hold refused later.
 */
export async function spokenWorkHold(
  ctx: AppContext,
  userId: number,
  estimateSeconds: number,
  perSecond: number,
): Promise<{ credits: number; short: () => Promise<AppError> }> {
  const credits = holdWithHeadroom(creditsFor(estimateSeconds, perSecond), ctx.config.CREDIT_HOLD_HEADROOM_PERCENT);
  const short = async () =>
    new AppError(studioMessages.notEnoughCredits(credits, await creditLedger(ctx.database.db).balance(userId)));
  if ((await creditLedger(ctx.database.db).balance(userId)) < credits) throw await short();
  return { credits, short };
}

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
