import { z } from 'zod';
import { workHold } from '../works/index.js';
import type { JobDefinition } from '../module.js';

export const photoVideoJobs = {
  /** Speech, render, probe and settlement of one photo video; per-engine limits are the slots in the database. */
  'photo.render': {
    label: '照片说话',
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 3 * 3600,
    concurrency: 2,
    holds: workHold,
  },
} satisfies Record<string, JobDefinition>;
