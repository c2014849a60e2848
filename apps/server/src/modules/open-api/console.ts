import {
  consoleApiAccess,
  listConsoleApiKeys,
  openApiMessages as m,
  revokeConsoleApiKey,
  setApiSiteSwitch,
  setApiUserSwitch,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { accountNames, accountRows } from '../accounts/index.js';
import type { ConsoleKit } from '../module.js';
import { apiKeyStore, apiSwitches, presentKey } from './keys.js';

/** The console's screen of the API: every key (revoke), the site's switch and the accounts switched off. */
export function openApiConsole(ctx: AppContext, kit: ConsoleKit): RouteDef[] {
  const db = () => ctx.database.db;
  return [
    route(listConsoleApiKeys, async ({ params }) => {
      const owner = params.keyword?.trim() ? await accountRows.idByName(db(), params.keyword.trim()) : null;
      const { rows, total } = await apiKeyStore.page(db(), { ...params, ownerIds: owner ? [owner] : [] });
      const ids = [...new Set(rows.map((r) => r.userId))];
      const [names, blocked] = await Promise.all([accountNames(db(), ids), apiSwitches.blockedAmong(db(), ids)]);
      return {
        list: rows.map((r) => ({
          ...presentKey(r),
          user_id: r.userId,
          username: names.get(r.userId) ?? '',
          revoked: r.revokedAt ? (1 as const) : (0 as const),
          revoked_by: r.revokedBy ?? '',
          user_blocked: blocked.has(r.userId) ? (1 as const) : (0 as const),
        })),
        total,
      };
    }),
    route(revokeConsoleApiKey, async ({ user, params }) => {
      const found = await apiKeyStore.find(db(), params.id);
      if (!found) throw new AppError(m.keyMissing);
      await kit.guardTarget(user, found.userId, 'api.key.revoke');
      await db().transaction(async (tx) => {
        const key = await apiKeyStore.revoke(tx, params.id, 'operator');
        await kit.audit(tx, user, {
          action: 'api.key.revoke',
          target: `user:${key.userId}`,
          before: { key: key.prefix, name: key.name },
        });
      });
      return ok(null, m.keyRevoked);
    }),
    route(consoleApiAccess, async () => {
      const [site, blocked] = await Promise.all([apiSwitches.siteOn(db()), apiSwitches.blocked(db())]);
      const names = await accountNames(
        db(),
        blocked.map((b) => b.userId),
      );
      return {
        site: site ? (1 as const) : (0 as const),
        blocked: blocked.map((b) => ({
          user_id: b.userId,
          username: names.get(b.userId) ?? '',
          create_time: formatDateTime(b.createdAt),
        })),
      };
    }),
    route(setApiSiteSwitch, async ({ user, params }) => {
      const on = params.enabled === 1;
      await db().transaction(async (tx) => {
        const before = await apiSwitches.setSite(tx, on);
        await kit.audit(tx, user, { action: 'api.site', target: 'site', before: { on: before }, after: { on } });
      });
      return ok(null, on ? m.consoleSiteOn : m.consoleSiteOff);
    }),
    route(setApiUserSwitch, async ({ user, params }) => {
      const name = params.username?.trim();
      const userId = params.user_id ?? (name ? await accountRows.idByName(db(), name) : null);
      if (!userId || !(await accountRows.standing(db(), userId))) throw new AppError(m.userMissing);
      const on = params.enabled === 1;
      await kit.guardTarget(user, userId, 'api.user');
      await db().transaction(async (tx) => {
        const before = await apiSwitches.setUser(tx, userId, on);
        await kit.audit(tx, user, {
          action: 'api.user',
          target: `user:${userId}`,
          before: { on: before },
          after: { on },
        });
      });
      return ok(null, on ? m.consoleUserUnblocked : m.consoleUserBlocked);
    }),
  ];
}
