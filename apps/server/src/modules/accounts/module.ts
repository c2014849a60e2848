import { handlersOf, type FeatureModule } from '../module.js';
import { accountsConsoleRoutes } from './console-routes.js';
import type { AccountHoldings } from './console-users.js';
import { accountsJobHandlers } from './job-handlers.js';
import { accountsJobs } from './jobs.js';
import { accountRoutes } from './routes.js';
import { seedAdmin } from './seed.js';
import { accountStats } from './stats.js';

/** What accounts is handed by the modules above it; bound in modules/index.ts. */
export interface AccountsPorts {
  /** What each account owns elsewhere, for the console's user detail. */
  holdings: AccountHoldings;
}

/** Login, redeem-code registration, guests, password change and logout; the console's Users screen. */
export const createAccountsModule = (ports: AccountsPorts): FeatureModule<typeof accountsJobs> => ({
  name: 'accounts',
  routes: accountRoutes,
  jobs: handlersOf(accountsJobs, accountsJobHandlers),
  seed: seedAdmin,
  console: accountsConsoleRoutes(ports.holdings),
  dashboard: async (db, since) => {
    const a = await accountStats(db, since);
    return { users: { total: a.total, guests: a.guests, per_day: a.perDay } };
  },
});
