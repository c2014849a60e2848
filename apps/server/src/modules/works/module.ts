import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { FeatureModule } from '../module.js';
import { worksRoutes } from './routes.js';
import { workStats } from './stats.js';

export interface WorksDeps {
  /**
   * A work's place in line, as the engine slots count it (an SQL expression over the works row): 1-based
   * among the waiting works and scenes of its engine, in submit order; 0 once rendering or finished.
   */
  queuePosition: SQL<number>;
}

/** The gallery of works: list, delete (rename rides on each producer's save endpoint). */
export function createWorksModule(deps: WorksDeps): FeatureModule {
  return {
    name: 'works',
    routes: (ctx: AppContext) => worksRoutes(ctx, deps),
    dashboard: async (db, since) => {
      const w = await workStats(db, since);
      return { works: w.perDay, engines: w.engines };
    },
  };
}
