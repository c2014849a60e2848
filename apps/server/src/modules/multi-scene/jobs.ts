import { z } from 'zod';
import { workHold } from '../works/index.js';
import type { JobDefinition } from '../module.js';

export const multiSceneJobs = {
  /** Speech and render of one scene (fan-out: every scene of a work is its own job, run in parallel). */
  'multi.scene': {
    label: '多场景视频 · 分镜',
    payload: z.object({ sceneId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 3 * 3600,
    concurrency: 2,
  },
  /** Fan-in: joins the clips once the last scene lands, then settles the work's price once. */
  'multi.join': {
    label: '多场景视频 · 合成',
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 3600,
    concurrency: 1,
    holds: workHold,
  },
} satisfies Record<string, JobDefinition>;
