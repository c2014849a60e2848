import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { multiSceneMessages as m } from '@app/contract';
import { AvatarEngineError, avatarMessages } from '../../engines/avatar/index.js';
import { scratchDir } from '../../engines/index.js';
import { PhotoEngineError } from '../../engines/photo/index.js';
import { SpeechError } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg, type MediaInfo } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { AVATAR_STATUS, avatarsRepo, renderFootage } from '../avatars/index.js';
import {
  captionsSrt,
  failPaidJob,
  finishingOf,
  finishVideo,
  finishParamsShape,
  backdropPlan,
  pictureSize,
  sceneSlots,
  silence,
  speakInVoice,
  timeCaptions,
  workPrefix,
  writeCaptionsAss,
  type Canvas,
} from '../producing/index.js';
import { WORK_STATUS, workLedger } from '../works/index.js';
import { multiEndings } from './endings.js';
import { MULTI_KIND, SCENE_STATUS } from './labels.js';
import { clipOf, probeClip, trimSpeechEdges } from './media.js';
import { multiWorkOf, sceneSrtKey, type MultiParams, type MultiWork } from './params.js';
import { scenesRepo, type SceneRow } from './repo.js';
import type { MultiSceneDeps } from './service.js';

/** How soon a scene that found no free render slot asks again (the same job, holding no worker meanwhile). */
const SLOT_RETRY_SECONDS = 2;

/**
 * A video scene takes one of its engine's render slots, in line with the studio's works (the channel's
 * concurrency limit, submit order); 'wait' brings the same job back a little later. Audio-only scenes render no video.
 */
async function takeSlot(ctx: AppContext, work: MultiWork, scene: SceneRow, job: JobContext) {
  if (work.p.outputMode !== 'video') {
    await scenesRepo.set(ctx.database.db, scene.id, { status: SCENE_STATUS.rendering });
    return { answer: 'taken' as const, release: () => undefined };
  }
  // A photo scene takes its photo engine's slots (beside the photo videos), an avatar scene the work's engine's.
  const engine =
    scene.photoChannel !== null
      ? ctx.engines.photo.forChannel(scene.photoChannel)
      : ctx.engines.avatar.forChannel(work.row.channel);
  const lease = ctx.config.WORK_LEASE_SECONDS;
  const answer = await sceneSlots.take(
    ctx.database.db,
    scene.id,
    { id: engine.id, max: engine.maxConcurrency },
    job.id,
    lease,
  );
  if (answer === 'wait') job.later(SLOT_RETRY_SECONDS);
  if (answer !== 'taken') return { answer, release: () => undefined };
  // Renewed at a third of the lease, so one missed beat never frees the slot of a live render.
  const heartbeat = setInterval(
    () => {
      sceneSlots
        .renew(ctx.database.db, scene.id, lease)
        .catch((err: unknown) => job.log.warn({ err }, 'lease renewal failed'));
    },
    Math.min(30_000, (lease * 1000) / 3),
  );
  return { answer, release: () => clearInterval(heartbeat) };
}

/** The backdrop behind a scene's presenter: the scene's own when the order gave it one, else the work's. */
const sceneBackdrop = (work: MultiWork, scene: SceneRow): MultiParams['backdrop'] =>
  scene.backdrop ? finishParamsShape.backdrop.parse(scene.backdrop) : work.p.backdrop;

/** Errors carrying a message written for the user; anything else is reported as a render failure. */
export const readableReason = (e: unknown) =>
  e instanceof AvatarEngineError || e instanceof PhotoEngineError || e instanceof SpeechError || e instanceof AppError
    ? e.message
    : avatarMessages.renderFailed;

interface SceneSteps {
  ctx: AppContext;
  deps: MultiSceneDeps;
  work: MultiWork;
  scene: SceneRow;
  scratch: string;
  signal: AbortSignal;
}

/** Speech that drives a scene; its length is known when we made it (synthesized), probed later when uploaded. */
interface SceneSpeech {
  file: string;
  duration?: number;
}

