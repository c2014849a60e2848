import { z } from 'zod';
import type { JobDefinition } from '../../jobs.js';

export const accountsJobs = {
  /** Removes login image codes past their 5 minutes. */
  'accounts.sweep-attempts': {
    payload: z.object({}),
    cron: '41 * * * *',
    retryLimit: 2,
    expireInSeconds: 600,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;
