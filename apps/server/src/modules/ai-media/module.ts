import { createImageGenerate, createVideoGenerate } from '@app/contract';
import { handlersOf, needsEngines, type FeatureModule } from '../module.js';
import { generateJob } from './generate-job.js';
import { aiMediaConsole } from './console.js';
import { inspirationGroupCuration, inspirationWordCuration, promptCuration } from './curation.js';
import { aiMediaJobs } from './jobs.js';
import { aiMediaPriceKinds } from './prices.js';
import { SAMPLE_DIR } from './pictures.js';
import { mediaRepo } from './repo.js';
import { aiMediaRoutes } from './routes.js';
import { seedAiMedia } from './seed.js';
import { AiMediaService } from './service.js';

/** AI pictures (text-to-image) and videos (text-to-video, image-to-video), billed per order. */
export const aiMediaModule: FeatureModule<typeof aiMediaJobs> = {
  name: 'ai-media',
  routes: (ctx) => aiMediaRoutes(new AiMediaService(ctx)),
  channels: aiMediaPriceKinds,
  tools: [{ key: 'wsImage' }, { key: 'wsVideo' }, { key: 'tsVideo' }],
  capabilities: [
    { key: 'wsImage', label: 'AI 图片（文生图）', missing: needsEngines('image'), gates: [createImageGenerate] },
    { key: 'wsVideo', label: 'AI 视频（文生视频）', missing: needsEngines('video'), gates: [createVideoGenerate] },
    { key: 'tsVideo', label: 'AI 视频（图生视频）', missing: needsEngines('video'), gates: [createVideoGenerate] },
  ],
  console: aiMediaConsole,
  curation: {
    image_prompt: promptCuration('image'),
    video_prompt: promptCuration('text'),
    // Sample frames live with the seeded samples, where the image-to-video page accepts them.
    image_video_prompt: { ...promptCuration('image2video'), pictureDir: SAMPLE_DIR },
    inspiration_group: inspirationGroupCuration,
    inspiration_word: inspirationWordCuration,
  },
  jobs: handlersOf(aiMediaJobs, (ctx) => {
    const run = generateJob(ctx);
    return {
      'ai-media.generate': (payload, job) => run(payload, job),
    };
  }),
  // A record committed just before a crash may never have had its job sent: each unfinished record
  // without a live job gets one at start.
  seed: async (ctx) => {
    await seedAiMedia(ctx);
    const ids = await mediaRepo.unfinishedIds(ctx.database.db);
    if (!ids.length) return;
    const { rows } = await ctx.database.executor.executeSql(
      "select distinct (data->>'recordId')::int as id from pgboss.job where name = 'ai-media.generate' and state in ('created', 'retry', 'active') and (data->>'recordId')::int = any($1::int[])",
      [ids],
    );
    const live = new Set((rows as { id: number }[]).map((r) => r.id));
    for (const recordId of ids) if (!live.has(recordId)) await ctx.queue.send('ai-media.generate', { recordId });
  },
};
