import { accountMessages, expandStorage as expandStorageEndpoint, getStorageSpace } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { expandStorage, storageSpace } from './storage-quota.js';

export function storageQuotaRoutes(ctx: AppContext): RouteDef[] {
  const db = ctx.database.db;
  return [
    route(getStorageSpace, ({ user }) => storageSpace(db, user.id)),
    route(expandStorageEndpoint, async ({ user }) => ok(await expandStorage(db, user), accountMessages.redeemed)),
  ];
}
