import { accountMessages, creditActions, STORAGE_EXPANSION, type StorageSpace } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { lockPayer, spendCredits } from '../billing/index.js';
import { readSiteSettings, type SiteSettingValues } from '../site/index.js';
import { storageRows, type AccountStorage } from './repo.js';

const MB = 1024 * 1024;

async function storageOf(db: Db, userId: number): Promise<AccountStorage> {
  const found = await storageRows.one(db, userId);
  if (!found) throw new Error(`no account ${userId}`);
  return found;
}

const canExpand = (q: AccountStorage, s: SiteSettingValues) =>
  q.storageExtraGb + STORAGE_EXPANSION.gb <= s.storage_max_extra_gb;

function spaceOf(q: AccountStorage, s: SiteSettingValues): StorageSpace {
  const totalGb = s.storage_base_gb + q.storageExtraGb;
  return {
    used: Math.round((q.storageUsedBytes / MB) * 100) / 100,
    total: totalGb * 1024,
    total_format: totalGb,
    can_expand: canExpand(q, s) ? 1 : 0,
  };
}

/** Storage used (MB) out of the site's base plus what the account bought. */
export async function storageSpace(db: Db, userId: number): Promise<StorageSpace> {
  return spaceOf(await storageOf(db, userId), await readSiteSettings(db));
}

/** Buys STORAGE_EXPANSION.gb for STORAGE_EXPANSION.credits, up to the site's cap; guests are refused. */
export async function expandStorage(db: Db, user: { id: number; isTourist: boolean }): Promise<StorageSpace> {
  const userId = user.id;
  const settings = await readSiteSettings(db);
  return db.transaction(async (tx) => {
    await lockPayer(tx, userId);
    const q = await storageOf(tx, userId);
    if (user.isTourist) throw new AppError(accountMessages.expandGuestRefused);
    if (!canExpand(q, settings)) throw new AppError(accountMessages.atStorageLimit);
    await spendCredits(tx, userId, STORAGE_EXPANSION.credits, creditActions.expand);
    const bought = await storageRows.addBought(tx, userId, STORAGE_EXPANSION.gb);
    if (!bought) throw new Error(`no account ${userId}`);
    return spaceOf(bought, settings);
  });
}
