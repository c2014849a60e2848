import type { FeatureModule } from '../module.js';
import { registerAccountJobs } from './jobs.js';
import { accountRoutes } from './routes.js';
import { seedAdmin } from './seed.js';

/** Login, redeem-code registration, guests, password change and logout. */
export const accountsModule: FeatureModule = {
  name: 'accounts',
  routes: accountRoutes,
  jobs: registerAccountJobs,
  seed: seedAdmin,
};
