import type { AppContext } from '../../platform/context.js';
import { multipartRoutes } from '../../platform/protocol/route.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { MaterialsService, noExtractionResults, type ExtractionResults } from './materials-service.js';
import { filesJobs } from './jobs.js';
import { admitLanding } from './landings.js';
import { sweepUnregistered } from './sweep-unregistered.js';
import { filesRoutes, voiceUploadRoutes } from './routes.js';
import { FilesService } from './service.js';

export interface FilesModuleOptions {
  /** Finished extraction records to save into the library; the tools feature plugs it in. */
  extraction?: ExtractionResults;
}

/** Signed uploads, file registration, recordings and the materials library. */
export function createFilesModule(opts: FilesModuleOptions = {}): FeatureModule<typeof filesJobs> {
  // One service per built app (tests build several apps from the same module list).
  const services = new WeakMap<AppContext, FilesService>();
  const filesOf = (ctx: AppContext) => {
    const found = services.get(ctx) ?? new FilesService(ctx);
    services.set(ctx, found);
    return found;
  };
  return {
    name: 'files',
    routes: (ctx) => {
      // Browser posts to the local store count against their account from the moment they land.
      if (ctx.localStorage) ctx.localStorage.admission = admitLanding(ctx);
      const service = filesOf(ctx);
      return filesRoutes(
        service,
        new MaterialsService(ctx.database.db, service, opts.extraction ?? noExtractionResults),
      );
    },
    http: async (scope, ctx) => {
      await scope.register(multipartRoutes(ctx, voiceUploadRoutes(filesOf(ctx))));
    },
    jobs: handlersOf(filesJobs, (ctx) => ({
      'files.sweep-unregistered': async ({ olderThanSeconds }, job) => {
        const removed = await sweepUnregistered(ctx, olderThanSeconds);
        if (removed) job.log.info({ removed }, 'removed uploads that were never registered');
      },
    })),
  };
}
