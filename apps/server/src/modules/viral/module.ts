import {
  analysisIp,
  analysisVideo,
  cozeDraft,
  engineNeedMessages,
  generateScript,
  mimicScript,
  proposeTopics,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, needsEngines, type FeatureModule } from '../module.js';
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
    // The trace (copyTrace) only lists what was written: it needs no engine.
    capabilities: [
      {
        key: 'explosiveAnalysis',
        label: '爆款复刻（视频拆解）',
        // The deployment's transcriber, or the one the module was given (a test's fake).
        missing: (ctx) => [
          ...needsEngines('chatModel')(ctx),
          ...(transcriber(ctx) ? [] : [engineNeedMessages.transcription]),
        ],
        gates: [analysisVideo],
      },
      {
        key: 'copywrite',
        label: '文案创作、仿写、账号分析与人设选题',
        missing: needsEngines('chatModel'),
        gates: [generateScript, mimicScript, analysisIp, proposeTopics],
      },
      { key: 'cozeVideo', label: '一键爆款视频', missing: needsEngines('chatModel'), gates: [cozeDraft] },
    ],
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
