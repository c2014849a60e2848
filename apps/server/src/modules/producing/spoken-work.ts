import path from 'node:path';
import { z } from 'zod';
import { captionMessages, captionStyleOf, studioMessages, voiceMessages } from '@app/contract';
import {
  countScriptChars,
  estimateSpeechSeconds,
  scriptMaxOf,
  type SpeechEmotion,
  type SynthesizeInput,
  type SynthesizeResult,
} from '../../engines/speech/index.js';
import { TRANSCRIPTION_CHANNEL } from '../../engines/transcription/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { measureStored } from '../../platform/media/cost-bounds.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { ensureCredits, type ShortMessage } from '../billing/index.js';
import type { StudioVoices } from '../voices/index.js';
import { workFileKeys, workLedger, type WorkRow } from '../works/index.js';
import { captionParamsShape } from './captions.js';
import { finishParamsShape } from './finish-order.js';
import { holdWithHeadroom, submitPaidJob } from './paid-job.js';
import { workSlots } from './slots.js';

/**
 * What every work that speaks keeps in its params (talking videos, photo videos…): the order's speech
 * settings as submitted, the first step's output and the files the work owns. A producer's params
 * schema extends this shape with what only it reads.
 */
export const spokenParamsShape = {
  /** 'text' (speech synthesized here), 'audio' (the user's upload) or 'silence' (quiet for estimateSeconds). */
  mode: z.enum(['text', 'audio', 'silence']),
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
  ...captionParamsShape,
  /** The backdrop behind a screen-recorded presenter and the music under the voice (finish-order). */
  ...finishParamsShape,
};

type SpokenParams = z.output<z.ZodObject<typeof spokenParamsShape>>;

/** The order's speech settings as sent (empty: the channel's default, sliders at 1). */
interface SpokenSettings extends CaptionAsk {
  language?: string;
  emotion?: string;
  rate?: number;
  volume?: number;
  pitch?: number;
}

/** The order's caption params (all optional; captions=1 turns them on). */
type CaptionAsk = Parameters<typeof captionStyleOf>[0];

/** Spec 001 §5: uploaded audio drives a video of 5 s to 30 min. */
const AUDIO_SECONDS = { min: 5, max: 30 * 60 };

/** What drives a spoken work: a script in a voice, the user's own audio, or a stretch of silence. */
export interface SpokenDrive {
  mode: 'text' | 'audio' | 'silence';
  voiceId: number | null;
  script: string;
  audio: { fileId: number; key: string; seconds: number } | null;
  estimateSeconds: number;
}

/** The user's uploads as a spoken work reads them (the files feature's `findOwned`). */
export interface DriveUploads {
  findOwned(
    db: Db,
    userId: number,
    id: number,
  ): Promise<{ id: number; kind: string; key: string; duration: number } | null>;
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
  p: { material_audio_id?: number; text?: string; voice_id?: number; silence_seconds?: number } & CaptionAsk,
): Promise<SpokenDrive> {
  const db = ctx.database.db;
  // Captions of a recording come from speech recognition: refused before anything is held when there is none.
  if (p.material_audio_id && p.silence_seconds === undefined) checkAudioCaptions(ctx, p);
  // An order placed through the open API may ask for the avatar to stay silent for a while.
  if (p.silence_seconds !== undefined)
    return { mode: 'silence', voiceId: null, script: '', audio: null, estimateSeconds: p.silence_seconds };
  if (p.material_audio_id) {
    const file = await deps.uploads.findOwned(db, userId, p.material_audio_id);
    if (!file) throw new AppError(studioMessages.audioFileRequired);
    if (file.kind !== 'voice') throw new AppError(studioMessages.audioFormat);
    // The length held for is the recording's own, read from its packets, never what its header claims.
    const { seconds } = await measureStored(ctx, file.key);
    if (seconds < AUDIO_SECONDS.min || seconds > AUDIO_SECONDS.max) throw new AppError(studioMessages.audioDuration);
    const audio = { fileId: file.id, key: file.key, seconds };
    return { mode: 'audio', voiceId: null, script: '', audio, estimateSeconds: seconds };
  }
  const script = p.text ?? '';
  if (countScriptChars(script) === 0) throw new AppError(studioMessages.scriptRequired);
  if (!p.voice_id) throw new AppError(studioMessages.voiceRequired);
  const v = await deps.voices.find(db, p.voice_id);
  if (!v || (v.userId !== null && v.userId !== userId)) throw new AppError(voiceMessages.voiceMissing);
  if (v.generateStatus === 1) throw new AppError(voiceMessages.cloning);
  if (v.generateStatus === 3) throw new AppError(voiceMessages.cloneFailed);
  if (!ctx.engines.speech.isConfigured(v.api as 'local')) throw new AppError(voiceMessages.channelUnavailable);
  const max = scriptMaxOf(v.api);
  if (countScriptChars(script) > max) throw new AppError(voiceMessages.scriptTooLong(max));
  return { mode: 'text', voiceId: v.id, script, audio: null, estimateSeconds: estimateSpeechSeconds(script) };
}

