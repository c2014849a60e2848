import { z } from 'zod';
import type { JobDefinition } from '../../jobs.js';

export const extractionJobs = {
  /** Downloads the media behind a link (or reads an upload), stores the video or its audio; settles or refunds. */
  'extraction.run': {
    payload: z.object({ recordId: z.number().int().positive() }),
    retryLimit: 1,
    expireInSeconds: 3600,
    concurrency: 2,
  },
} satisfies Record<string, JobDefinition>;
