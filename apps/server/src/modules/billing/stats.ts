import { gte, sql } from 'drizzle-orm';
import { creditActions } from '@app/contract';
import { creditLogs } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

const day = sql<string>`to_char(date_trunc('day', ${creditLogs.createdAt}), 'YYYY-MM-DD')`;
const sumWhere = (cond: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(abs(${creditLogs.credits})) filter (where ${cond}), 0)`.mapWith(Number);

/** Credits per day since `since` from the ledger: sold (redeemed codes), spent (net of refunds), expired. */
export async function creditStats(db: Db, since: Date) {
  return db
    .select({
      day,
      sold: sumWhere(sql`${creditLogs.actionName} = ${creditActions.redeem}`),
      spent:
        sql<number>`coalesce(-sum(${creditLogs.credits}) filter (where ${creditLogs.jobKey} is not null or (${creditLogs.credits} < 0 and ${creditLogs.actionName} <> ${creditActions.expired})), 0)`.mapWith(
          Number,
        ),
      expired: sumWhere(sql`${creditLogs.actionName} = ${creditActions.expired}`),
    })
    .from(creditLogs)
    .where(gte(creditLogs.createdAt, since))
    .groupBy(day)
    .orderBy(day);
}
