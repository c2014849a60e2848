import { sweepJob, type JobDefinition } from '../module.js';

export const accountsJobs = {
  /** Removes login image codes past their 5 minutes. */
  'accounts.sweep-attempts': sweepJob({ cron: '41 * * * *', retryLimit: 2, expireInSeconds: 600 }),
} satisfies Record<string, JobDefinition>;
