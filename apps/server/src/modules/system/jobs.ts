import { z } from 'zod';
import type { JobDefinition } from '../module.js';

/** Jobs of the platform's own housekeeping. */
export const systemJobs = {
  /** Removes abandoned partial uploads from the local store. */
  'storage.sweep-temp': {
    payload: z.object({
      olderThanSeconds: z
        .number()
        .int()
        .positive()
        .default(24 * 3600),
    }),
    cron: '17 * * * *',
    retryLimit: 2,
    expireInSeconds: 600,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;
