import { createSpeechChannels, type SpeechChannels } from '../../engines/speech/index.js';
import { createTextModel, textModelConfigFromEnv, type TextModel } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { voicesJobs } from './jobs.js';
import { AuditionsService } from './auditions.js';
import { cloneVoiceJob } from './clone-job.js';
import { voicesRoutes } from './routes.js';
import { ScriptTools } from './script-tools.js';
import { seedVoices } from './seed.js';
import { VoicesService } from './service.js';

interface VoiceEngines {
  speech: SpeechChannels;
  text: TextModel;
}

/** Voice channels, cloning, auditions and the script tools. */
export function createVoicesModule(): FeatureModule {
  // One set of engines per built app (tests build several apps from the same module list).
  const built = new WeakMap<AppContext, VoiceEngines>();
  const enginesOf = (ctx: AppContext): VoiceEngines => {
    const found = built.get(ctx) ?? {
      speech: createSpeechChannels(ctx.config, { dataDir: ctx.config.dataDir }),
      text: createTextModel(textModelConfigFromEnv(ctx.config)),
    };
    built.set(ctx, found);
    return found;
  };
  return {
    name: 'voices',
    routes: (ctx) => {
      const { speech, text } = enginesOf(ctx);
      return voicesRoutes(new VoicesService(ctx, speech), new AuditionsService(ctx, speech), new ScriptTools(text));
    },
    jobs: handlersOf(voicesJobs, (ctx) => {
      const { speech } = enginesOf(ctx);
      return {
        'voice.clone': cloneVoiceJob(ctx, speech),
        'voice.audition': new AuditionsService(ctx, speech).job(),
      };
    }),
    seed: (ctx) => seedVoices(ctx, enginesOf(ctx).speech),
  };
}
