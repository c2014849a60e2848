import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountMessages,
  createRedeemCodes,
  creditActions,
  expandStorage,
  filesMessages,
  getCreditLog,
  getCredits,
  getStorageSpace,
  logout,
  protocolMessages,
  redeemCode,
  startGuest,
  STORAGE_EXPANSION,
  type AccountCredits,
  type CreditExpiryRecord,
  type CreditUsageRecord,
  type StorageSpace,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { creditLogs, redeemCodes, users } from '../../db/schema/index.js';
import { addDays, formatDateTime } from '../../platform/protocol/date-time.js';
import { saveSiteSettings } from '../site/index.js';
import { creditLedger } from './ledger.js';
import { storageUsage } from '../storage-quota/index.js';
import { loginAs, registerAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
});
afterAll(async () => t?.close());

const makeCodes = async (params: Record<string, string | number>) =>
  (await t.call<{ list: string[] }>(createRedeemCodes, params, { token: admin })).data.list;
const guest = async () => (await t.call<{ token: string }>(startGuest)).data.token;
let seq = 0;
/** An account registered with a code for `credits`; with none, the one credit a code must carry is spent. */
async function member(credits = 0): Promise<TestAccount> {
  const account = await registerAccount(t, admin, { username: `member_${++seq}`, credits: Math.max(credits, 1) });
  if (credits === 0) await creditLedger(t.ctx.database.db).spendCredits(account.id, 1, '测试');
  return account;
}

describe('every account call needs a live token', () => {
  it('replies code 100 without a token and with a revoked one', async () => {
    const token = await guest();
    await t.call(logout, {}, { token });
    for (const ep of [getCredits, getCreditLog, getStorageSpace, expandStorage]) {
      expect(await t.call(ep)).toMatchObject({ code: 100, msg: protocolMessages.login });
      expect(await t.call(ep, {}, { token })).toMatchObject({ code: 100 });
    }
  });
});

