import type { AppContext } from '../../platform/context.js';
import { expireDueBatches } from './expiry.js';

/** Daily: batches past their expiry are written off and logged as 积分过期. */
export function registerCreditsJobs(ctx: AppContext): void {
  ctx.queue.handle('credits.expire', async (_payload, job) => {
    const done = await expireDueBatches(ctx.database.db);
    if (done.batches) job.log.info(done, 'expired credit batches');
  });
}
