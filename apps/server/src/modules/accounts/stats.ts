import { count, gte, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

const day = sql<string>`to_char(date_trunc('day', ${users.createdAt}), 'YYYY-MM-DD')`;

/** Accounts for the console's dashboard: totals, and new registered accounts and guests per day since `since`. */
export async function accountStats(db: Db, since: Date) {
  const [totals] = await db
    .select({
      total: count(),
      guests: sql<number>`count(*) filter (where ${users.isTourist} = 1)`.mapWith(Number),
    })
    .from(users);
  const perDay = await db
    .select({
      day,
      users: sql<number>`count(*) filter (where ${users.isTourist} = 0)`.mapWith(Number),
      guests: sql<number>`count(*) filter (where ${users.isTourist} = 1)`.mapWith(Number),
    })
    .from(users)
    .where(gte(users.createdAt, since))
    .groupBy(day)
    .orderBy(day);
  return { total: totals?.total ?? 0, guests: totals?.guests ?? 0, perDay };
}
