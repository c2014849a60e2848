import {
  deleteLiveQa,
  listLiveQas,
  liveMessages as m,
  matchLiveQa,
  saveLiveFallback,
  saveLiveQa,
} from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { LiveQaService } from './service.js';

export function liveRoutes(qa: LiveQaService): RouteDef[] {
  return [
    route(listLiveQas, ({ params, user }) => qa.list(user.id, params.page, params.limit)),
    route(saveLiveQa, async ({ params, user }) => ok(await qa.save(user.id, params), m.saved)),
    route(deleteLiveQa, async ({ params, user }) => {
      await qa.remove(user.id, params.id);
      return ok({}, m.deleted);
    }),
    route(saveLiveFallback, async ({ params, user }) =>
      ok({ fallback: await qa.setFallback(user.id, params.answer) }, m.fallbackSaved),
    ),
    route(matchLiveQa, ({ params, user }) => qa.answer(user.id, params.question)),
  ];
}
