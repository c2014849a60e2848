import type { FeatureModule } from '../module.js';
import { liveRoutes } from './routes.js';
import { LiveQaService } from './service.js';

/** The live digital human: so far its Q&A library, the offline source of its answers. */
export const liveModule: FeatureModule = {
  name: 'live',
  tools: [{ key: 'live' }],
  routes: (ctx) => liveRoutes(new LiveQaService(ctx.database.db)),
  migrations: 'src/modules/live/migrations',
};
