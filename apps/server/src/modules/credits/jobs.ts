import { z } from 'zod';
import type { JobDefinition } from '../../jobs.js';

export const creditsJobs = {
  /** Writes off credit batches past their expiry and logs 积分过期. */
  'credits.expire': {
    payload: z.object({}),
    cron: '5 0 * * *',
    retryLimit: 3,
    expireInSeconds: 1800,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;
