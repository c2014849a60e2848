import { sweepJob, type JobDefinition } from '../module.js';

export const liveJobs = {
  /** Sessions that stopped beating are ended with their minutes settled; answers a stopped process left open are closed. */
  'live.sweep': sweepJob({ cron: '* * * * *', retryLimit: 1, expireInSeconds: 300 }),
} satisfies Record<string, JobDefinition>;
