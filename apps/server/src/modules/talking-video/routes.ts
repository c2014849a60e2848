import { listVideoChannels, saveWork, studioMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { worksGallery } from '../works/index.js';
import { listChannels } from './channels.js';
import type { TalkingVideoService } from './service.js';

export function talkingVideoRoutes(ctx: AppContext, service: TalkingVideoService): RouteDef[] {
  return [
    route(listVideoChannels, async ({ params }) => ({ list: await listChannels(ctx, params.api) })),
    // The studio's save: a new talking video, or (with an id) the gallery's rename.
    route(saveWork, async ({ params, user }) => {
      if (params.id) {
        await worksGallery.rename(ctx, user.id, params.id, params.name);
        return ok({ id: params.id, credits: 0 }, studioMessages.renamed);
      }
      return ok(await service.create(user.id, params), studioMessages.submitTitle);
    }),
  ];
}
