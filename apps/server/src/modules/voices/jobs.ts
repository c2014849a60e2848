import { z } from 'zod';
import { voiceTrainings } from '../../db/schema/index.js';
import type { JobDefinition } from '../module.js';

export const voicesJobs = {
  /** Clones (or re-trains) a voice from its recording; settles or refunds the clone's credits. */
  'voice.clone': {
    label: '声音克隆',
    payload: z.object({ trainingId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 1800,
    concurrency: 2,
    holds: { table: voiceTrainings, idField: 'trainingId' },
  },
  /** Speaks a trial sentence with a voice and stores it as the caller's file. */
  'voice.audition': {
    label: '声音试听',
    payload: z.object({ auditionId: z.string().uuid() }),
    retryLimit: 1,
    expireInSeconds: 600,
    concurrency: 2,
  },
} satisfies Record<string, JobDefinition>;
