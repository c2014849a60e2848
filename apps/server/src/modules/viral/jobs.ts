import { z } from 'zod';
import { viralProjects } from '../../db/schema/index.js';
import type { JobDefinition } from '../module.js';

export const viralJobs = {
  /** Follows a viral video's extraction, transcribes it and has the model analyse it; settles or refunds. */
  'viral.analyse': {
    label: '爆款分析',
    payload: z.object({ projectId: z.number().int().positive() }),
    retryLimit: 1,
    expireInSeconds: 3600,
    concurrency: 2,
    holds: { table: viralProjects, idField: 'projectId' },
  },
} satisfies Record<string, JobDefinition>;
