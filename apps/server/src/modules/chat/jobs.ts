import { sweepJob, type JobDefinition } from '../module.js';

export const chatJobs = {
  /** Answers whose stream was never opened, or whose process stopped, are closed and their holds settled or refunded. */
  'chat.sweep-open-answers': sweepJob({ cron: '*/5 * * * *', retryLimit: 1, expireInSeconds: 600 }),
} satisfies Record<string, JobDefinition>;
