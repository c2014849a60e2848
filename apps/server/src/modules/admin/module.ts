import type { FeatureModule } from '../module.js';
import { adminRoutes } from './routes.js';

/** The operator console's calls: users, redeem code batches and the audit log. */
export const adminModule: FeatureModule = { name: 'admin', routes: adminRoutes };
