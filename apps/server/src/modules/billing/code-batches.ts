import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { CodeRow } from '@app/contract';
import { redeemCodes } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { createRedeemCodes } from './redeem-codes.js';

export type CodeState = CodeRow['state'];

/** Which codes are in a state at `now`: void wins over used, used over expired. */
function inState(state: CodeState, now: Date): SQL | undefined {
  switch (state) {
    case 'void':
      return and(isNotNull(redeemCodes.voidedAt), isNull(redeemCodes.usedAt));
    case 'used':
      return isNotNull(redeemCodes.usedAt);
    case 'expired':
      return and(isNull(redeemCodes.usedAt), isNull(redeemCodes.voidedAt), lte(redeemCodes.expiresAt, now));
    case 'unused':
      return and(isNull(redeemCodes.usedAt), isNull(redeemCodes.voidedAt), gt(redeemCodes.expiresAt, now));
  }
}

const stateOf = (r: { usedAt: Date | null; voidedAt: Date | null; expiresAt: Date }, now: Date): CodeState =>
  r.usedAt ? 'used' : r.voidedAt ? 'void' : r.expiresAt <= now ? 'expired' : 'unused';

const countWhere = (cond: SQL | undefined) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);

/** Who used a code: the username, looked up by the accounts feature's caller. */
export type UsernameOf = (ids: number[]) => Promise<Map<number, string>>;

export interface CodeQuery {
  batch?: string;
  state?: CodeState;
  keyword?: string;
  page: number;
  limit: number;
}

/** Redeem codes as the console sells them: labelled batches, listed, exported and voided. */
export const codeBatches = {
  create: (
    db: Db,
    spec: {
      batch: string;
      count: number;
      credits: number;
      days: number;
      vipDays?: number;
      redeemDays?: number;
      by: number;
    },
  ) =>
    createRedeemCodes(db, {
      batch: spec.batch,
      count: spec.count,
      credits: spec.credits,
      days: spec.days,
      vipDays: spec.vipDays,
      redeemDays: spec.redeemDays,
      createdBy: spec.by,
    }),

  async exists(db: Db, batch: string): Promise<boolean> {
    const [row] = await db
      .select({ id: redeemCodes.id })
      .from(redeemCodes)
      .where(eq(redeemCodes.batch, batch))
      .limit(1);
    return !!row;
  },

  async list(
    db: Db,
    q: CodeQuery,
    usernames: UsernameOf,
    now = new Date(),
  ): Promise<{ list: CodeRow[]; total: number }> {
    const where = and(
      q.batch !== undefined && q.batch !== '' ? eq(redeemCodes.batch, q.batch) : undefined,
      q.state ? inState(q.state, now) : undefined,
      q.keyword?.trim() ? ilike(redeemCodes.code, `%${q.keyword.trim().replace(/[\\%_]/g, '')}%`) : undefined,
    );
    const [total] = await db.select({ n: count() }).from(redeemCodes).where(where);
    let query = db.select().from(redeemCodes).where(where).orderBy(desc(redeemCodes.id)).$dynamic();
    if (q.limit) query = query.limit(q.limit).offset((q.page - 1) * q.limit);
    const rows = await query;
    const names = await usernames([...new Set(rows.flatMap((r) => (r.usedBy ? [r.usedBy] : [])))]);
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        id: r.id,
        code: r.code,
        batch: r.batch,
        credits: r.credits,
        days: r.creditDays,
        vip_days: r.vipDays,
        expire_time: formatDateTime(r.expiresAt),
        state: stateOf(r, now),
        used_by: r.usedBy ? (names.get(r.usedBy) ?? String(r.usedBy)) : '',
        used_time: r.usedAt ? formatDateTime(r.usedAt) : '',
        create_time: formatDateTime(r.createdAt),
      })),
    };
  },

  /** Labelled batches, newest first, with their codes counted by state. */
  async batches(db: Db, now = new Date()) {
    const rows = await db
      .select({
        batch: redeemCodes.batch,
        credits: max(redeemCodes.credits),
        total: count(),
        unused: countWhere(inState('unused', now)),
        used: countWhere(inState('used', now)),
        expired: countWhere(inState('expired', now)),
        void: countWhere(inState('void', now)),
        createdAt: min(redeemCodes.createdAt),
      })
      .from(redeemCodes)
      .where(sql`${redeemCodes.batch} <> ''`)
      .groupBy(redeemCodes.batch)
      .orderBy(desc(min(redeemCodes.createdAt)));
    return rows.map(({ createdAt, credits, ...r }) => ({
      ...r,
      credits: credits ?? 0,
      create_time: createdAt ? formatDateTime(createdAt) : '',
    }));
  },

  /** Voids the unused (and not yet expired or used) codes of a batch, or one code; how many were voided. */
  async voidUnused(db: Db, target: { batch?: string; id?: number }, now = new Date()): Promise<number> {
    const which = target.id ? eq(redeemCodes.id, target.id) : eq(redeemCodes.batch, target.batch ?? '');
    const rows = await db
      .update(redeemCodes)
      .set({ voidedAt: now })
      .where(and(which, inState('unused', now)))
      .returning({ id: redeemCodes.id });
    return rows.length;
  },
};

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CODE_CSV_HEADER = ['兑换码', '积分', '积分有效天数', 'VIP天数', '兑换截止', '状态', '使用者', '使用时间'];
const stateNames: Record<CodeState, string> = { unused: '未使用', used: '已使用', expired: '已过期', void: '已作废' };

/** A batch as CSV (UTF-8 with BOM so spreadsheet programs read the Chinese header). */
export function codesCsv(rows: CodeRow[]): string {
  const lines = [CODE_CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [r.code, r.credits, r.days, r.vip_days, r.expire_time, stateNames[r.state], r.used_by, r.used_time]
        .map(csvField)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
