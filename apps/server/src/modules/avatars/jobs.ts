import { z } from 'zod';
import type { JobDefinition } from '../module.js';

export const avatarsJobs = {
  /**
   * Validates and normalises an uploaded avatar video (mezzanine, reversed copy, covers), then lets
   * each engine prepare its part (e.g. training a 蝉镜 customised person, which can take hours).
   */
  'avatar.prepare': {
    label: '数字人准备',
    payload: z.object({ avatarId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 4 * 3600,
    concurrency: 1,
  },
  /**
   * Prepares one engine's part of a ready avatar again after a failure that may pass (e.g. 蝉镜 was
   * unreachable while its person was to be trained); rescheduled with a growing delay a few times.
   */
  'avatar.engine-retry': {
    label: '数字人准备 · 引擎重试',
    payload: z.object({ avatarId: z.number().int().positive(), engine: z.string().min(1), attempt: z.number().int().min(1) }),
    retryLimit: 1,
    expireInSeconds: 4 * 3600,
    concurrency: 1,
  },
  /**
   * Renders one demo public actor's clip from the packaged sample photos and adds it (first start).
   * Queued by the seed so that the rendering never delays the server's start; a start that finds the
   * actor still missing (e.g. the process was killed mid-render) queues it again.
   */
  'avatar.seed-demo': {
    label: '演示数字人生成',
    payload: z.object({ seedKey: z.string().min(1) }),
    retryLimit: 3,
    expireInSeconds: 3600,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;