/** The scene's speech: its own voice and sliders as a WAV, edges trimmed; or the user's upload as it is. */
async function sceneSpeech(s: SceneSteps): Promise<SceneSpeech> {
  const { ctx, deps, scene, work } = s;
  const db = ctx.database.db;
  if (scene.type === 'silence') return silence(scene.estimateSeconds, path.join(s.scratch, 'silence.wav'), s.signal);
  if (scene.type === 'audio') {
    const file = scene.fileId ? await deps.uploads.findOwned(db, work.row.userId, scene.fileId) : null;
    if (!file) throw new AppError(m.audioRequired);
    return { file: (await ctx.storage.toLocalFile(file.key, s.scratch)).path };
  }
  // Uncompressed: the clip's render encodes the sound once, and the edges are cut on the samples.
  const result = await speakInVoice(
    ctx,
    deps.voices,
    { userId: work.row.userId, voiceId: scene.voiceId },
    {
      text: scene.script,
      rate: scene.rate,
      volume: scene.volume,
      pitch: scene.pitch,
      outFile: path.join(s.scratch, 'speech.wav'),
      signal: s.signal,
    },
  );
  return trimSpeechEdges(result.file, path.join(s.scratch, 'speech-trimmed.wav'));
}

interface SceneClip {
  clip: string;
  cover: string | null;
  /** The clip's probe when the engine made one. */
  info?: MediaInfo;
}

/**
 * The scene's cover. An engine that does not move the lips shows the avatar as it was prepared, so
 * the avatar's own cover serves and no frame is decoded; otherwise the clip's first frame.
 */
async function sceneCover(s: SceneSteps, clip: string, avatarCover: string | null): Promise<string> {
  if (avatarCover) return (await s.ctx.storage.toLocalFile(avatarCover, s.scratch)).path;
  const cover = path.join(s.scratch, 'cover.jpg');
  await ffmpeg(['-i', clip, '-frames:v', '1', '-q:v', '3', cover], { signal: s.signal });
  return cover;
}

/** The scene's clip: the talking video from the chosen channel's engine, or (audio only) the speech as m4a. */
async function sceneClip(s: SceneSteps, speech: SceneSpeech): Promise<SceneClip> {
  const { ctx, work, scene } = s;
  if (work.p.outputMode === 'audio') {
    const clip = path.join(s.scratch, 'clip.m4a');
    await ffmpeg(['-i', speech.file, '-vn', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', clip], {
      signal: s.signal,
    });
    return { clip, cover: null };
  }
  if (scene.photoChannel !== null) return photoSceneClip(s, speech);
  const engine = ctx.engines.avatar.forChannel(work.row.channel);
  const row = scene.avatarId ? await avatarsRepo.find(ctx.database.db, scene.avatarId) : null;
  if (!row || row.status !== AVATAR_STATUS.ready) throw new AvatarEngineError('prepareFailed');
  const unusable = engine.unusableReason?.(row);
  if (unusable) throw new AppError(unusable);
  const rendered = path.join(s.scratch, 'clip.mp4');
  // One pass for all the scene asks of the picture and the sound.
  const canvas = work.p.canvases[scene.position] ?? null;
  const backdrop = sceneBackdrop(work, scene);
  const footage = await renderFootage(ctx, row, engine, { backdrop: !!backdrop, scratch: s.scratch, signal: s.signal });
  const finishing = await finishingOf(engine, row, async (size) => ({
    canvas,
    background: await backdropPlan(ctx, backdrop, footage.screen, s.scratch),
    captionsFile: await captionScene(s, speech, size, canvas),
  }));
  const { avatar, cleanup } = footage;
  let info: MediaInfo | undefined;
  try {
    ({ info } = await engine.render({
      avatar,
      audioFile: speech.file,
      audioDuration: speech.duration,
      outFile: rendered,
      signal: s.signal,
      finish: finishing.finish,
    }));
  } finally {
    await cleanup();
  }
  const clip = await finishing.after(await footage.finishable(rendered, s.signal), s.signal);
  if (clip === rendered)
    return { clip: rendered, cover: await sceneCover(s, rendered, engine.lipSync ? null : row.coverKey), info };
  // Finished: a new file whose cover and format are its own.
  return { clip, cover: await sceneCover(s, clip, null) };
}

/**
 * A photo scene's clip: the person photo speaking, made by its photo channel's engine as a photo video
 * is, then brought to the scene's frame with its captions in one pass.
 */
