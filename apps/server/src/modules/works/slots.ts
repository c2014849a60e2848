import { engineSlots } from '../../platform/queue/engine-slots.js';
import { WORK_STATUS } from './labels.js';

/** Works take their engine's render slots: queued works wait, rendering works hold a lease. */
export const workSlots = engineSlots({
  table: 'works',
  engine: 'engine',
  status: 'status',
  createdAt: 'created_at',
  job: 'render_job',
  leaseUntil: 'lease_until',
  waiting: WORK_STATUS.queued,
  running: WORK_STATUS.rendering,
});
