import { handlersOf, type FeatureModule } from '../module.js';
import { generateJob } from './generate-job.js';
import { aiMediaJobs } from './jobs.js';
import { mediaRepo } from './repo.js';
import { aiMediaRoutes } from './routes.js';
import { seedAiMedia } from './seed.js';
import { AiMediaService } from './service.js';
import { mediaSlots } from './slots.js';

/** AI pictures (text-to-image) and videos (text-to-video, image-to-video), billed per order. */
export const aiMediaModule: FeatureModule = {
  name: 'ai-media',
  routes: (ctx) => aiMediaRoutes(new AiMediaService(ctx)),
  jobs: handlersOf(aiMediaJobs, (ctx) => {
    const run = generateJob(ctx);
    return {
      'ai-media.generate': (payload, job) => run(payload, job),
      'ai-media.release-lapsed': async () => {
        await mediaSlots.releaseLapsed(ctx, {
          name: 'ai-media.generate',
          idField: 'recordId',
          leaseSeconds: ctx.config.WORK_LEASE_SECONDS,
        });
      },
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
