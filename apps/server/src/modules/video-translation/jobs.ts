import { z } from 'zod';
import { workHold } from '../works/index.js';
import type { JobDefinition } from '../module.js';

export const videoTranslationJobs = {
  /** Audio, transcript, translation, dubbing, alignment and mix of one translated video; each step stored. */
  'translate.run': {
    label: '视频翻译',
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 3 * 3600,
    concurrency: 2,
    holds: workHold,
  },
} satisfies Record<string, JobDefinition>;
