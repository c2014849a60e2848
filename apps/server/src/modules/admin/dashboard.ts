import { DASHBOARD_DAYS, type ConsoleDashboard } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { addDays } from '../../platform/protocol/date-time.js';
import { accountStats } from '../accounts/index.js';
import { creditStats } from '../credits/index.js';
import { workStats } from '../works/index.js';

/** The dashboard's figures, each read by the module that keeps them. */
export async function dashboard(db: Db, now = new Date()): Promise<ConsoleDashboard> {
  const since = addDays(now, -DASHBOARD_DAYS);
  const [accounts, credits, works] = await Promise.all([
    accountStats(db, since),
    creditStats(db, since),
    workStats(db, since),
  ]);
  return {
    users: { total: accounts.total, guests: accounts.guests, per_day: accounts.perDay },
    credits,
    works: works.perDay,
    engines: works.engines,
  };
}
