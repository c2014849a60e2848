import { handlersOf, type FeatureModule } from '../module.js';
import { creditsJobHandlers } from './job-handlers.js';
import { creditsJobs } from './jobs.js';
import { creditsRoutes } from './routes.js';
import { seedCredits } from './seed.js';

/** Credits ledger, redeem codes, VIP, storage quota and their calls. */
export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: creditsRoutes,
  jobs: handlersOf(creditsJobs, creditsJobHandlers),
  seed: seedCredits,
};