async function photoSceneClip(s: SceneSteps, speech: SceneSpeech): Promise<SceneClip> {
  const { ctx, scene } = s;
  const engine = ctx.engines.photo.forChannel(scene.photoChannel ?? '');
  if (!scene.imageKey || !(await ctx.storage.head(scene.imageKey))) throw new PhotoEngineError('imageUnreadable');
  const image = (await ctx.storage.toLocalFile(scene.imageKey, s.scratch)).path;
  const result = await engine.render({
    image,
    audioFile: speech.file,
    outFile: path.join(s.scratch, 'photo.mp4'),
    signal: s.signal,
    // A remote task accepted before a restart is followed, never started (and paid at the vendor) twice.
    taskId: scene.engineTaskId ?? undefined,
    onTask: async (taskId) => {
      await scenesRepo.set(ctx.database.db, scene.id, { engineTaskId: taskId });
      scene.engineTaskId = taskId;
    },
  });
  const canvas = s.work.p.canvases[scene.position] ?? null;
  const captionsFile = await captionScene(s, speech, result.file, canvas);
  const clip = await finishVideo(result.file, { canvas, captionsFile }, s.signal);
  return { clip, cover: await sceneCover(s, clip, null) };
}

/**
 * The scene's captions (the work's one style) as ASS for the finishing pass, drawn at the size the clip
 * will have (its canvas, else the render's); the SRT is stored beside the clip for the join to put together.
 */
async function captionScene(
  s: SceneSteps,
  speech: SceneSpeech,
  rendered: string | { width: number; height: number },
  canvas: Canvas | null,
) {
  const style = s.work.p.captions;
  if (!style) return null;
  const size = canvas ?? (typeof rendered === 'string' ? await pictureSize(rendered, s.signal) : rendered);
  // Timed on the voice heard in the scene's own (edge-trimmed) speech.
  const source = { mode: s.scene.type as 'text' | 'audio' | 'silence', script: s.scene.script, speechSpans: null };
  const cues = await timeCaptions(s.ctx, source, speech.file, style, size, s.scratch, s.signal);
  const srt = path.join(s.scratch, 'scene.srt');
  await writeFile(srt, captionsSrt(cues));
  await s.ctx.storage.putFile(sceneSrtKey(s.work, s.scene.position), srt);
  return cues.length ? writeCaptionsAss(s.scratch, cues, style, size) : null;
}

/**
 * One scene of the fan-out: speech, clip, stored; the last scene to land sends the join. A scene
 * that fails fails the whole work and refunds it; the other scenes then stop at their next start.
 */
export async function renderScene(
  ctx: AppContext,
  deps: MultiSceneDeps,
  sceneId: number,
  job: JobContext,
): Promise<void> {
  const db = ctx.database.db;
  const scene = await scenesRepo.find(db, sceneId);
  if (!scene || scene.status === SCENE_STATUS.done) return;
  const row = await workLedger.find(db, scene.workId, MULTI_KIND);
  if (!row || row.status === WORK_STATUS.done || row.status === WORK_STATUS.failed) return;
  const work = multiWorkOf(row);
  const slot = await takeSlot(ctx, work, scene, job);
  if (slot.answer !== 'taken') return;
  const scratch = await scratchDir(ctx.config.dataDir, `multi-scene-${scene.id}-${job.id}`);
  try {
    await workLedger.started(db, row.id);
    const s: SceneSteps = { ctx, deps, work, scene, scratch, signal: job.signal };
    const { clip, cover, info: probed } = await sceneClip(s, await sceneSpeech(s));
    // One probe (the engine's own when it made one): the clip's length, its streams, and (video) the format the join compares.
    const info = probed ? clipOf(probed) : await probeClip(clip, job.signal);
    const video = work.p.outputMode === 'video';
    if (!info.audio || (video && !info.video) || !(info.duration > 0)) throw new AvatarEngineError('renderFailed');
    const base = `${workPrefix(row)}scene-${scene.position + 1}`;
    const clipKey = `${base}.${video ? 'mp4' : 'm4a'}`;
    const coverKey = cover ? `${base}.jpg` : null;
    await ctx.storage.putFile(clipKey, clip);
    if (cover && coverKey) await ctx.storage.putFile(coverKey, cover);
    // Recorded now so that the join compares the clips without probing each again.
    const format = video ? { ...info.format } : null;
    const landed = await scenesRepo.landed(db, scene, { clipKey, coverKey, duration: info.duration, format });
    await workLedger.progress(db, row.id, { set: { progress: Math.round((90 * landed.done) / landed.total) } });
    if (landed.last) await ctx.queue.send('multi.join', { workId: row.id });
  } catch (e) {
    if (job.signal.aborted) throw e;
    job.log.warn({ err: e, sceneId }, 'scene failed');
    const reason = readableReason(e);
    await scenesRepo.set(db, scene.id, { status: SCENE_STATUS.failed, failReason: reason });
    await failPaidJob(ctx, multiEndings(ctx, work), m.sceneFailed(scene.position + 1, reason));
  } finally {
    slot.release();
    await rm(scratch, { recursive: true, force: true });
  }
}
