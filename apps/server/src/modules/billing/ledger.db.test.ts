import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { accountMessages, creditActions } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { creditBatches, creditLogs, creditReservations } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays } from '../../platform/protocol/date-time.js';
import { expireDueBatches } from './expiry.js';
import { creditsMessages } from './messages.js';
import { creditLedger, type CreditLedger } from './ledger.js';
import { newAccount } from '../../../test/accounts.js';

let t: TestApp;
let ledger: CreditLedger;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = creditLedger(t.ctx.database.db);
});
afterAll(async () => t?.close());

async function logSum(userId: number): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ s: sql<string>`coalesce(sum(${creditLogs.credits}), 0)` })
    .from(creditLogs)
    .where(eq(creditLogs.userId, userId));
  return Number(row!.s);
}

const logRows = (userId: number) =>
  t.ctx.database.db.select().from(creditLogs).where(eq(creditLogs.userId, userId)).orderBy(asc(creditLogs.id));

const batchesOf = (userId: number) =>
  t.ctx.database.db.select().from(creditBatches).where(eq(creditBatches.userId, userId)).orderBy(asc(creditBatches.id));

describe('spending under concurrency', () => {
  it('200 concurrent spends never drive the balance negative and the log sums to the balance', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 600, addDays(new Date(), 30), creditActions.redeem);
    await ledger.grantCredits(userId, 400, addDays(new Date(), 3), creditActions.trial);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => ledger.spendCredits(userId, 7, '视频创作')),
    );
    const spent = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(spent).toBe(Math.floor(1000 / 7));
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((r as PromiseRejectedResult).reason as AppError).message).toBe(accountMessages.creditsShort);
    }
    const balance = await ledger.balance(userId);
    expect(balance).toBe(1000 - spent * 7);
    expect(await logSum(userId)).toBe(balance);
    for (const b of await batchesOf(userId)) expect(b.creditsLeft).toBeGreaterThanOrEqual(0);
    expect((await logRows(userId)).filter((r) => r.credits < 0)).toHaveLength(spent);
  });

  it('mixed concurrent reservations and spends stay within the balance', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 500, addDays(new Date(), 10), creditActions.redeem);
    const calls = Array.from({ length: 100 }, (_, i) =>
      i % 2 ? ledger.spendCredits(userId, 9, '图片生成') : ledger.reserveCredits(userId, 11, `mix-${i}`, '视频创作'),
    );
    await Promise.allSettled(calls);
    const balance = await ledger.balance(userId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(11);
    expect(await logSum(userId)).toBe(balance);
  });
});

describe('first in, first out by expiry', () => {
  it('takes from the batch that expires first, whatever the order of the grants', async () => {
    const userId = (await newAccount(t)).id;
    const late = await ledger.grantCredits(userId, 100, addDays(new Date(), 30), 'A');
    const soon = await ledger.grantCredits(userId, 50, addDays(new Date(), 5), 'B');
    const middle = await ledger.grantCredits(userId, 70, addDays(new Date(), 10), 'C');
    await ledger.spendCredits(userId, 80, '视频创作');
    const left = new Map((await batchesOf(userId)).map((b) => [b.id, b.creditsLeft]));
    expect(left.get(soon)).toBe(0);
    expect(left.get(middle)).toBe(40);
    expect(left.get(late)).toBe(100);
    expect(await ledger.balance(userId)).toBe(140);
  });

  it('refuses with 积分不足 and changes nothing when the balance is short', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 30, addDays(new Date(), 5), 'A');
    await expect(ledger.spendCredits(userId, 31, '视频创作')).rejects.toThrow(accountMessages.creditsShort);
    expect(await ledger.balance(userId)).toBe(30);
    expect(await logRows(userId)).toHaveLength(1);
  });

  it('does not count or spend a batch past its expiry, even before the expiry job ran', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 100, new Date(Date.now() - HOUR), 'old');
    await ledger.grantCredits(userId, 10, addDays(new Date(), 1), 'new');
    expect(await ledger.balance(userId)).toBe(10);
    await expect(ledger.spendCredits(userId, 20, '视频创作')).rejects.toThrow(accountMessages.creditsShort);
  });
});

describe('expiry job', () => {
  it('writes off what is left, logs 积分过期 dated at the expiry, and does it once', async () => {
    const userId = (await newAccount(t)).id;
    const expiresAt = new Date(Date.now() + HOUR);
    const batchId = await ledger.grantCredits(userId, 100, expiresAt, 'A');
    await ledger.grantCredits(userId, 50, addDays(new Date(), 30), 'B');
    await ledger.spendCredits(userId, 30, '视频创作');
    const later = new Date(Date.now() + 2 * HOUR);
    const first = await expireDueBatches(t.ctx.database.db, later);
    expect(first.credits).toBeGreaterThanOrEqual(70);
    expect(await expireDueBatches(t.ctx.database.db, later)).toEqual({ batches: 0, credits: 0 });
    const [batch] = await t.ctx.database.db.select().from(creditBatches).where(eq(creditBatches.id, batchId));
    expect(batch).toMatchObject({ creditsLeft: 0 });
    expect(batch!.expiredAt).not.toBeNull();
    const expiredRows = (await logRows(userId)).filter((r) => r.actionName === creditActions.expired);
    expect(expiredRows).toHaveLength(1);
    expect(expiredRows[0]).toMatchObject({ credits: -70 });
    expect(expiredRows[0]!.createdAt.getTime()).toBe(expiresAt.getTime());
    expect(await ledger.balance(userId, later)).toBe(50);
    expect(await logSum(userId)).toBe(50);
  });

  it('runs as the credits.expire job through the queue', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 25, new Date(Date.now() - HOUR), 'A');
    await t.ctx.queue.send('credits.expire', {});
    const deadline = Date.now() + 60_000;
    let rows = await logRows(userId);
    while (!rows.some((r) => r.actionName === creditActions.expired) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      rows = await logRows(userId);
    }
    expect(rows.find((r) => r.actionName === creditActions.expired)).toMatchObject({ credits: -25 });
    expect(await logSum(userId)).toBe(0);
  });
});

