import type { AppContext } from '../../platform/context.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { avatarsJobs } from './jobs.js';
import { publicAvatarLibrary } from './library.js';
import type { StudioUploads } from './ports.js';
import { prepareAvatar, retryEnginePrepare } from './prepare-job.js';
import { avatarsRepo } from './repo.js';
import { resendMissingJobs } from './resume.js';
import { avatarRoutes } from './routes.js';
import { queueDemoActors, seedDemoActor } from './seed.js';
import { AvatarsService } from './service.js';

export interface AvatarsModuleOptions {
  uploads: StudioUploads;
}

/** Avatar cloning, own and public avatar lists, public actors of the home page. */
export function createAvatarsModule(opts: AvatarsModuleOptions): FeatureModule<typeof avatarsJobs> {
  return {
    name: 'avatars',
    migrations: 'src/modules/avatars/migrations',
    routes: (ctx: AppContext) => avatarRoutes(new AvatarsService(ctx, opts.uploads)),
    libraries: { avatar: publicAvatarLibrary },
    jobs: handlersOf(avatarsJobs, (ctx) => ({
      'avatar.prepare': ({ avatarId }, job) => prepareAvatar(ctx, avatarId, job),
      'avatar.engine-retry': (payload, job) => retryEnginePrepare(ctx, payload, job),
      'avatar.seed-demo': ({ seedKey }) => seedDemoActor(ctx, seedKey),
    })),
    seed: async (ctx) => {
      await queueDemoActors(ctx);
      await resendMissingJobs(ctx, 'avatar.prepare', 'avatarId', await avatarsRepo.processingIds(ctx.database.db));
    },
  };
}
