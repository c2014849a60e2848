import type { AppContext } from '../../platform/context.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { assetRoutes } from './assets.js';
import { buildRestOpenApi, serveApiDocument } from './document.js';
import { openApiConsole } from './console.js';
import { apiVideoStore } from './api-videos.js';
import { generateRoutes, type GenerateDeps } from './generate.js';
import { serveOpenApi } from './http.js';
import { apiSwitches } from './keys.js';
import { libraryRoutes } from './library.js';
import type { RestRoute } from './rest.js';
import { accountPageRoutes } from './routes.js';
import { videoRoutes } from './videos.js';
import { webhookEndpointRoutes } from './webhook-endpoints.js';
import { openApiJobs } from './webhook-jobs.js';
import { sweepWebhooks, webhookJobHandlers } from './webhook-sender.js';

export type OpenApiDeps = GenerateDeps;

/** Every call of the open API, in the order its document lists them. */
export const restRoutesOf = (ctx: AppContext, deps: OpenApiDeps): RestRoute[] => [
  ...generateRoutes(ctx, deps),
  ...videoRoutes(ctx, apiVideoStore.callbackIds),
  ...libraryRoutes(ctx),
  ...assetRoutes(ctx),
  ...webhookEndpointRoutes(ctx),
];

/**
 * The open API for developers: keys on the account page and in the console, and (with X-Api-Key) a
 * HeyGen-shaped REST API under /v1 and /v2 that spends the key owner's credits through the producers.
 */
export function createOpenApiModule(deps: OpenApiDeps): FeatureModule<typeof openApiJobs> {
  return {
    name: 'open-api',
    routes: (ctx) => accountPageRoutes(ctx),
    http: async (scope, ctx) => {
      const routes = restRoutesOf(ctx, deps);
      await serveOpenApi(scope, ctx, routes, async (_caller, workId) => ({ video_id: String(workId) }));
      serveApiDocument(scope, buildRestOpenApi(routes, { title: '开放接口（HeyGen 兼容）', version: '1.0.0' }));
    },
    console: openApiConsole,
    jobs: handlersOf(openApiJobs, webhookJobHandlers),
    // A video or delivery committed just before a crash may never have had its job sent.
    seed: async (ctx) => {
      await apiSwitches.seed(ctx.database.db);
      await sweepWebhooks(ctx);
    },
    migrations: 'src/modules/open-api/migrations',
  };
}
