import type { AppContext } from '../../platform/context.js';
import type { FeatureModule } from '../module.js';
import { worksRoutes } from './routes.js';

/** The gallery of works: list, delete (rename rides on each producer's save endpoint). */
export const worksModule: FeatureModule = {
  name: 'works',
  routes: (ctx: AppContext) => worksRoutes(ctx),
};
