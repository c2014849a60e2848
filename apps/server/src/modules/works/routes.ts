import { deleteWork, listVideoChannels, listWorks, saveWork, studioMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { listChannels } from './channels.js';
import type { WorksService } from './service.js';

export function worksRoutes(ctx: AppContext, service: WorksService): RouteDef[] {
  return [
    route(listVideoChannels, async ({ params }) => ({ list: await listChannels(ctx, params.api) })),
    route(listWorks, ({ params, user }) => service.list(user.id, params)),
    route(saveWork, async ({ params, user }) => {
      if (params.id) {
        await service.rename(user.id, params.id, params.name);
        return ok({ id: params.id, credits: 0 }, studioMessages.renamed);
      }
      return ok(await service.create(user.id, params), studioMessages.submitTitle);
    }),
    route(deleteWork, async ({ params, user }) => {
      await service.remove(user.id, params.id);
      return ok(null, studioMessages.deleted);
    }),
  ];
}
