import { createRedeemCodes, getCreditLog } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { route, type RouteDef } from '../../platform/protocol/route.js';
import { creditLog } from './account-credits.js';
import { createRedeemCodes as makeCodes } from './redeem-codes.js';

export function billingRoutes(ctx: AppContext): RouteDef[] {
  const db = ctx.database.db;
  return [
    route(getCreditLog, ({ user, params }) => creditLog(db, user.id, params)),
    route(createRedeemCodes, async ({ user, params }) => {
      const list = await makeCodes(db, {
        credits: params.credits,
        count: params.count,
        days: params.days,
        vipDays: params.vip_days,
        createdBy: user.id,
      });
      ctx.log.info({ admin: user.username, count: list.length, credits: params.credits }, 'redeem codes created');
      return { list };
    }),
  ];
}
