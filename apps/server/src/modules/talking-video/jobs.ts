import { z } from 'zod';
import { workHold } from '../works/index.js';
import type { JobDefinition } from '../module.js';

export const talkingVideoJobs = {
  /**
   * Speech, render, probe and settlement of one work. Per-engine limits are enforced across
   * processes by the slots in the database, not by this number: a work that finds no free slot
   * re-sends its job a few seconds later instead of holding one of these workers.
   */
  'work.render': {
    label: '数字人视频',
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 3 * 3600,
    concurrency: 4,
    holds: workHold,
  },
} satisfies Record<string, JobDefinition>;
