import { resendMissingJobs } from '../avatars/index.js';
import { submitVideoTranslate } from '@app/contract';
import { handlersOf, needsEngines, type FeatureModule } from '../module.js';
import { workLedger } from '../works/index.js';
import { videoTranslationJobs } from './jobs.js';
import { TRANSLATE_KIND } from './labels.js';
import { runTranslation } from './pipeline.js';
import { translateChannelKind, translateChannels } from './repo.js';
import { videoTranslateRoutes } from './routes.js';
import { VideoTranslateService } from './service.js';

/** Video translation (/store/sea): transcript, translation, dubbing in the speaker's voice, optional lip-sync. */
export const videoTranslationModule: FeatureModule<typeof videoTranslationJobs> = {
  name: 'video-translation',
  tools: [{ key: 'sea' }],
  capabilities: [
    {
      key: 'sea',
      label: '视频翻译',
      missing: needsEngines('transcription', 'textModel'),
      gates: [submitVideoTranslate],
    },
  ],
  routes: (ctx) => videoTranslateRoutes(ctx, new VideoTranslateService(ctx)),
  channels: [translateChannelKind],
  jobs: handlersOf(videoTranslationJobs, (ctx) => ({
    'translate.run': ({ workId }, job) => runTranslation(ctx, workId, job),
  })),
  seed: async (ctx) => {
    await translateChannels.seed(ctx.database.db);
    await resendMissingJobs(
      ctx,
      'translate.run',
      'workId',
      await workLedger.unfinishedIds(ctx.database.db, TRANSLATE_KIND),
      (workId) => ctx.queue.send('translate.run', { workId }),
    );
  },
};
