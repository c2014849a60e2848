import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/resume.js';
import { studioStorageUsage } from '../avatars/storage-usage.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { worksJobs } from './jobs.js';
import { studioEngines } from '../avatars/engines.js';
import { chanjingCallbackRoute } from './callback.js';
import { seedVideoChannels } from './channels.js';
import { releaseLapsedRenders } from './orphans.js';
import { renderWork } from './render-job.js';
import { worksRepo } from './repo.js';
import { worksRoutes } from './routes.js';
import { WorksService, type WorksDeps } from './service.js';

export type WorksModuleOptions = Omit<WorksDeps, 'usage'> & Partial<Pick<WorksDeps, 'usage'>>;

/** Video channels, works and the synthesis job. */
export function createWorksModule(opts: WorksModuleOptions): FeatureModule {
  const deps: WorksDeps = { ...opts, usage: opts.usage ?? studioStorageUsage };
  return {
    name: 'works',
    routes: (ctx: AppContext) => worksRoutes(ctx, new WorksService(ctx, deps)),
    jobs: handlersOf(worksJobs, (ctx) => ({
      'work.render': ({ workId }, job) => renderWork(ctx, deps, workId, job),
      'work.sweep': async () => void (await releaseLapsedRenders(ctx)),
    })),
    http: (scope, ctx) => chanjingCallbackRoute(scope, ctx),
    seed: async (ctx) => {
      await seedVideoChannels(ctx);
      for (const c of studioEngines(ctx).avatar.channels())
        if (c.available)
          await worksRepo.fillEngine(ctx.database.db, c.channel, studioEngines(ctx).avatar.forChannel(c.channel).id);
      await releaseLapsedRenders(ctx);
      await resendMissingJobs(ctx, 'work.render', 'workId', await worksRepo.unfinishedIds(ctx.database.db));
    },
  };
}
