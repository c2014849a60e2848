import { z } from 'zod';
import { analyseRecords } from '../../db/schema/index.js';
import type { JobDefinition } from '../module.js';

export const extractionJobs = {
  /** Downloads the media behind a link (or reads an upload), stores the video or its audio; settles or refunds. */
  'extraction.run': {
    label: '链接提取',
    payload: z.object({ recordId: z.number().int().positive() }),
    retryLimit: 1,
    expireInSeconds: 3600,
    concurrency: 2,
    holds: { table: analyseRecords, idField: 'recordId' },
  },
} satisfies Record<string, JobDefinition>;
