import { GENERATION_STATUS } from '@app/contract';
import { engineSlots } from '../../platform/queue/engine-slots.js';

/** Generation records take their engine's slots: waiting records queue in turn per user, then submit order, running ones hold a lease. */
export const mediaSlots = engineSlots({
  table: 'ai_media_records',
  engine: 'engine',
  status: 'status',
  createdAt: 'created_at',
  job: 'render_job',
  leaseUntil: 'lease_until',
  waiting: GENERATION_STATUS.queued,
  running: GENERATION_STATUS.running,
  owner: { column: 'user_id' },
});
