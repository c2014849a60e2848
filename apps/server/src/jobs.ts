import { z } from 'zod';

/**
 * Every background job of the product, with its payload. A job with no handler, or with two,
 * stops the server at start-up.
 */
export const jobDefinitions = {
  /** Removes abandoned partial uploads from the local store. */
  'storage.sweep-temp': {
    payload: z.object({
      olderThanSeconds: z
        .number()
        .int()
        .positive()
        .default(24 * 3600),
    }),
    cron: '17 * * * *',
    retryLimit: 2,
    expireInSeconds: 600,
    concurrency: 1,
  },
  /** Clones (or re-trains) a voice from its recording; settles or refunds the clone's credits. */
  'voice.clone': {
    payload: z.object({ trainingId: z.number().int().positive() }),
    retryLimit: 2,
    expireInSeconds: 1800,
    concurrency: 2,
  },
  /** Speaks a trial sentence with a voice and stores it as the caller's file. */
  'voice.audition': {
    payload: z.object({ auditionId: z.string().uuid() }),
    retryLimit: 1,
    expireInSeconds: 600,
    concurrency: 2,
  },
  /** Writes off credit batches past their expiry and logs 积分过期. */
  'credits.expire': {
    payload: z.object({}),
    cron: '5 0 * * *',
    retryLimit: 3,
    expireInSeconds: 1800,
    concurrency: 1,
  },
  /** Removes sign-in failures and guest creations older than a day. */
  'accounts.sweep-attempts': {
    payload: z.object({}),
    cron: '41 * * * *',
    retryLimit: 2,
    expireInSeconds: 600,
    concurrency: 1,
  },
  /**
   * Validates and normalises an uploaded avatar video (mezzanine, reversed copy, covers), then lets
   * each engine prepare its part (e.g. training a 蝉镜 customised person, which can take hours).
   */
  'avatar.prepare': {
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
    payload: z.object({ avatarId: z.number().int().positive(), engine: z.string().min(1), attempt: z.number().int().min(1) }),
    retryLimit: 1,
    expireInSeconds: 4 * 3600,
    concurrency: 1,
  },
  /**
   * Speech, render, probe and settlement of one work. Per-engine limits are enforced across
   * processes by the slots in the database, not by this number: a work that finds no free slot
   * re-sends its job a few seconds later instead of holding one of these workers.
   */
  'work.render': {
    payload: z.object({ workId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 3 * 3600,
    concurrency: 4,
  },
  /** Re-queues render jobs whose worker died without releasing them (lease lapsed). */
  'work.sweep': {
    payload: z.object({}),
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 120,
    concurrency: 1,
  },
  /** Removes uploads that were never registered (the quota counts only registered files). */
  'files.sweep-unregistered': {
    payload: z.object({
      olderThanSeconds: z
        .number()
        .int()
        .positive()
        .default(24 * 3600),
    }),
    cron: '47 * * * *',
    retryLimit: 2,
    expireInSeconds: 1800,
    concurrency: 1,
  },
} satisfies Record<string, JobDefinition>;

export interface JobDefinition {
  payload: z.ZodObject;
  /** Cron (UTC) for scheduled jobs. */
  cron?: string;
  retryLimit: number;
  expireInSeconds: number;
  /** How many of this job one worker process runs at a time. */
  concurrency: number;
}

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.input<(typeof jobDefinitions)[N]['payload']>;
export type ParsedJobPayload<N extends JobName> = z.output<(typeof jobDefinitions)[N]['payload']>;
