import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { workLedger, workSlots } from '../works/index.js';
import { videoTranslationJobs } from './jobs.js';
import { TRANSLATE_KIND } from './labels.js';
import { runTranslation } from './pipeline.js';
import { translateChannels } from './repo.js';
import { videoTranslateRoutes } from './routes.js';
import { VideoTranslateService } from './service.js';

const releaseLapsed = (ctx: AppContext) =>
  workSlots.releaseLapsed(ctx, {
    name: 'translate.run',
    idField: 'workId',
    leaseSeconds: ctx.config.WORK_LEASE_SECONDS,
  });

/** Video translation (/store/sea): transcript, translation, dubbing in the speaker's voice, optional lip-sync. */
export const videoTranslationModule: FeatureModule = {
  name: 'video-translation',
  routes: (ctx) => videoTranslateRoutes(ctx, new VideoTranslateService(ctx)),
  jobs: handlersOf(videoTranslationJobs, (ctx) => ({
    'translate.run': ({ workId }, job) => runTranslation(ctx, workId, job),
    'translate.sweep': async () => void (await releaseLapsed(ctx)),
  })),
  seed: async (ctx) => {
    await translateChannels.seed(ctx.database.db);
    await releaseLapsed(ctx);
    await resendMissingJobs(
      ctx,
      'translate.run',
      'workId',
      await workLedger.unfinishedIds(ctx.database.db, TRANSLATE_KIND),
      (workId) => ctx.queue.send('translate.run', { workId }),
    );
  },
};
