import { multiSceneMessages, saveMultiWork } from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { MultiSceneService } from './service.js';

export function multiSceneRoutes(service: MultiSceneService): RouteDef[] {
  return [
    route(saveMultiWork, async ({ params, user }) =>
      ok(await service.create(user.id, params), multiSceneMessages.submitDone),
    ),
  ];
}
