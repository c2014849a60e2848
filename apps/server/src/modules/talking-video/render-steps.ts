import path from 'node:path';
import { studioMessages, voiceMessages } from '@app/contract';
import { AvatarEngineError, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import type { SpeechEmotion } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { preparedAvatarOf, avatarsRepo } from '../avatars/index.js';
import { workFileKeys, workLedger } from '../works/index.js';
import type { TalkingParams, TalkingWork } from './params.js';
import type { StudioVoices } from './ports.js';

export interface StepContext {
  ctx: AppContext;
  work: TalkingWork;
  scratch: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the whole job. */
  progress: (fraction: number) => void;
}

const workPrefix = ({ row }: TalkingWork) => `users/${row.userId}/works/${row.id}/`;

/** Stores a step's params on the row and on the work in hand. */
async function keepParams(s: StepContext, params: Partial<TalkingParams>): Promise<void> {
  await workLedger.progress(s.ctx.database.db, s.work.row.id, { params });
  Object.assign(s.work.p, params);
}

/** A stored step output, fetched as a local file; null when the step has not finished yet. */
async function stored(s: StepContext, key: string | null): Promise<string | null> {
  if (!key || !(await s.ctx.storage.head(key))) return null;
  return (await s.ctx.storage.toLocalFile(key, s.scratch)).path;
}

/** Step 1: the speech that drives the video (already there in audio mode or after an earlier run). */
export async function speechStep(s: StepContext, voices: StudioVoices): Promise<string> {
  const { ctx, work } = s;
  const { p } = work;
  const kept = await stored(s, p.speechKey);
  if (kept) return kept;
  if (p.mode === 'audio') throw new AppError(studioMessages.audioFileRequired);
  const voice = p.voiceId ? await voices.find(ctx.database.db, p.voiceId) : null;
  if (!voice || (voice.userId !== null && voice.userId !== work.row.userId))
    throw new AppError(voiceMessages.voiceMissing);
  const outFile = path.join(s.scratch, 'speech.m4a');
  const result = await ctx.engines.speech.forChannel(voice.api as 'local').synthesize({
    text: p.script,
    voice: voice.speech,
    rate: p.rate,
    volume: p.volume,
    pitch: p.pitch,
    language: p.language || undefined,
    emotion: (p.emotion || undefined) as SpeechEmotion | undefined,
    outFile,
    signal: s.signal,
  });
  const key = `${workPrefix(work)}speech.m4a`;
  await ctx.storage.putFile(key, result.file);
  // The synthesized speech is the work's own file: listed so that deleting the work removes it.
  await keepParams(s, { speechKey: key, speechSeconds: result.duration, files: [key] });
  return result.file;
}

/** Step 2: the talking video and its cover, rendered by the channel's engine and stored. */
export async function renderStep(s: StepContext, engine: AvatarVideoEngine, audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await stored(s, work.row.videoKey) : null;
  if (kept) return kept;
  const row = await avatarsRepo.find(ctx.database.db, work.p.avatarId);
  if (!row) throw new AppError(studioMessages.avatarMissing);
  const { avatar, cleanup } = await preparedAvatarOf(ctx, row, s.scratch);
  const outFile = path.join(s.scratch, 'video.mp4');
  try {
    await engine.render({
      avatar,
      audioFile,
      outFile,
      signal: s.signal,
      // A remote task accepted before a restart is followed, never started twice.
      taskId: work.row.engineTaskId ?? undefined,
      onTask: async (taskId) => {
        await workLedger.progress(ctx.database.db, work.row.id, { set: { engineTaskId: taskId } });
        work.row.engineTaskId = taskId;
      },
      onProgress: (f) => s.progress(0.2 + 0.7 * f),
      // What the engine worked out about this avatar on first use is kept beside the other engines' parts.
      onEngineData: async (part) => {
        const fresh = await avatarsRepo.find(ctx.database.db, row.id);
        if (fresh) await avatarsRepo.setEngineData(ctx.database.db, row.id, { ...fresh.engineData, [engine.id]: part });
      },
    });
  } finally {
    await cleanup();
  }
  const cover = path.join(s.scratch, 'cover.jpg');
  await ffmpeg(['-i', outFile, '-frames:v', '1', '-q:v', '3', cover], { signal: s.signal });
  const videoKey = `${workPrefix(work)}video.mp4`;
  const coverKey = `${workPrefix(work)}cover.jpg`;
  await ctx.storage.putFile(videoKey, outFile);
  await ctx.storage.putFile(coverKey, cover);
  await workLedger.progress(ctx.database.db, work.row.id, { set: { videoKey, coverKey } });
  Object.assign(work.row, { videoKey, coverKey });
  return outFile;
}

/** Step 3: what was really made: one video and one audio stream, its duration and stored bytes. */
export async function probeStep(s: StepContext, videoFile: string): Promise<{ duration: number; bytes: number }> {
  const info = await probe(videoFile, { signal: s.signal });
  if (!info.video || !info.audio || !(info.duration > 0)) throw new AvatarEngineError('resultInvalid');
  let bytes = 0;
  for (const key of workFileKeys({ ...s.work.row, params: s.work.p }))
    bytes += (await s.ctx.storage.head(key))?.size ?? 0;
  return { duration: info.duration, bytes };
}
