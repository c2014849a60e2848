import {
  accountMessages,
  createRedeemCodes,
  expandStorage as expandStorageEndpoint,
  getCreditLog,
  getCredits,
  getStorageSpace,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { accountCredits, creditLog } from './account-credits.js';
import { createRedeemCodes as makeCodes } from './redeem-codes.js';
import { expandStorage, storageSpace } from './storage-quota.js';

export function creditsRoutes(ctx: AppContext): RouteDef[] {
  const db = ctx.database.db;
  return [
    route(getCredits, ({ user }) => accountCredits(db, user.id)),
    route(getCreditLog, ({ user, params }) => creditLog(db, user.id, params)),
    route(getStorageSpace, ({ user }) => storageSpace(db, user.id)),
    route(expandStorageEndpoint, async ({ user }) => ok(await expandStorage(db, user.id), accountMessages.redeemed)),
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
