import { handlersOf, type FeatureModule } from '../module.js';
import type { AccountNames } from './console-codes.js';
import { billingConsoleRoutes } from './console-routes.js';
import { creditsJobHandlers } from './job-handlers.js';
import { creditsJobs } from './jobs.js';
import { billingRoutes } from './routes.js';
import { seedCredits } from './seed.js';
import { creditStats } from './stats.js';

/** What billing is handed by the modules above it; bound in modules/index.ts. */
export interface BillingPorts {
  /** Account names by id, for who used a redeem code. */
  usernames: AccountNames;
}

/** Credits ledger, redeem codes and VIP, their calls and their console section. */
export const createBillingModule = (ports: BillingPorts): FeatureModule<typeof creditsJobs> => ({
  name: 'billing',
  routes: billingRoutes,
  jobs: handlersOf(creditsJobs, creditsJobHandlers),
  seed: seedCredits,
  console: billingConsoleRoutes(ports.usernames),
  dashboard: async (db, since) => ({ credits: await creditStats(db, since) }),
});
