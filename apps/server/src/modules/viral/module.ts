import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, type FeatureModule } from '../module.js';
import type { MultiSceneDeps } from '../multi-scene/index.js';
import { analyseJob } from './analyse-job.js';
import { viralPrice } from './model.js';
import { comingSoonRoutes } from './coming-soon.js';
import { viralJobs } from './jobs.js';
import { viralPriceKind } from './prices.js';
import { viralRepo } from './repo.js';
import { viralRoutes } from './routes.js';
import { ViralService } from './service.js';
import { engineTranscriber, type TranscriberOf } from './transcriber.js';

export interface ViralModuleDeps extends MultiSceneDeps {
  /** The speech-to-text engine of the deployment (a test passes a fake). */
  transcriber?: TranscriberOf;
  /** Price of one video's transcription. */
  transcribeCredits?: (ctx: AppContext) => number | Promise<number>;
}

/**
 * Viral content: 爆款复刻 (video → extraction → transcription → analysis → mimic script), account
 * analysis and topics, copywriting with its trace, one-click viral videos through the multi-scene
 * composer, and the coming-soon answers of the screens not open yet.
 */
export function createViralModule(deps: ViralModuleDeps): FeatureModule<typeof viralJobs> {
  const transcriber = deps.transcriber ?? engineTranscriber;
  const service = (ctx: AppContext) =>
    new ViralService(ctx, {
      ...deps,
      transcribeCredits: deps.transcribeCredits ?? ((c) => viralPrice(c, 'transcribe')),
    });
  return {
    name: 'viral',
    channels: [viralPriceKind],
    tools: [{ key: 'copywrite' }, { key: 'copyTrace' }],
    routes: (ctx) => viralRoutes(service(ctx)),
    http: (scope, ctx) => comingSoonRoutes(scope, ctx),
    jobs: handlersOf(viralJobs, (ctx) => ({ 'viral.analyse': analyseJob(ctx, transcriber) })),
    // An analysis still running at start without a live job (its send lost to a crash) gets one. One whose
    // job exists, even cut off (the queue hands those out again), is left to it: a second job would run the
    // same analysis side by side, asking the model (or the transcription) twice.
    seed: async (ctx) => {
      await resendMissingJobs(
        ctx,
        'viral.analyse',
        'projectId',
        await viralRepo.runningIds(ctx.database.db),
        (projectId) => ctx.queue.send('viral.analyse', { projectId }),
      );
    },
  };
}
