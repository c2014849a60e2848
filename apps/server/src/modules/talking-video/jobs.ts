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
  /**
   * One chunk of a long video (fan-out: `work.render` cuts the speech and sends one per chunk): its
   * range of frames on one of the engine's slots, on whichever worker is free. A failed render is retried
   * by this job alone.
   */
  'work.chunk': {
    label: '数字人视频 · 分段',
    payload: z.object({ chunkId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 3 * 3600,
    concurrency: 2,
  },
  /** Fan-in: the chunks joined under the whole speech once the last lands, finished, settled once. */
  'work.join': {
    label: '数字人视频 · 合成',
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 3600,
    concurrency: 1,
    holds: workHold,
  },
} satisfies Record<string, JobDefinition>;
