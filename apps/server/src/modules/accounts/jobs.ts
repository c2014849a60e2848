import type { AppContext } from '../../platform/context.js';
import { sweepAttempts } from './attempts.js';

/** Hourly: login failures and guest creations older than a day no longer count and are removed. */
export function registerAccountJobs(ctx: AppContext): void {
  ctx.queue.handle('accounts.sweep-attempts', async (_payload, job) => {
    const removed = await sweepAttempts(ctx.database.db);
    if (removed) job.log.info({ removed }, 'swept old sign-in attempts');
  });
}
