import { createApiKey, listApiKeys, openApiMessages as m, revokeApiKey } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { accountRows } from '../accounts/index.js';
import { apiKeyStore, apiSwitches, presentKey } from './keys.js';

/** The account page's calls: the caller's own keys, and whether the API is open to them. */
export function accountPageRoutes(ctx: AppContext): RouteDef[] {
  const db = () => ctx.database.db;
  return [
    route(listApiKeys, async ({ user }) => {
      const [keys, site, blocked] = await Promise.all([
        apiKeyStore.listOwn(db(), user.id),
        apiSwitches.siteOn(db()),
        apiSwitches.userBlocked(db(), user.id),
      ]);
      return {
        list: keys.map(presentKey),
        access: { site: site ? (1 as const) : (0 as const), user: blocked ? (0 as const) : (1 as const) },
      };
    }),
    route(createApiKey, async ({ user, params }) => {
      // A guest's account lapses with its trial: an integration built on it would break without warning.
      if ((await accountRows.standing(db(), user.id))?.isTourist !== false) throw new AppError(m.guestRefused);
      return ok(await apiKeyStore.create(db(), user.id, params.name), m.keyCreated);
    }),
    route(revokeApiKey, async ({ user, params }) => {
      await apiKeyStore.revoke(db(), params.id, 'user', user.id);
      return ok(null, m.keyRevoked);
    }),
  ];
}
