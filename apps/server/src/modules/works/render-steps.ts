import path from 'node:path';
import { studioMessages, voiceMessages } from '@app/contract';
import { AvatarEngineError, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import type { SpeechEmotion } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { preparedAvatarOf, avatarsRepo } from '../avatars/index.js';
import type { StudioVoices } from './ports.js';
import { workFileKeys } from './present.js';
import { worksRepo, type WorkRow } from './repo.js';

export interface StepContext {
  ctx: AppContext;
  work: WorkRow;
  scratch: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the whole job. */
  progress: (fraction: number) => void;
}

const workPrefix = (w: WorkRow) => `users/${w.userId}/works/${w.id}/`;

/** A stored step output, fetched as a local file; null when the step has not finished yet. */
async function stored(s: StepContext, key: string | null): Promise<string | null> {
  if (!key || !(await s.ctx.storage.head(key))) return null;
  return (await s.ctx.storage.toLocalFile(key, s.scratch)).path;
}

/** Step 1: the speech that drives the video (already there in audio mode or after an earlier run). */
export async function speechStep(s: StepContext, voices: StudioVoices): Promise<string> {
  const { ctx, work } = s;
  const kept = await stored(s, work.speechKey);
  if (kept) return kept;
  if (work.mode === 'audio') throw new AppError(studioMessages.audioFileRequired);
  const voice = work.voiceId ? await voices.find(ctx.database.db, work.voiceId) : null;
  if (!voice || (voice.userId !== null && voice.userId !== work.userId)) throw new AppError(voiceMessages.voiceMissing);
  const outFile = path.join(s.scratch, 'speech.m4a');
  const result = await ctx.engines.speech.forChannel(voice.api as 'local').synthesize({
    text: work.script,
    voice: voice.speech,
    rate: work.rate,
    volume: work.volume,
    pitch: work.pitch,
    language: work.language || undefined,
    emotion: (work.emotion || undefined) as SpeechEmotion | undefined,
    outFile,
    signal: s.signal,
  });
  const key = `${workPrefix(work)}speech.m4a`;
  await ctx.storage.putFile(key, result.file);
  await worksRepo.update(ctx.database.db, work.id, { speechKey: key, speechSeconds: result.duration });
  work.speechKey = key;
  work.speechSeconds = result.duration;
  return result.file;
}

/** Step 2: the talking video and its cover, rendered by the channel's engine and stored. */
export async function renderStep(s: StepContext, engine: AvatarVideoEngine, audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.coverKey ? await stored(s, work.videoKey) : null;
  if (kept) return kept;
  const row = await avatarsRepo.find(ctx.database.db, work.avatarId);
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
      taskId: work.engineTaskId ?? undefined,
      onTask: async (taskId) => {
        await worksRepo.update(ctx.database.db, work.id, { engineTaskId: taskId });
        work.engineTaskId = taskId;
      },
      onProgress: (f) => s.progress(0.2 + 0.7 * f),
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
  await worksRepo.update(ctx.database.db, work.id, { videoKey, coverKey });
  Object.assign(work, { videoKey, coverKey });
  return outFile;
}

/** Step 3: what was really made: one video and one audio stream, its duration and stored bytes. */
export async function probeStep(s: StepContext, videoFile: string): Promise<{ duration: number; bytes: number }> {
  const info = await probe(videoFile, { signal: s.signal });
  if (!info.video || !info.audio || !(info.duration > 0)) throw new AvatarEngineError('resultInvalid');
  let bytes = 0;
  for (const key of workFileKeys(s.work)) bytes += (await s.ctx.storage.head(key))?.size ?? 0;
  return { duration: info.duration, bytes };
}
