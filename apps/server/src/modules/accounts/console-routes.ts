import {
  adminMessages,
  consoleUserDetail,
  listConsoleUsers,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { ConsoleKit } from '../module.js';
import { consoleUsers, type AccountHoldings } from './console-users.js';

/** The accounts module's section of the operator console: the Users screen (billing adds credits and VIP). */
export function accountsConsoleRoutes(holdings: AccountHoldings) {
  return (ctx: AppContext, kit: ConsoleKit): RouteDef[] => {
    const users = consoleUsers(ctx.database.db, kit, holdings);
    return [
      route(listConsoleUsers, ({ params }) => users.search(params)),
      route(consoleUserDetail, ({ params }) => users.detail(params.id)),
      route(resetUserPassword, async ({ user, params }) =>
        ok(await users.resetPassword(user, params).then(() => null), adminMessages.passwordReset),
      ),
      route(setUserDisabled, async ({ user, params }) => {
        await users.setDisabled(user, { id: params.id, disabled: params.disabled === 1 });
        return ok(null, params.disabled ? adminMessages.disabled : adminMessages.enabled);
      }),
      route(setUserRole, async ({ user, params }) =>
        ok(await users.setRole(user, params).then(() => null), adminMessages.roleSaved),
      ),
    ];
  };
}
