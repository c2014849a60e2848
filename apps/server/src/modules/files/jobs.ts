import { z } from 'zod';
import type { JobDefinition } from '../module.js';

export const filesJobs = {
  /** Removes uploads that were never registered (the quota counts only registered files). */
  'files.sweep-unregistered': {
    payload: z.object({
      olderThanSeconds: z
        .number()
        .int()
        .positive()
        .default(24 * 3600),
    }),
    cron: '47 * * * *',
    retryLimit: 2,
    expireInSeconds: 1800,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;
