import type { AppContext } from '../../platform/context.js';
import { workSlots } from '../works/index.js';

/** Re-queues render jobs whose worker died while holding a slot (their lease lapsed). */
export const releaseLapsedRenders = (ctx: AppContext): Promise<number> =>
  workSlots.releaseLapsed(ctx, { name: 'work.render', idField: 'workId', leaseSeconds: ctx.config.WORK_LEASE_SECONDS });
