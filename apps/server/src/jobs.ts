import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { accountsJobs } from './modules/accounts/jobs.js';
import { avatarsJobs } from './modules/avatars/jobs.js';
import { creditsJobs } from './modules/credits/jobs.js';
import { filesJobs } from './modules/files/jobs.js';
import { systemJobs } from './modules/system/jobs.js';
import { voicesJobs } from './modules/voices/jobs.js';
import { talkingVideoJobs } from './modules/talking-video/jobs.js';
import { photoVideoJobs } from './modules/photo-video/jobs.js';
import { extractionJobs } from './modules/extraction/jobs.js';
import { chatJobs } from './modules/chat/jobs.js';
import { aiMediaJobs } from './modules/ai-media/jobs.js';
import { multiSceneJobs } from './modules/multi-scene/jobs.js';
import { viralJobs } from './modules/viral/jobs.js';
import { videoTranslationJobs } from './modules/video-translation/jobs.js';

/**
 * The credits a paid job holds: the row its payload names (by `idField`), whose `jobKey` column is the
 * hold's ledger key. The console's jobs screen reads it to refund a failed job.
 */
export interface JobHold {
  idField: string;
  table: PgTable & { id: AnyPgColumn; jobKey: AnyPgColumn };
}

/** What a module declares for each of its background jobs, in its own `jobs.ts`. */
export interface JobDefinition {
  payload: z.ZodObject;
  /** Cron (UTC) for scheduled jobs. */
  cron?: string;
  retryLimit: number;
  expireInSeconds: number;
  /** How many of this job one worker process runs at a time. */
  concurrency: number;
  /** Set on jobs that hold credits. */
  holds?: JobHold;
}

type JobGroup = Record<string, JobDefinition>;
type Merged<G extends readonly JobGroup[]> = G extends readonly [infer H, ...infer R extends readonly JobGroup[]]
  ? H & Merged<R>
  : unknown;

/** Puts the modules' declarations into one map; a job name declared by two modules is refused. */
export function collectJobs<const G extends readonly JobGroup[]>(...groups: G): Merged<G> {
  const all: JobGroup = {};
  for (const group of groups)
    for (const [name, definition] of Object.entries(group)) {
      if (name in all) throw new Error(`job "${name}" is declared twice`);
      all[name] = definition;
    }
  return all as Merged<G>;
}

/**
 * Every background job of the product, with its payload, as the modules declare them. A job with
 * no handler, or with two, stops the server at start-up.
 */
export const jobDefinitions = collectJobs(
  systemJobs,
  accountsJobs,
  creditsJobs,
  filesJobs,
  avatarsJobs,
  talkingVideoJobs,
  photoVideoJobs,
  voicesJobs,
  extractionJobs,
  chatJobs,
  aiMediaJobs,
  multiSceneJobs,
  viralJobs,
  videoTranslationJobs,
);

export type JobName = keyof typeof jobDefinitions & string;
export type JobPayload<N extends JobName> = z.input<(typeof jobDefinitions)[N]['payload']>;
export type ParsedJobPayload<N extends JobName> = z.output<(typeof jobDefinitions)[N]['payload']>;
