import type { AppContext } from '../../platform/context.js';
import type { OrderOptions } from '../producing/index.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { workLedger } from '../works/index.js';
import { photoChannelKind, seedPhotoChannels } from './channels.js';
import { PhotoVideoService, type PhotoVideoDeps, type SaveWorkParams } from './create.js';
import { photoVideoJobs } from './jobs.js';
import { PHOTO_KIND } from './labels.js';
import { PhotoLibrary } from './library.js';
import { renderPhotoWork } from './render-job.js';
import { publicPhotoLibrary } from './public-library.js';
import { photoRoutes } from './routes.js';
import { seedDemoPortraits } from './seed.js';

/** How the studio's save call hands a submission with photo_id to this producer. */
export interface PhotoWorks {
  create(
    ctx: AppContext,
    userId: number,
    p: SaveWorkParams,
    o?: OrderOptions & { silenceSeconds?: number },
  ): Promise<{ id: number; credits: number }>;
}

/** Pet videos and photo-speak: the person-image and pet libraries, and the videos made from their pictures. */
export function createPhotoVideoModule(
  deps: PhotoVideoDeps,
): FeatureModule<typeof photoVideoJobs> & { works: PhotoWorks } {
  return {
    name: 'photo-video',
    channels: [photoChannelKind],
    tools: [{ key: 'imageSpeak' }],
    routes: (ctx) => photoRoutes(ctx, new PhotoLibrary(ctx)),
    libraries: { person: publicPhotoLibrary.person, pet: publicPhotoLibrary.pet },
    jobs: handlersOf(photoVideoJobs, (ctx) => ({
      'photo.render': ({ workId }, job) => renderPhotoWork(ctx, deps, workId, job),
    })),
    seed: async (ctx) => {
      await seedPhotoChannels(ctx);
      await seedDemoPortraits(ctx);
      await resendMissingJobs(
        ctx,
        'photo.render',
        'workId',
        await workLedger.unfinishedIds(ctx.database.db, PHOTO_KIND),
      );
    },
    works: {
      create: (ctx, userId, p, o) => new PhotoVideoService(ctx, deps, new PhotoLibrary(ctx)).create(userId, p, o),
    },
  };
}
