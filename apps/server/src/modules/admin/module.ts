import type { FeatureModule } from '../module.js';
import { adminRoutes } from './routes.js';

/** The operator console: its session, the audit log and the shared screens; each module brings its own section. */
export const adminModule: FeatureModule = { name: 'admin', routes: (ctx, { modules }) => adminRoutes(ctx, modules) };
