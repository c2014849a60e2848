import { sweepJob, type JobDefinition } from '../module.js';

export const creditsJobs = {
  /** Writes off credit batches past their expiry and logs 积分过期. */
  'credits.expire': sweepJob({ cron: '5 0 * * *', retryLimit: 3, expireInSeconds: 1800 }),
  /** Returns the holds of inline paid calls whose process stopped mid-call. */
  'credits.release-calls': sweepJob({ cron: '*/5 * * * *', retryLimit: 1, expireInSeconds: 600 }),
} satisfies Record<string, JobDefinition>;