describe('reserve, settle, refund', () => {
  it('reserving twice with one job key holds once', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 1000, addDays(new Date(), 30), 'A');
    const a = await ledger.reserveCredits(userId, 300, 'job-r1', '视频创作');
    const b = await ledger.reserveCredits(userId, 300, 'job-r1', '视频创作');
    expect(a).toEqual(b);
    expect(a).toMatchObject({ held: 300, charged: 0, status: 'held' });
    expect(await ledger.balance(userId)).toBe(700);
    expect(await logRows(userId)).toHaveLength(2);
  });

  it('twenty concurrent reservations with one key hold once', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 1000, addDays(new Date(), 30), 'A');
    const all = await Promise.all(
      Array.from({ length: 20 }, () => ledger.reserveCredits(userId, 100, 'job-race', '视频创作')),
    );
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['held']));
    expect(await ledger.balance(userId)).toBe(900);
    expect(await logSum(userId)).toBe(900);
  });

  it('settles on the real amount once, returning the rest; the charge never exceeds the hold', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 1000, addDays(new Date(), 30), 'A');
    await ledger.reserveCredits(userId, 300, 'job-s1', '视频创作');
    const s1 = await ledger.settleCredits('job-s1', 120);
    const s2 = await ledger.settleCredits('job-s1', 10);
    expect(s1).toMatchObject({ status: 'settled', charged: 120 });
    expect(s2).toEqual(s1);
    expect(await ledger.balance(userId)).toBe(880);
    const rows = await logRows(userId);
    expect(rows.map((r) => [r.actionName, r.credits])).toEqual([
      ['A', 1000],
      ['视频创作', -300],
      [creditsMessages.settleReturn('视频创作'), 180],
    ]);
    await ledger.reserveCredits(userId, 50, 'job-s2', '视频创作');
    expect(await ledger.settleCredits('job-s2', 80)).toMatchObject({ charged: 50 });
    expect(await ledger.balance(userId)).toBe(830);
    expect(await logSum(userId)).toBe(830);
  });

  it('refunds in full once, also after a settlement, and settling after a refund changes nothing', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 500, addDays(new Date(), 30), 'A');
    await ledger.reserveCredits(userId, 200, 'job-f1', '视频创作');
    expect(await ledger.refundCredits('job-f1')).toMatchObject({ status: 'refunded', charged: 0 });
    expect(await ledger.refundCredits('job-f1')).toMatchObject({ status: 'refunded' });
    expect(await ledger.settleCredits('job-f1', 100)).toMatchObject({ status: 'refunded', charged: 0 });
    expect(await ledger.balance(userId)).toBe(500);

    await ledger.reserveCredits(userId, 200, 'job-f2', '视频创作');
    await ledger.settleCredits('job-f2', 150);
    await ledger.refundCredits('job-f2');
    await ledger.refundCredits('job-f2');
    expect(await ledger.balance(userId)).toBe(500);
    expect(await logSum(userId)).toBe(500);
    const refunds = (await logRows(userId)).filter((r) => r.actionName === creditsMessages.refund('视频创作'));
    expect(refunds.map((r) => r.credits)).toEqual([200, 150]);
  });

  it('returns nothing for an unknown job key and keeps no hold when the balance is short', async () => {
    const userId = (await newAccount(t)).id;
    await ledger.grantCredits(userId, 10, addDays(new Date(), 30), 'A');
    expect(await ledger.settleCredits('job-none', 5)).toBeNull();
    expect(await ledger.refundCredits('job-none')).toBeNull();
    await expect(ledger.reserveCredits(userId, 11, 'job-short', '视频创作')).rejects.toThrow(
      accountMessages.creditsShort,
    );
    const held = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, 'job-short'));
    expect(held).toHaveLength(0);
  });

  it('gives unused credits back to the latest-expiring batch first', async () => {
    const userId = (await newAccount(t)).id;
    const soon = await ledger.grantCredits(userId, 100, addDays(new Date(), 5), 'B');
    const late = await ledger.grantCredits(userId, 100, addDays(new Date(), 30), 'A');
    await ledger.reserveCredits(userId, 150, 'job-back', '视频创作');
    await ledger.settleCredits('job-back', 60);
    const left = new Map((await batchesOf(userId)).map((b) => [b.id, b.creditsLeft]));
    expect(left.get(late)).toBe(100);
    expect(left.get(soon)).toBe(40);
  });

  it('credits refunded into a batch already written off expire again, visibly', async () => {
    const userId = (await newAccount(t)).id;
    const batchId = await ledger.grantCredits(userId, 100, new Date(Date.now() + HOUR), 'A');
    await ledger.reserveCredits(userId, 60, 'job-lapse', '视频创作');
    await expireDueBatches(t.ctx.database.db, new Date(Date.now() + 2 * HOUR));
    await ledger.refundCredits('job-lapse');
    const [batch] = await t.ctx.database.db
      .select()
      .from(creditBatches)
      .where(and(eq(creditBatches.id, batchId)));
    expect(batch!.creditsLeft).toBe(0);
    const rows = (await logRows(userId)).map((r) => [r.actionName, r.credits]);
    expect(rows).toEqual([
      ['A', 100],
      ['视频创作', -60],
      [creditActions.expired, -40],
      [creditsMessages.refund('视频创作'), 60],
      [creditActions.expired, -60],
    ]);
    expect(await logSum(userId)).toBe(0);
  });
});
