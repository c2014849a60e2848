import type { FeatureModule } from '../module.js';
import { siteRoutes } from './routes.js';
import { seedSite } from './seed.js';
import { siteConsoleRoutes } from './console-routes.js';
import { writeTopicCuration } from './write-topics.js';

/** Branding, footer, notices, agreements, credit rules, usage guide and themes. */
export const siteModule: FeatureModule = {
  name: 'site',
  routes: siteRoutes,
  seed: seedSite,
  console: siteConsoleRoutes,
  curation: { write_topic: writeTopicCuration },
};
