import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { studioMessages } from '@app/contract';
import { AvatarEngineError, concatList, type AvatarVideoEngine } from '../../engines/avatar/index.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { footageScreen, renderFootage, avatarsRepo } from '../avatars/index.js';
import {
  backdropPlan,
  captionsStep,
  finishingOf,
  finishVideo,
  musicPlan,
  storedStepFile,
  workPrefix,
  type WorkSteps,
} from '../producing/index.js';
import { workLedger } from '../works/index.js';
import type { ChunkRow } from './chunks.js';
import type { TalkingParams } from './params.js';

export type StepContext = WorkSteps<TalkingParams>;

/** Step 2: the talking video and its cover, rendered by the channel's engine and stored. */
export async function renderStep(s: StepContext, engine: AvatarVideoEngine, audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await storedStepFile(s, work.row.videoKey) : null;
  if (kept) return kept;
  const row = await avatarsRepo.find(ctx.database.db, work.p.avatarId);
  if (!row) throw new AppError(studioMessages.avatarMissing);
  const rendered = path.join(s.scratch, 'video.mp4');
  // A backdrop behind an avatar not filmed on a screen: its person is matted onto green first.
  const footage = await renderFootage(ctx, row, engine, { backdrop: !!work.p.backdrop, scratch: s.scratch, signal: s.signal });
  // One pass for all the order asks of the picture and the sound.
  const finishing = await finishingOf(engine, row, async (size) => ({
    canvas: work.p.canvas,
    background: await backdropPlan(ctx, work.p.backdrop, footage.screen, s.scratch),
    captionsFile: await captionsStep(s, audioFile, size, work.p.canvas),
    music: await musicPlan(ctx, work.p.music, s.scratch),
  }));
  const { avatar, cleanup } = footage;
  try {
    await engine.render({
      avatar,
      audioFile,
      outFile: rendered,
      signal: s.signal,
      // A remote task accepted before a restart is followed, never started twice.
      taskId: work.row.engineTaskId ?? undefined,
      onTask: async (taskId) => {
        await workLedger.progress(ctx.database.db, work.row.id, { set: { engineTaskId: taskId } });
        work.row.engineTaskId = taskId;
      },
      onProgress: (f) => s.progress(0.2 + 0.7 * f),
      finish: finishing.finish,
      // What the engine worked out about this avatar on first use is kept beside the other engines' parts.
      onEngineData: async (part) => {
        const fresh = await avatarsRepo.find(ctx.database.db, row.id);
        if (fresh) await avatarsRepo.setEngineData(ctx.database.db, row.id, { ...fresh.engineData, [engine.id]: part });
      },
    });
  } finally {
    await cleanup();
  }
  return storeVideo(s, await finishing.after(await footage.finishable(rendered, s.signal), s.signal));
}

/** The finished video and its first frame as the cover, stored and recorded on the work. */
async function storeVideo(s: StepContext, outFile: string): Promise<string> {
  const { ctx, work } = s;
  const cover = path.join(s.scratch, 'cover.jpg');
  await ffmpeg(['-i', outFile, '-frames:v', '1', '-q:v', '3', cover], { signal: s.signal });
  const videoKey = `${workPrefix(work.row)}video.mp4`;
  const coverKey = `${workPrefix(work.row)}cover.jpg`;
  await ctx.storage.putFile(videoKey, outFile);
  await ctx.storage.putFile(coverKey, cover);
  await workLedger.progress(ctx.database.db, work.row.id, { set: { videoKey, coverKey } });
  Object.assign(work.row, { videoKey, coverKey });
  return outFile;
}

/**
 * The last step of a video rendered in chunks: the chunks' clips (each exactly its range of frames, all
 * encoded alike) joined by stream copy, the whole speech laid under them as one track, then what the
 * order asks beyond the picture (canvas, backdrop, captions, music) in one pass over the joined video,
 * so nothing of it is cut at a join. Stored as a whole render is.
 */
export async function joinStep(s: StepContext, chunks: ChunkRow[], audioFile: string): Promise<string> {
  const { ctx, work } = s;
  const kept = work.row.coverKey ? await storedStepFile(s, work.row.videoKey) : null;
  if (kept) return kept;
  const row = await avatarsRepo.find(ctx.database.db, work.p.avatarId);
  if (!row) throw new AppError(studioMessages.avatarMissing);
  const clips: string[] = [];
  for (const c of chunks) {
    if (!c.clipKey) throw new AvatarEngineError('renderFailed');
    clips.push((await ctx.storage.toLocalFile(c.clipKey, s.scratch)).path);
  }
  const list = path.join(s.scratch, 'chunks.ffconcat');
  await writeFile(list, concatList(clips));
  const frames = chunks.reduce((n, c) => n + c.frames, 0);
  const joined = path.join(s.scratch, 'video.mp4');
  await ffmpeg(
    [
      '-f', 'concat', '-safe', '0', '-i', list,
      '-i', audioFile,
      '-map', '0:v:0', '-map', '1:a:0',
      '-c:v', 'copy',
      '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k',
      '-t', (frames / row.fps).toFixed(6),
      '-movflags', '+faststart',
      joined,
    ],
    { signal: s.signal },
  );
  s.progress(0.93);
  const finished = await finishVideo(
    joined,
    {
      canvas: work.p.canvas,
      background: await backdropPlan(ctx, work.p.backdrop, footageScreen(row, !!work.p.backdrop), s.scratch),
      captionsFile: await captionsStep(s, audioFile, joined, work.p.canvas),
      music: await musicPlan(ctx, work.p.music, s.scratch),
    },
    s.signal,
  );
  return storeVideo(s, finished);
}
