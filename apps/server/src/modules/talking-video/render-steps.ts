import path from 'node:path';
import { studioMessages } from '@app/contract';
import type { AvatarVideoEngine } from '../../engines/avatar/index.js';
import { AppError } from '../../platform/errors.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { renderFootage, avatarsRepo } from '../avatars/index.js';
import {
  backdropPlan,
  captionsStep,
  finishingOf,
  musicPlan,
  storedStepFile,
  workPrefix,
  type WorkSteps,
} from '../producing/index.js';
import { workLedger } from '../works/index.js';
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
  const outFile = await finishing.after(await footage.finishable(rendered, s.signal), s.signal);
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
