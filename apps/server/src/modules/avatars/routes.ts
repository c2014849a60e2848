import { createAvatar, deleteAvatar, listAvatars, listPublicActors, liveAvatar, studioMessages } from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { AvatarsService } from './service.js';

export function avatarRoutes(service: AvatarsService): RouteDef[] {
  return [
    route(listPublicActors, ({ params }) => service.publicActors(params.page, params.limit)),
    route(listAvatars, ({ params, user }) => service.list(user.id, params)),
    route(createAvatar, async ({ params, user }) =>
      ok(
        { id: await service.create(user.id, params.name, params.file_id, user.isTourist) },
        studioMessages.cloneStarted,
      ),
    ),
    route(liveAvatar, ({ params, user }) => service.liveAssets(user.id, params.avatar_id)),
    route(deleteAvatar, async ({ params, user }) => {
      await service.remove(user.id, params.id);
      return ok(null, studioMessages.deleted);
    }),
  ];
}
