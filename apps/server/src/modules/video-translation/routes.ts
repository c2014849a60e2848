import {
  deleteVideoTranslate,
  listTranslateLanguages,
  listVideoTranslate,
  submitVideoTranslate,
  videoTranslateMessages as m,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { translateOptions, type VideoTranslateService } from './service.js';

export function videoTranslateRoutes(ctx: AppContext, s: VideoTranslateService): RouteDef[] {
  return [
    route(listTranslateLanguages, () => translateOptions(ctx)),
    route(listVideoTranslate, ({ user, params }) => s.list(user.id, params)),
    route(submitVideoTranslate, async ({ user, params }) => ok(await s.submit(user.id, params), m.submitted)),
    route(deleteVideoTranslate, async ({ user, params }) => {
      await s.remove(user.id, params.id);
      return ok(null, m.deleted);
    }),
  ];
}
