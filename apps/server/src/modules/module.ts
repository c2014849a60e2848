import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { JobDefinition, JobName } from '../jobs.js';
import type { RouteDef } from '../platform/protocol/route.js';
import type { AppContext } from '../platform/context.js';
import type { JobHandler, JobHandlerMap } from '../platform/queue/queue.js';

/** One handler for each job a module declares (its `jobs.ts`): leaving one out does not compile. */
export type JobHandlers<Jobs extends Record<string, JobDefinition>> = {
  [N in keyof Jobs & JobName]: JobHandler<N>;
};

/** Ties a module's handlers to its declarations, so `tsc` checks that every declared job is handled. */
export const handlersOf =
  <Jobs extends Record<string, JobDefinition>>(
    _declared: Jobs,
    build: (ctx: AppContext) => JobHandlers<Jobs>,
  ): ((ctx: AppContext) => JobHandlerMap) =>
  (ctx) => build(ctx) as JobHandlerMap;

/**
 * A scheduled job that takes nothing and runs on one worker at a time: the sweeps and write-offs the
 * modules declare. A sweep that runs again within minutes anyway needs no retries.
 */
export const sweepJob = (options: { cron: string; expireInSeconds: number; retryLimit: number }) =>
  ({ payload: z.object({}), concurrency: 1, ...options }) satisfies JobDefinition;

/** A feature of the product: its calls, its job handlers and its first-start content. */
export interface FeatureModule {
  name: string;
  routes?: (ctx: AppContext) => RouteDef[];
  /** The handlers of the jobs the module declares; the queue checks at start-up that each job has exactly one. */
  jobs?: (ctx: AppContext) => JobHandlerMap;
  /** Calls that need more than the form body parser (multipart uploads), registered in their own scope. */
  http?: (scope: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** Idempotent: runs at every start, writes only what is missing. */
  seed?: (ctx: AppContext) => Promise<void>;
}
