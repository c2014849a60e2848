import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, needsEngines, type FeatureModule } from '../module.js';
import { workLedger } from '../works/index.js';
import { chanjingCallbackRoute } from './callback.js';
import { seedVideoChannels, videoChannelKind } from './channels.js';
import { joinChunks, renderChunk } from './chunk-job.js';
import { talkingVideoJobs } from './jobs.js';
import { TALKING_KIND } from './labels.js';
import { renderWork } from './render-job.js';
import { talkingVideoRoutes } from './routes.js';
import { TalkingVideoService, type TalkingVideoDeps } from './service.js';

/** The talking video: video channels, its works' submission and the synthesis job. */
export function createTalkingVideoModule(deps: TalkingVideoDeps): FeatureModule<typeof talkingVideoJobs> {
  return {
    name: 'talking-video',
    migrations: 'src/modules/talking-video/migrations',
    channels: [videoChannelKind],
    // Captions of a work driven by a recording come from speech recognition; the studio greys the option without it.
    capabilities: [
      { key: 'audioCaptions', label: '音频驱动作品的字幕', missing: needsEngines('transcription'), gates: [] },
    ],
    routes: (ctx: AppContext) => talkingVideoRoutes(ctx, new TalkingVideoService(ctx, deps), deps),
    jobs: handlersOf(talkingVideoJobs, (ctx) => ({
      'work.render': ({ workId }, job) => renderWork(ctx, deps, workId, job),
      'work.chunk': ({ chunkId }, job) => renderChunk(ctx, chunkId, job),
      'work.join': ({ workId }, job) => joinChunks(ctx, workId, job),
    })),
    http: (scope, ctx) => chanjingCallbackRoute(scope, ctx),
    seed: async (ctx) => {
      await seedVideoChannels(ctx);
      const db = ctx.database.db;
      for (const c of ctx.engines.avatar.channels())
        if (c.available)
          await workLedger.fillEngine(db, TALKING_KIND, c.channel, ctx.engines.avatar.forChannel(c.channel).id);
      await resendMissingJobs(ctx, 'work.render', 'workId', await workLedger.unfinishedIds(db, TALKING_KIND));
    },
  };
}
