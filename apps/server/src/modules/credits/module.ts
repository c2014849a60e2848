import type { FeatureModule } from '../module.js';
import { registerCreditsJobs } from './jobs.js';
import { creditsRoutes } from './routes.js';
import { seedCredits } from './seed.js';

/** Credits ledger, redeem codes, VIP, storage quota and their calls. */
export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: creditsRoutes,
  jobs: registerCreditsJobs,
  seed: seedCredits,
};
