import type { FeatureModule } from '../module.js';
import { storageQuotaRoutes } from './routes.js';

/** An account's storage: the site's base plus GB bought with credits, and the bytes its files use. */
export const storageQuotaModule: FeatureModule = {
  name: 'storage-quota',
  routes: storageQuotaRoutes,
};
