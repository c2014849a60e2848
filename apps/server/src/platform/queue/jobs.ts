import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/**
 * The credits a paid job holds: the row its payload names (by `idField`), whose `jobKey` column is the
 * hold's ledger key. The console's jobs screen reads it to refund a failed job.
 */
export interface JobHold {
  idField: string;
  table: PgTable & { id: AnyPgColumn; jobKey: AnyPgColumn };
}

/** How one background job is declared: its payload and how the queue runs it. */
export interface JobDefinition {
  payload: z.ZodObject;
  /**
   * What the operator calls the work this job does (数字人视频, 声音克隆), shown on the console's jobs
   * screen. A job without one (a sweep, a schedule) is the queue's own housekeeping, listed there only
   * when the operator asks for internal queues.
   */
  label?: string;
  /** Cron (UTC) for scheduled jobs. */
  cron?: string;
  retryLimit: number;
  expireInSeconds: number;
  /** How many of this job one worker process runs at a time. */
  concurrency: number;
  /** Set on jobs that hold credits. */
  holds?: JobHold;
}

/** Job declarations by job name. */
export type JobMap = Readonly<Record<string, JobDefinition>>;

/** A map whose every member is a job declaration (also an interface, which has no index signature). */
export type JobDefinitions<J> = { [N in keyof J]: JobDefinition };

export interface JobContext {
  id: string;
  /** Aborted when the process shuts down; the job is then released back to the queue. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /**
   * How many times a worker died (kill -9, lost machine) while running this job: the queue put it
   * back each time. A job that keeps killing its worker gives up once this passes `CUTOFFS_MAX`.
   */
  cutoffs: number;
  /**
   * When this run returns, the job runs again after `seconds` (at least one) instead of completing
   * (waiting for an engine's slot, polling a vendor): the same job, so waiting adds no rows to the queue.
   */
  later(seconds: number): void;
}

/** Times a job may be cut off by a dead worker before it ends as failed (and a paid one refunded). */
export const CUTOFFS_MAX = 3;

/** Runs one job of a declaration, with its parsed payload. */
export type JobHandler<D extends JobDefinition = JobDefinition> = (
  payload: z.output<D['payload']>,
  ctx: JobContext,
) => Promise<void>;

/** One handler for each job of a map: leaving one out does not compile. */
export type JobHandlers<J extends JobDefinitions<J>> = { [N in keyof J]: JobHandler<J[N]> };

/**
 * The jobs of the app this queue serves, empty here. The app fills it in from the declarations of
 * the modules it registers (declaration merging), so `queue.send` checks names and payloads while
 * the platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app
export interface RegisteredJobs {}

/** A job name the app declares. */
export type JobName = keyof RegisteredJobs & string;

/** Where a group of declarations comes from (a module's name), for the start-up error. */
export interface JobGroup {
  owner: string;
  declared: JobMap;
}

/** Puts the groups' declarations into one map; a job name declared twice stops start-up. */
export function collectJobs(groups: Iterable<JobGroup>): JobMap {
  const all: Record<string, JobDefinition> = {};
  const owners = new Map<string, string>();
  for (const { owner, declared } of groups)
    for (const [name, definition] of Object.entries(declared)) {
      const first = owners.get(name);
      if (first !== undefined) throw new Error(`job "${name}" is declared twice (by ${first} and by ${owner})`);
      owners.set(name, owner);
      all[name] = definition;
    }
  return all;
}
