import { multipartRoutes } from '../../platform/protocol/route.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { embedHttp } from './embed.js';
import { hearRoutes } from './hear.js';
import { liveJobs } from './jobs.js';
import { livePartsOf } from './parts.js';
import { liveConsole, liveRoutes } from './routes.js';
import { LIVE_STOP_CHANNEL } from './sessions.js';
import { livePriceKind } from './settings.js';

/**
 * The live digital human (/store/live): the Q&A library, configurations (avatar, voice, answer source,
 * persona), sessions billed per started minute, answers streamed sentence by sentence with speech and
 * mouth shapes, and configurations published as widgets other sites embed.
 */
export const liveModule: FeatureModule<typeof liveJobs> = {
  name: 'live',
  channels: [livePriceKind],
  tools: [{ key: 'live' }],
  // No capability: answers from the Q&A library need no engine beyond offline speech, so the tool always works
  // (an offline tool is not listed); whether the chat model and the microphone work is in its options.
  routes: (ctx) => liveRoutes(livePartsOf(ctx)),
  console: (ctx, kit) => liveConsole(livePartsOf(ctx), kit),
  http: async (scope, ctx) => {
    const parts = livePartsOf(ctx);
    // A stop or a new question may reach another process than the one speaking the answer.
    const unlisten = await ctx.database.listen(LIVE_STOP_CHANNEL, (payload) => parts.sessions.heardStop(payload));
    scope.addHook('onClose', async () => unlisten());
    await embedHttp(ctx, parts.configs)(scope);
    await scope.register(multipartRoutes(ctx, hearRoutes(parts.sessions, ctx)));
  },
  jobs: handlersOf(liveJobs, (ctx) => ({
    'live.sweep': async () => {
      const { sessions, answering } = livePartsOf(ctx);
      await sessions.sweep();
      await answering.sweepOpenAnswers();
    },
  })),
  migrations: 'src/modules/live/migrations',
};
