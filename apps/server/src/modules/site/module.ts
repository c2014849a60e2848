import type { FeatureModule } from '../module.js';
import { siteRoutes } from './routes.js';
import { seedSite } from './seed.js';

/** Branding, footer, notices, agreements, credit rules, usage guide and themes. */
export const siteModule: FeatureModule = { name: 'site', routes: siteRoutes, seed: seedSite };