/** Captions asked for a work driven by a recording: only with a speech recogniser configured. */
export function checkAudioCaptions(ctx: AppContext, p: CaptionAsk): void {
  if (captionStyleOf(p) && !ctx.engines.transcription.isConfigured(TRANSCRIPTION_CHANNEL))
    throw new AppError(captionMessages.audioNeedsTranscription);
}

/**
 * What a spoken work keeps in its params from its order: what drives it, its speech settings, its
 * estimate and price. In audio mode the upload is the speech step's output from the start (and stays
 * the user's file).
 */
export const spokenParams = (drive: SpokenDrive, p: SpokenSettings, creditsPerSecond: number): SpokenParams => ({
  mode: drive.mode,
  voiceId: drive.voiceId,
  script: drive.script,
  audioFileId: drive.audio?.fileId ?? null,
  speechKey: drive.audio?.key ?? null,
  speechSeconds: drive.audio?.seconds ?? null,
  language: p.language ?? '',
  emotion: p.emotion ?? '',
  rate: p.rate ?? 1,
  volume: p.volume ?? 1,
  pitch: p.pitch ?? 1,
  estimateSeconds: drive.estimateSeconds,
  creditsPerSecond,
  files: [],
  // Nothing is said in a silent work: nothing to caption.
  captions: drive.mode === 'silence' ? null : captionStyleOf(p),
  speechSpans: null,
  captionCues: null,
  captionsKey: null,
  backdrop: null,
  music: null,
});

/** A spoken work's price: whole seconds (at least one) times the channel's credits per second. */
export const creditsFor = (seconds: number, perSecond: number) => Math.max(1, Math.ceil(seconds - 0.001)) * perSecond;

/** The studio's words for short credits (spec 001): what the work needs and the balance. */
const studioShort: ShortMessage = (needed, balance) => studioMessages.notEnoughCredits(needed, balance);

/**
 * What a spoken work holds on submit: the estimate's price plus headroom, settled on the real duration.
 * Refused at once (CreditsShort in the studio's words) when the balance is short; `short` is the same
 * wording for the paid job's hold, which decides under the account's lock.
 */
export const spokenWorkHold = (ctx: AppContext, userId: number, estimateSeconds: number, perSecond: number) =>
  pricedWorkHold(ctx, userId, creditsFor(estimateSeconds, perSecond));

/** The same hold for a work whose estimated price is already summed (parts priced at different rates). */
export async function pricedWorkHold(
  ctx: AppContext,
  userId: number,
  price: number,
): Promise<{ credits: number; short: ShortMessage }> {
  const credits = holdWithHeadroom(price, ctx.config.CREDIT_HOLD_HEADROOM_PERCENT);
  await ensureCredits(ctx.database.db, userId, credits, studioShort);
  return { credits, short: studioShort };
}

/** An order whose result is a work (a row of the gallery), as its producer submits it. */
export interface WorkOrder {
  userId: number;
  /** The order as sent: identical params within the window are one order (a double click). */
  params: object;
  /** The screen's words when the hold is refused for short credits. */
  short: ShortMessage;
  /** How the ledger names the charge. */
  actionName: string;
  /** Writes the work's row (`workLedger.open`) with its `creditsHeld` and the `submission`. */
  open(tx: Db, submission: string): Promise<WorkRow>;
  /** Queues the new work's job (or jobs); not called when an identical order handed back its row. */
  queue(row: WorkRow): Promise<unknown>;
}

/**
 * Submits a work through the paid-job runner: an identical order still in flight hands back its row;
 * otherwise the row `open` writes and the hold of its `creditsHeld` are one transaction, then its job
 * is queued. Answers the work's id and the credits held for it.
 */
