import {
  adjustUserCredits,
  adminMessages,
  createCodeBatch,
  exportCodeBatch,
  listCodeBatches,
  listCodes,
  setUserVip,
  voidCodes,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { ConsoleKit } from '../module.js';
import { consoleCredits } from './console-accounts.js';
import { consoleCodes, type AccountNames } from './console-codes.js';

/** Billing's section of the operator console: the redeem code batches, and credits and VIP on the Users screen. */
export function billingConsoleRoutes(names: AccountNames) {
  return (ctx: AppContext, kit: ConsoleKit): RouteDef[] => {
    const codes = consoleCodes(ctx.database.db, kit.audit, names);
    const credits = consoleCredits(ctx.database.db, kit);
    return [
      route(adjustUserCredits, async ({ user, params }) =>
        ok(await credits.adjust(user, params), adminMessages.adjusted),
      ),
      route(setUserVip, async ({ user, params }) =>
        ok(await credits.setVip(user, params).then(() => null), adminMessages.vipSaved),
      ),
      route(createCodeBatch, async ({ user, params }) => {
        const made = await codes.create(user, params);
        return ok(made, adminMessages.codesMade(made.count));
      }),
      route(listCodes, ({ params }) => codes.list(params)),
      route(listCodeBatches, async () => ({ list: await codes.batches() })),
      route(exportCodeBatch, ({ user, params }) => codes.exportCsv(user, params.batch)),
      route(voidCodes, async ({ user, params }) => {
        const count = await codes.voidUnused(user, params);
        return ok({ count }, adminMessages.codesVoided(count));
      }),
    ];
  };
}
