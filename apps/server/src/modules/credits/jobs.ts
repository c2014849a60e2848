import type { JobDefinition } from '../../jobs.js';
import { sweepJob } from '../module.js';

export const creditsJobs = {
  /** Writes off credit batches past their expiry and logs 积分过期. */
  'credits.expire': sweepJob({ cron: '5 0 * * *', retryLimit: 3, expireInSeconds: 1800 }),
} satisfies Record<string, JobDefinition>;
