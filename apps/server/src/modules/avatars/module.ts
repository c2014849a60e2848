import type { AppContext } from '../../platform/context.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { avatarsJobs } from './jobs.js';
import type { StudioStorageUsage, StudioUploads } from './ports.js';
import { prepareAvatar, retryEnginePrepare } from './prepare-job.js';
import { avatarsRepo } from './repo.js';
import { resendMissingJobs } from './resume.js';
import { avatarRoutes } from './routes.js';
import { seedDemoActors } from './seed.js';
import { AvatarsService } from './service.js';
import { studioStorageUsage } from './storage-usage.js';

export interface AvatarsModuleOptions {
  uploads: StudioUploads;
  usage?: StudioStorageUsage;
}

/** Avatar cloning, own and public avatar lists, public actors of the home page. */
export function createAvatarsModule(opts: AvatarsModuleOptions): FeatureModule {
  const usage = opts.usage ?? studioStorageUsage;
  return {
    name: 'avatars',
    routes: (ctx: AppContext) => avatarRoutes(new AvatarsService(ctx, opts.uploads, usage)),
    jobs: handlersOf(avatarsJobs, (ctx) => ({
      'avatar.prepare': ({ avatarId }, job) => prepareAvatar(ctx, usage, avatarId, job),
      'avatar.engine-retry': (payload, job) => retryEnginePrepare(ctx, payload, job),
    })),
    seed: async (ctx) => {
      await seedDemoActors(ctx);
      await resendMissingJobs(ctx, 'avatar.prepare', 'avatarId', await avatarsRepo.processingIds(ctx.database.db));
    },
  };
}