describe('/api/user/credits', () => {
  it('shows name, guest flag, balance and live batches soonest first; VIP from redeem codes', async () => {
    const { token, id } = await member(200);
    const ledger = creditLedger(t.ctx.database.db);
    await ledger.grantCredits(id, 50, addDays(new Date(), 3), '活动赠送');
    await ledger.grantCredits(id, 70, new Date(Date.now() - 1000), '已过期');
    const [vipCode] = await makeCodes({ credits: 10, count: 1, days: 60, vip_days: 31 });
    await t.call(redeemCode, { code: vipCode! }, { token });
    const r = await t.call<AccountCredits>(getCredits, {}, { token });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ username: `member_${seq}`, avatar: '', is_tourist: 0, credits: 260, total: 3 });
    expect(r.data.details.map((d) => d.credits)).toEqual([50, 200, 10]);
    // The spec's list with total: the same live batches as the expiry table's rows.
    const expiry = await t.call<{ list: CreditExpiryRecord[]; total: number }>(
      getCreditLog,
      { type: 'expiry', page: 1, limit: 999 },
      { token },
    );
    expect(r.data.list).toEqual(expiry.data.list);
    expect(r.data.list.map((b) => ({ expire_time: b.expire_time, credits: b.credits }))).toEqual(r.data.details);
    expect(r.data.total).toBe(r.data.list.length);
    expect(getCredits.data.parse(r.data)).toEqual(r.data);
    expect(r.data.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(new Date(r.data.expire_time.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
  });

  it('shows a guest as is_tourist 1 without VIP', async () => {
    const r = await t.call<AccountCredits>(getCredits, {}, { token: await guest() });
    expect(r.data).toMatchObject({ is_tourist: 1, expire_time: '', credits: 100, total: 1 });
    expect(r.data.list).toEqual([expect.objectContaining({ credits: 100 })]);
  });
});

describe('/api/user/creditsLog', () => {
  it('lists ledger rows newest first, filtered by inclusive days, paged', async () => {
    const { token, id } = await member(500);
    await creditLedger(t.ctx.database.db).spendCredits(id, 120, '视频创作');
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.ctx.database.db
      .insert(creditLogs)
      .values({ userId: id, actionName: '旧记录', credits: 0, createdAt: yesterday });
    const all = await t.call<{ list: CreditUsageRecord[]; total: number }>(
      getCreditLog,
      { page: 1, limit: 99999 },
      { token },
    );
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((r) => [r.action_name, r.credits])).toEqual([
      ['视频创作', -120],
      [creditActions.redeem, 500],
      ['旧记录', 0],
    ]);
    const today = formatDateTime(new Date()).slice(0, 10);
    const dayBefore = formatDateTime(yesterday).slice(0, 10);
    const onlyToday = await t.call<{ list: CreditUsageRecord[] }>(
      getCreditLog,
      { start_date: today, end_date: today },
      { token },
    );
    expect(onlyToday.data.list).toHaveLength(2);
    const onlyYesterday = await t.call<{ list: CreditUsageRecord[] }>(
      getCreditLog,
      { start_date: dayBefore, end_date: dayBefore },
      { token },
    );
    expect(onlyYesterday.data.list.map((r) => r.action_name)).toEqual(['旧记录']);
    const page2 = await t.call<{ list: CreditUsageRecord[]; total: number }>(
      getCreditLog,
      { page: 2, limit: 2 },
      { token },
    );
    expect(page2.data).toMatchObject({ total: 3, list: [{ action_name: '旧记录' }] });
  });

  it('shows the expiry table of live batches with type=expiry', async () => {
    const { token, id } = await member(300);
    await creditLedger(t.ctx.database.db).grantCredits(id, 40, addDays(new Date(), 2), '活动赠送');
    const r = await t.call<{ list: CreditExpiryRecord[]; total: number }>(
      getCreditLog,
      { type: 'expiry', limit: 999 },
      { token },
    );
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((b) => b.credits)).toEqual([40, 300]);
    expect(r.data.list[0]!.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses a malformed date and an end before the start', async () => {
    const token = await guest();
    expect(await t.call(getCreditLog, { start_date: '2024/01/01' }, { token })).toMatchObject({
      code: 1,
      msg: expect.stringContaining(accountMessages.dateFormat) as string,
    });
    expect(await t.call(getCreditLog, { start_date: '2024-02-01', end_date: '2024-01-01' }, { token })).toMatchObject({
      code: 1,
      msg: expect.stringContaining(accountMessages.dateOrder) as string,
    });
  });
});

