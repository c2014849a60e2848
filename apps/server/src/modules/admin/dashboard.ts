import { DASHBOARD_DAYS, type ConsoleDashboard } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { addDays } from '../../platform/protocol/date-time.js';
import type { FeatureModule } from '../module.js';

/** The dashboard's figures, each read by the module that keeps them; a figure no module gives is empty. */
export async function dashboard(
  db: Db,
  modules: readonly FeatureModule[],
  now = new Date(),
): Promise<ConsoleDashboard> {
  const since = addDays(now, -DASHBOARD_DAYS);
  const parts = await Promise.all(modules.flatMap((m) => (m.dashboard ? [m.dashboard(db, since)] : [])));
  return Object.assign(
    { users: { total: 0, guests: 0, per_day: [] }, credits: [], works: [], engines: [] } satisfies ConsoleDashboard,
    ...parts,
  );
}
