import { z } from 'zod';
import { sweepJob, type JobDefinition } from '../module.js';

const id = z.number().int().positive();

export const openApiJobs = {
  /** Waits for an API video to end, then turns its end into one webhook delivery per listening endpoint. */
  'open-api.video-watch': { payload: z.object({ workId: id }), retryLimit: 5, expireInSeconds: 120, concurrency: 2 },
  /** One attempt of a webhook delivery; a failed one comes back after the next wait of WEBHOOK_RETRY_SECONDS. */
  'open-api.webhook-delivery': {
    payload: z.object({ deliveryId: id }),
    label: '开放接口回调推送',
    retryLimit: 5,
    expireInSeconds: 120,
    concurrency: 4,
  },
  /** Sends again what a crash between a commit and its job's send left without a job. */
  'open-api.webhook-sweep': sweepJob({ cron: '*/5 * * * *', retryLimit: 1, expireInSeconds: 600 }),
} satisfies Record<string, JobDefinition>;
