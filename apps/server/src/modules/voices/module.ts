import { handlersOf, type FeatureModule } from '../module.js';
import { voiceChannelKind } from './channels.js';
import { voicesJobs } from './jobs.js';
import { publicVoiceLibrary } from './library.js';
import { AuditionsService } from './auditions.js';
import { cloneVoiceJob } from './clone-job.js';
import { voicesRoutes } from './routes.js';
import { ScriptTools } from './script-tools.js';
import { seedVoices } from './seed.js';
import { VoicesService } from './service.js';

/** Voice channels, cloning, auditions and the script tools. */
export function createVoicesModule(): FeatureModule<typeof voicesJobs> {
  return {
    name: 'voices',
    channels: [voiceChannelKind],
    libraries: { voice: publicVoiceLibrary },
    routes: (ctx) => {
      const { speech, text } = ctx.engines;
      return voicesRoutes(new VoicesService(ctx, speech), new AuditionsService(ctx, speech), new ScriptTools(text));
    },
    jobs: handlersOf(voicesJobs, (ctx) => ({
      'voice.clone': cloneVoiceJob(ctx, ctx.engines.speech),
      'voice.audition': new AuditionsService(ctx, ctx.engines.speech).job(),
    })),
    seed: (ctx) => seedVoices(ctx, ctx.engines.speech),
  };
}
