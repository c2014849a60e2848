import type { AppContext } from '../../platform/context.js';
import type { JobHandlers } from '../module.js';
import { sweepCaptchas } from './attempts.js';
import type { accountsJobs } from './jobs.js';

export const accountsJobHandlers = (ctx: AppContext): JobHandlers<typeof accountsJobs> => ({
  /** Hourly: login image codes nobody answered in time are removed. */
  'accounts.sweep-attempts': async (_payload, job) => {
    const removed = await sweepCaptchas(ctx.database.db);
    if (removed) job.log.info({ removed }, 'swept expired login image codes');
  },
});
