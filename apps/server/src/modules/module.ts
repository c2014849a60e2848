import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '../platform/protocol/route.js';
import type { AppContext } from '../platform/context.js';

/** A feature of the product: its calls, its job handlers and its first-start content. */
export interface FeatureModule {
  name: string;
  routes?: (ctx: AppContext) => RouteDef[];
  jobs?: (ctx: AppContext) => void;
  /** Calls that need more than the form body parser (multipart uploads), registered in their own scope. */
  http?: (scope: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** Idempotent: runs at every start, writes only what is missing. */
  seed?: (ctx: AppContext) => Promise<void>;
}
