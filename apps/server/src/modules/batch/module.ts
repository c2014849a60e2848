import type { FeatureModule } from '../module.js';
import type { BatchDeps } from './deps.js';
import { batchRoutes } from './routes.js';
import { BatchService } from './service.js';
import { serveTemplate } from './template.js';
import { serveBatchZip } from './zip.js';

/**
 * Batch videos: a spreadsheet of talking videos checked with the studio's rules, priced, and submitted
 * at once, each row one work with its own hold; its progress and a ZIP of its finished videos.
 */
export function createBatchModule(deps: BatchDeps): FeatureModule {
  return {
    name: 'batch',
    routes: (ctx) => batchRoutes(ctx, new BatchService(ctx, deps)),
    http: async (scope, ctx) => {
      serveTemplate(scope, ctx, deps);
      serveBatchZip(scope, ctx, new BatchService(ctx, deps));
    },
    migrations: 'src/modules/batch/migrations',
  };
}
