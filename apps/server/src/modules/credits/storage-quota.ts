import { and, eq, sql } from 'drizzle-orm';
import { accountMessages, creditActions, STORAGE_EXPANSION, type StorageSpace } from '@app/contract';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { readSiteSettings, type SiteSettingValues } from '../site/settings.js';
import { lockAccount } from './repo.js';
import { creditLedger } from './service.js';
import { creditsMessages } from './messages.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

interface Quota {
  isTourist: number;
  storageExtraGb: number;
  storageUsedBytes: number;
}

async function quotaOf(db: Db, userId: number): Promise<Quota> {
  const [row] = await db
    .select({
      isTourist: users.isTourist,
      storageExtraGb: users.storageExtraGb,
      storageUsedBytes: users.storageUsedBytes,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`no account ${userId}`);
  return row;
}

const canExpand = (q: Quota, s: SiteSettingValues) => q.storageExtraGb + STORAGE_EXPANSION.gb <= s.storage_max_extra_gb;

function spaceOf(q: Quota, s: SiteSettingValues): StorageSpace {
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
  return spaceOf(await quotaOf(db, userId), await readSiteSettings(db));
}

/** Buys STORAGE_EXPANSION.gb for STORAGE_EXPANSION.credits, up to the site's cap; guests are refused. */
export async function expandStorage(db: Db, userId: number): Promise<StorageSpace> {
  const settings = await readSiteSettings(db);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const q = await quotaOf(tx, userId);
    if (q.isTourist) throw new AppError(accountMessages.expandGuestRefused);
    if (!canExpand(q, settings)) throw new AppError(accountMessages.atStorageLimit);
    await creditLedger(tx).spendCredits(userId, STORAGE_EXPANSION.credits, creditActions.expand);
    const [row] = await tx
      .update(users)
      .set({ storageExtraGb: sql`${users.storageExtraGb} + ${STORAGE_EXPANSION.gb}`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({
        isTourist: users.isTourist,
        storageExtraGb: users.storageExtraGb,
        storageUsedBytes: users.storageUsedBytes,
      });
    if (!row) throw new Error(`no account ${userId}`);
    return spaceOf(row, settings);
  });
}

/**
 * Counts `bytes` of a new file against the account's quota, inside the caller's transaction;
 * refuses with a clear message when the file would not fit. For the files feature.
 */
export async function chargeStorage(tx: Db, userId: number, bytes: number): Promise<void> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`bytes must be a non-negative integer, got ${bytes}`);
  const { storage_base_gb } = await readSiteSettings(tx);
  const limit = sql`(${storage_base_gb}::bigint + ${users.storageExtraGb}) * ${GB}::bigint`;
  const rows = await tx
    .update(users)
    .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}::bigint` })
    .where(and(eq(users.id, userId), sql`${users.storageUsedBytes} + ${bytes}::bigint <= ${limit}`))
    .returning({ id: users.id });
  if (!rows.length) throw new AppError(creditsMessages.storageFull);
}

/** Gives back the quota of a deleted file; never below zero. */
export async function releaseStorage(tx: Db, userId: number, bytes: number): Promise<void> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`bytes must be a non-negative integer, got ${bytes}`);
  await tx
    .update(users)
    .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}::bigint, 0)` })
    .where(eq(users.id, userId));
}
