import type { AppContext } from '../../platform/context.js';
import type { JobHandlers } from '../module.js';
import { sweepAttempts } from './attempts.js';
import type { accountsJobs } from './jobs.js';

export const accountsJobHandlers = (ctx: AppContext): JobHandlers<typeof accountsJobs> => ({
  /** Hourly: login failures and guest creations older than a day no longer count and are removed. */
  'accounts.sweep-attempts': async (_payload, job) => {
    const removed = await sweepAttempts(ctx.database.db);
    if (removed) job.log.info({ removed }, 'swept old sign-in attempts');
  },
});