describe('storage', () => {
  it('shows used MB, total in MB and GB, and whether it can grow', async () => {
    const { token, id } = await member(1);
    await t.ctx.database.db
      .update(users)
      .set({ storageUsedBytes: 300 * 1024 * 1024 })
      .where(eq(users.id, id));
    const r = await t.call<StorageSpace>(getStorageSpace, {}, { token });
    expect(r).toMatchObject({ code: 0, data: { used: 300, total: 1024, total_format: 1, can_expand: 1 } });
  });

  it('expands for 5000 credits through the ledger, up to the cap', async () => {
    await saveSiteSettings(t.ctx.database.db, { storage_max_extra_gb: 10 });
    const { token, id } = await member(12000);
    const first = await t.call<StorageSpace>(expandStorage, {}, { token });
    expect(first).toMatchObject({
      code: 0,
      msg: accountMessages.redeemed,
      data: { total_format: 6, total: 6 * 1024, can_expand: 1 },
    });
    const second = await t.call<StorageSpace>(expandStorage, {}, { token });
    expect(second.data).toMatchObject({ total_format: 11, can_expand: 0 });
    expect(await t.call(expandStorage, {}, { token })).toMatchObject({ code: 1, msg: accountMessages.atStorageLimit });
    expect(await creditLedger(t.ctx.database.db).balance(id)).toBe(12000 - 2 * STORAGE_EXPANSION.credits);
    const rows = await t.ctx.database.db.select().from(creditLogs).where(eq(creditLogs.userId, id));
    expect(rows.filter((r) => r.actionName === creditActions.expand).map((r) => r.credits)).toEqual([-5000, -5000]);
    await saveSiteSettings(t.ctx.database.db, { storage_max_extra_gb: 50 });
  });

  it('refuses guests and accounts short of credits, changing nothing', async () => {
    expect(await t.call(expandStorage, {}, { token: await guest() })).toMatchObject({
      code: 1,
      msg: accountMessages.expandGuestRefused,
    });
    const { token } = await member(4999);
    expect(await t.call(expandStorage, {}, { token })).toMatchObject({ code: 1, msg: accountMessages.creditsShort });
    expect((await t.call<StorageSpace>(getStorageSpace, {}, { token })).data.total_format).toBe(1);
  });

  it('charges files against the quota and refuses one that does not fit', async () => {
    const { token, id } = await member(1);
    const db = t.ctx.database.db;
    await db.transaction((tx) => storageUsage.charge(tx, id, 1024 ** 3 - 10));
    await expect(db.transaction((tx) => storageUsage.charge(tx, id, 11))).rejects.toThrow(filesMessages.storageFull);
    await db.transaction((tx) => storageUsage.charge(tx, id, 10));
    await db.transaction((tx) => storageUsage.release(tx, id, 512 * 1024 ** 2));
    expect((await t.call<StorageSpace>(getStorageSpace, {}, { token })).data.used).toBe(512);
    await db.transaction((tx) => storageUsage.release(tx, id, 5 * 1024 ** 3));
    expect((await t.call<StorageSpace>(getStorageSpace, {}, { token })).data.used).toBe(0);
  });

  it('counts derived files of a paid result even past the quota, where an upload is refused', async () => {
    const { token, id } = await member(1);
    const db = t.ctx.database.db;
    await db.transaction((tx) => storageUsage.charge(tx, id, 1024 ** 3));
    await expect(db.transaction((tx) => storageUsage.charge(tx, id, 1))).rejects.toThrow(filesMessages.storageFull);
    await db.transaction((tx) => storageUsage.add(tx, id, 3 * 1024 ** 2));
    expect((await t.call<StorageSpace>(getStorageSpace, {}, { token })).data.used).toBe(1027);
    await expect(db.transaction((tx) => storageUsage.add(tx, id, -1))).rejects.toThrow(/non-negative/);
  });
});

describe('/api/admin/cdkeys', () => {
  it('makes unique, unguessable codes for the admin only', async () => {
    const list = await makeCodes({ credits: 100, count: 50, days: 30, vip_days: 7 });
    expect(list).toHaveLength(50);
    expect(new Set(list).size).toBe(50);
    for (const c of list) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    const [row] = await t.ctx.database.db.select().from(redeemCodes).where(eq(redeemCodes.code, list[0]!));
    expect(row).toMatchObject({ credits: 100, creditDays: 30, vipDays: 7 });
  });

  it('refuses members and guests with 无权限, and callers without a token with code 100', async () => {
    const params = { credits: 100, count: 1, days: 30 };
    expect(await t.call(createRedeemCodes, params, { token: (await member(1)).token })).toMatchObject({
      code: 1,
      msg: protocolMessages.forbidden,
    });
    expect(await t.call(createRedeemCodes, params, { token: await guest() })).toMatchObject({
      code: 1,
      msg: protocolMessages.forbidden,
    });
    expect(await t.call(createRedeemCodes, params)).toMatchObject({ code: 100 });
  });

  it('validates count (at most 1000), credits and days', async () => {
    for (const params of [
      { credits: 100, count: 1001, days: 30 },
      { credits: 0, count: 1, days: 30 },
      { credits: 100, count: 1, days: 0 },
      { credits: 'many', count: 1, days: 30 },
    ])
      expect(await t.call(createRedeemCodes, params, { token: admin })).toMatchObject({ code: 1 });
  });
});