export async function submitWork(ctx: AppContext, order: WorkOrder): Promise<{ id: number; credits: number }> {
  const { userId } = order;
  const made = await submitPaidJob(ctx.database.db, {
    userId,
    short: order.short,
    params: order.params,
    findSame: (tx, submission, windowSeconds) => workLedger.sameSubmission(tx, userId, submission, windowSeconds),
    open: async (tx, submission) => {
      const row = await order.open(tx, submission);
      return { row, bill: { userId, jobKey: row.jobKey, held: row.creditsHeld, actionName: order.actionName } };
    },
  });
  if (made.fresh) await order.queue(made.row);
  return { id: made.row.id, credits: made.row.creditsHeld };
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

/**
 * Speaks a script in the voice a work names, read again when the work runs: it must still exist and be
 * one the work's owner may use (a public voice or their own).
 */
export async function speakInVoice(
  ctx: AppContext,
  voices: StudioVoices,
  work: { userId: number; voiceId: number | null },
  say: Omit<SynthesizeInput, 'voice'>,
): Promise<SynthesizeResult> {
  const voice = work.voiceId ? await voices.find(ctx.database.db, work.voiceId) : null;
  if (!voice || (voice.userId !== null && voice.userId !== work.userId)) throw new AppError(voiceMessages.voiceMissing);
  return ctx.engines.speech.forChannel(voice.api as 'local').synthesize({ ...say, voice: voice.speech });
}

/** Step 1 of a spoken work: the speech (already there in audio mode or after an earlier run). */
export async function speechStep<P extends SpokenParams>(s: WorkSteps<P>, voices: StudioVoices): Promise<string> {
  const { ctx, work } = s;
  const { p } = work;
  const kept = await storedStepFile(s, p.speechKey);
  if (kept) return kept;
  if (p.mode === 'audio') throw new AppError(studioMessages.audioFileRequired);
  const result: SynthesizeResult =
    p.mode === 'silence'
      ? await silence(p.estimateSeconds, path.join(s.scratch, 'speech.m4a'), s.signal)
      : await speakInVoice(
          ctx,
          voices,
          { userId: work.row.userId, voiceId: p.voiceId },
          {
            text: p.script,
            rate: p.rate,
            volume: p.volume,
            pitch: p.pitch,
            language: p.language || undefined,
            emotion: (p.emotion || undefined) as SpeechEmotion | undefined,
            outFile: path.join(s.scratch, 'speech.m4a'),
            signal: s.signal,
          },
        );
  const key = `${workPrefix(work.row)}speech.m4a`;
  await ctx.storage.putFile(key, result.file);
  // The synthesized speech is the work's own file: listed so that deleting the work removes it.
  await keepParams<SpokenParams>(s as unknown as WorkSteps<SpokenParams>, {
    speechKey: key,
    speechSeconds: result.duration,
    speechSpans: result.spans ?? null,
    files: [key],
  });
  return result.file;
}

/** Quiet audio of `seconds`, as the speech of a work or scene that stays silent (AAC in .m4a, WAV in .wav). */
export async function silence(
  seconds: number,
  outFile: string,
  signal?: AbortSignal,
): Promise<{ file: string; duration: number }> {
  const codec = outFile.endsWith('.wav') ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'aac', '-b:a', '64k'];
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', String(seconds), ...codec, '-y', outFile], {
    signal,
  });
  return { file: outFile, duration: seconds };
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
  for (const key of workFileKeys({ ...s.work.row, params: s.work.p }))
    bytes += (await s.ctx.storage.head(key))?.size ?? 0;
  return { duration: info.duration, bytes };
}

/** How a work ends, for the paid-job runner: done with its facts, or failed with its own files removed. */
export function workEndings(ctx: AppContext, work: ProducedWork<{ files: string[] }>) {
  return {
    bill: { userId: work.row.userId, jobKey: work.row.jobKey, held: work.row.creditsHeld },
    finish: (tx: Db, facts: { duration: number; bytes: number }, charged: number) =>
      workLedger.finish(tx, work.row.id, {
        duration: facts.duration,
        creditsCharged: charged,
        storedBytes: facts.bytes,
      }),
    fail: async (tx: Db, reason: string) => {
      await workLedger.fail(tx, work.row.id, reason);
    },
    // The user's own upload (audio mode) is never one of these: only the work's own files go.
    cleanUp: async () => {
      for (const key of workFileKeys({ ...work.row, params: work.p }))
        await ctx.storage.delete(key).catch(() => undefined);
    },
  };
}

/**
 * A work's engine slot for the paid-job runner. No free slot (or earlier works first): the same job
 * comes back after `retrySeconds`, so it never holds a worker that a work on another engine could
 * use; the work keeps status 1 and its place.
 */
export const workSlot = (row: WorkRow, engine: { id: string; maxConcurrency: number }, retrySeconds: number) => ({
  slots: workSlots,
  rowId: row.id,
  engine: { id: engine.id, max: engine.maxConcurrency },
  progress: row.progress,
  retrySeconds,
});
