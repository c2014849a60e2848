import { deleteWork, listWorks, studioMessages, workCaptions } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { worksGallery } from './gallery.js';
import type { WorksDeps } from './module.js';

export function worksRoutes(ctx: AppContext, deps: WorksDeps): RouteDef[] {
  return [
    route(listWorks, ({ params, user }) => worksGallery.list(ctx, user.id, params, deps.queuePosition)),
    route(deleteWork, async ({ params, user }) => {
      await worksGallery.remove(ctx, user.id, params.id);
      return ok(null, studioMessages.deleted);
    }),
    route(workCaptions, ({ params, user }) => worksGallery.captions(ctx, user.id, params.id)),
  ];
}
