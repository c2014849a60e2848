import type { AppContext } from '../../platform/context.js';
import type { JobHandlers } from '../module.js';
import { expireDueBatches } from './expiry.js';
import { releaseInterruptedCalls } from './holds.js';
import type { creditsJobs } from './jobs.js';

export const creditsJobHandlers = (ctx: AppContext): JobHandlers<typeof creditsJobs> => ({
  /** Daily: batches past their expiry are written off and logged as 积分过期. */
  'credits.expire': async (_payload, job) => {
    const done = await expireDueBatches(ctx.database.db);
    if (done.batches) job.log.info(done, 'expired credit batches');
  },
  /** Every five minutes: a call cut off between its hold and its settlement gives the hold back. */
  'credits.release-calls': async (_payload, job) => {
    const released = await releaseInterruptedCalls(ctx.database.db);
    if (released) job.log.info({ released }, 'returned holds of interrupted calls');
  },
});
