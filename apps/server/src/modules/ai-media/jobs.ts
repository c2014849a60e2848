import { z } from 'zod';
import { aiMediaRecords } from '../../db/schema/index.js';
import type { JobDefinition } from '../module.js';

export const aiMediaJobs = {
  /** Runs one picture or video order on its engine's slot, stores the results, settles or refunds. */
  'ai-media.generate': {
    label: 'AI 图片与视频',
    payload: z.object({ recordId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 2 * 3600,
    concurrency: 4,
    holds: { table: aiMediaRecords, idField: 'recordId' },
  },
} satisfies Record<string, JobDefinition>;
