import { handlersOf, type FeatureModule } from '../module.js';
import { accountsJobHandlers } from './job-handlers.js';
import { accountsJobs } from './jobs.js';
import { accountRoutes } from './routes.js';
import { seedAdmin } from './seed.js';

/** Login, redeem-code registration, guests, password change and logout. */
export const accountsModule: FeatureModule = {
  name: 'accounts',
  routes: accountRoutes,
  jobs: handlersOf(accountsJobs, accountsJobHandlers),
  seed: seedAdmin,
};
