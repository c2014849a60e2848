import { handlersOf, type FeatureModule } from '../module.js';
import { systemJobs } from './jobs.js';
import { sweepTemp } from './sweep-temp.js';

/** The platform's own housekeeping jobs. */
export const systemModule: FeatureModule<typeof systemJobs> = {
  name: 'system',
  jobs: handlersOf(systemJobs, (ctx) => ({
    'storage.sweep-temp': async ({ olderThanSeconds }, job) => {
      const removed = await sweepTemp(ctx, olderThanSeconds);
      if (removed) job.log.info({ removed }, 'removed stale partial uploads');
    },
  })),
};
