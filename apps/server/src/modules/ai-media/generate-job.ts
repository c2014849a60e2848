import fsp from 'node:fs/promises';
import path from 'node:path';
import { aiMediaMessages, AI_MEDIA_RULES } from '@app/contract';
import { scratchDir } from '../../engines/index.js';
import { GenerationError, pictureInfo } from '../../engines/image/index.js';
import type { AppContext } from '../../platform/context.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import type { JobContext } from '../../platform/queue/queue.js';
import { failPaidJob, refundPaidJob, runPaidJob, settlePaidJob } from '../producing/index.js';
import { readPicture } from './pictures.js';
import { mediaRepo, type MediaRow } from './repo.js';
import { imageParamsOf, videoParamsOf } from './service.js';
import { mediaSlots } from './slots.js';
import { workflowRepo } from './workflows.js';

interface Generated {
  resultKeys: string[];
  coverKey: string;
  duration: number;
  credits: number;
  bytes: number;
}

const reasonOf = (e: unknown) => (e instanceof GenerationError ? e.message : aiMediaMessages.remoteFailed);

/**
 * One order on its engine: take the engine's slot (waiting records keep their queue place), follow a
 * task accepted before a restart instead of starting another, copy every result into the owner's
 * storage at once, and settle the real price (10 credits a picture actually made; a video's price) or
 * refund in full on failure.
 */
export function generateJob(ctx: AppContext) {
  const db = ctx.database.db;
  const base = (r: MediaRow) => `users/${r.userId}/ai-${r.kind}/${r.id}`;

  async function images(r: MediaRow, dir: string, signal: AbortSignal): Promise<Generated> {
    const p = imageParamsOf(r);
    const engine = ctx.engines.image.forChannel(r.channel);
    const files = await engine.generate({
      prompt: p.prompt,
      ratio: p.ratio,
      count: p.count,
      reference: p.imageKey ? await readPicture(ctx, p.imageKey) : undefined,
      outDir: dir,
      workflow: await workflowRepo.graph(db, 'text2image'),
      signal,
      taskId: r.engineTaskId || undefined,
      onTask: (taskId) => mediaRepo.setTask(db, r.id, taskId),
    });
    const resultKeys: string[] = [];
    let bytes = 0;
    for (const [i, file] of files.slice(0, p.count).entries()) {
      // Every returned picture must be a real image; it is kept as it came (png, jpg or webp).
      const info = await pictureInfo(file, signal);
      if (!info) throw new GenerationError('resultUnusable');
      const key = `${base(r)}-${i + 1}${info.ext}`;
      await ctx.storage.putFile(key, file);
      bytes += (await fsp.stat(file)).size;
      resultKeys.push(key);
    }
    return {
      resultKeys,
      coverKey: '',
      duration: 0,
      credits: resultKeys.length * (p.unitCredits ?? AI_MEDIA_RULES.creditsPerImage),
      bytes,
    };
  }

  async function video(r: MediaRow, dir: string, signal: AbortSignal): Promise<Generated> {
    const p = videoParamsOf(r);
    const engine = ctx.engines.videoGeneration.forChannel(r.channel);
    const outFile = path.join(dir, 'video.mp4');
    await engine.generate({
      type: r.type === 'image' ? 'image' : 'text',
      prompt: p.prompt,
      negativePrompt: p.negativePrompt,
      cfgScale: p.cfgScale,
      mode: p.mode,
      duration: p.duration,
      aspectRatio: p.aspectRatio,
      image: p.imageKey ? await readPicture(ctx, p.imageKey) : undefined,
      imageTail: p.imageTailKey ? await readPicture(ctx, p.imageTailKey) : undefined,
      outFile,
      workflow: await workflowRepo.graph(db, r.type === 'image' ? 'image2video' : 'text2video'),
      signal,
      taskId: r.engineTaskId || undefined,
      onTask: (taskId) => mediaRepo.setTask(db, r.id, taskId),
    });
    const info = await probe(outFile, { signal }).catch(() => null);
    if (!info?.video || !(info.duration > 0)) throw new GenerationError('resultUnusable');
    const coverFile = path.join(dir, 'cover.jpg');
    await ffmpeg(
      ['-ss', String(Math.min(0.5, info.duration / 2)), '-i', outFile, '-frames:v', '1', '-q:v', '4', coverFile],
      {
        signal,
        timeoutMs: 60_000,
      },
    );
    const key = `${base(r)}.mp4`;
    const coverKey = `${base(r)}-cover.jpg`;
    await ctx.storage.putFile(key, outFile);
    await ctx.storage.putFile(coverKey, coverFile);
    const bytes = (await fsp.stat(outFile)).size + (await fsp.stat(coverFile)).size;
    return { resultKeys: [key], coverKey, duration: info.duration, credits: r.creditsHeld, bytes };
  }

  return async ({ recordId }: { recordId: number }, job: JobContext): Promise<void> => {
    const r = await mediaRepo.byId(db, recordId);
    if (!r) return;
    const bill = { userId: r.userId, jobKey: r.jobKey, held: r.creditsHeld };
    // Ended in an earlier run: only the (idempotent) settle or refund is repeated.
    if (r.status === 3) return void (await settlePaidJob(db, bill, r.creditsCharged));
    if (r.status === 4) return refundPaidJob(db, bill);
    const registry = r.kind === 'image' ? ctx.engines.image : ctx.engines.videoGeneration;
    const fail = async (tx: typeof db, reason: string) => void (await mediaRepo.fail(tx, r.id, reason));
    const engine = registry.isConfigured(r.channel) ? registry.forChannel(r.channel) : null;
    if (!engine) {
      const reason = r.kind === 'image' ? aiMediaMessages.imageUnavailable : aiMediaMessages.videoUnavailable;
      return failPaidJob(ctx, { bill, fail }, reason);
    }
    const dir = await scratchDir(ctx.config.dataDir, `ai-media-${r.id}-${job.id}`);
    try {
      await runPaidJob(ctx, job, {
        bill,
        slot: {
          slots: mediaSlots,
          rowId: r.id,
          engine: { id: engine.id, max: engine.maxConcurrency },
          progress: r.progress,
          retrySeconds: 3,
        },
        reasonOf,
        run: ({ signal }) => (r.kind === 'image' ? images(r, dir, signal) : video(r, dir, signal)),
        finish: (tx, x, charged) =>
          mediaRepo.succeed(tx, r.id, {
            resultKeys: x.resultKeys,
            coverKey: x.coverKey,
            duration: x.duration,
            creditsCharged: charged,
            storedBytes: x.bytes,
          }),
        fail,
      });
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };
}
