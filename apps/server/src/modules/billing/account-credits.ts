import { and, asc, count, desc, eq, gt, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { AccountCredits, CreditExpiryRecord, CreditUsageRecord } from '@app/contract';
import { creditBatches, creditLogs } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { endOfDay, formatDateTime, startOfDay } from '../../platform/protocol/date-time.js';
import { creditLedger } from './ledger.js';
import { vip } from './vip.js';

const liveBatches = (userId: number, now: Date) =>
  and(
    eq(creditBatches.userId, userId),
    isNull(creditBatches.expiredAt),
    gt(creditBatches.expireAt, now),
    gt(creditBatches.creditsLeft, 0),
  );

const expiryRecord = (b: { id: number; expireAt: Date; creditsLeft: number }): CreditExpiryRecord => ({
  id: b.id,
  expire_time: formatDateTime(b.expireAt),
  credits: b.creditsLeft,
});

/** Who the top bar names: the accounts module reads it and hands it here. */
export interface CreditsHolder {
  id: number;
  username: string;
  avatar: string;
  isTourist: boolean;
}

/** What the top bar shows: name, avatar, VIP expiry, guest flag, balance and live batches (details, and list with total). */
export async function accountCredits(db: Db, user: CreditsHolder, now = new Date()): Promise<AccountCredits> {
  const userId = user.id;
  const vipExpireAt = (await vip.until(db, [userId])).get(userId) ?? null;
  const batches = await db
    .select({ id: creditBatches.id, expireAt: creditBatches.expireAt, creditsLeft: creditBatches.creditsLeft })
    .from(creditBatches)
    .where(liveBatches(userId, now))
    .orderBy(asc(creditBatches.expireAt), asc(creditBatches.id));
  return {
    username: user.username,
    avatar: user.avatar,
    expire_time: vipExpireAt ? formatDateTime(vipExpireAt) : '',
    is_tourist: user.isTourist ? 1 : 0,
    credits: await creditLedger(db).balance(userId, now),
    details: batches.map((b) => ({ expire_time: formatDateTime(b.expireAt), credits: b.creditsLeft })),
    list: batches.map(expiryRecord),
    total: batches.length,
  };
}

export interface CreditLogQuery {
  page: number;
  /** 0 = everything. */
  limit: number;
  start_date?: string;
  end_date?: string;
  type: 'usage' | 'expiry';
}

type Page<T> = { list: T[]; total: number };

/** The usage list (newest first, by inclusive day range) or the expiry table (soonest first). */
export async function creditLog(
  db: Db,
  userId: number,
  q: CreditLogQuery,
): Promise<Page<CreditUsageRecord> | Page<CreditExpiryRecord>> {
  const offset = q.limit ? (q.page - 1) * q.limit : 0;
  const limit = q.limit || Number.MAX_SAFE_INTEGER;
  if (q.type === 'expiry') {
    const where = liveBatches(userId, new Date());
    const rows = await db
      .select({ id: creditBatches.id, expireAt: creditBatches.expireAt, creditsLeft: creditBatches.creditsLeft })
      .from(creditBatches)
      .where(where)
      .orderBy(asc(creditBatches.expireAt), asc(creditBatches.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(creditBatches).where(where);
    return {
      list: rows.map(expiryRecord),
      total: total?.n ?? 0,
    };
  }
  const conditions: SQL[] = [eq(creditLogs.userId, userId)];
  if (q.start_date) conditions.push(gte(creditLogs.createdAt, startOfDay(q.start_date)));
  if (q.end_date) conditions.push(lt(creditLogs.createdAt, endOfDay(q.end_date)));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(creditLogs)
    .where(where)
    .orderBy(desc(creditLogs.createdAt), desc(creditLogs.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(creditLogs).where(where);
  return {
    list: rows.map((r) => ({
      id: r.id,
      action_name: r.actionName,
      credits: r.credits,
      create_time: formatDateTime(r.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
