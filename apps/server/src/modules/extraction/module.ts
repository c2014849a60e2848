import type { AppConfig } from '../../config.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { extractionJob } from './extract-job.js';
import { extractionJobs } from './jobs.js';
import { analyseRepo } from './repo.js';
import { parseServiceResolver } from './resolvers/parse-service.js';
import { resolverRegistry, type ResolverRegistry } from './resolvers/registry.js';
import type { LinkResolver } from './resolvers/types.js';
import { ytDlpResolver } from './resolvers/yt-dlp.js';
import { extractionRoutes } from './routes.js';
import { ExtractionService } from './service.js';

/** The resolvers EXTRACTION_RESOLVERS names, in its order; one without its settings is left out. */
export function resolversFromConfig(config: AppConfig): ResolverRegistry {
  const list: LinkResolver[] = [];
  for (const name of config.EXTRACTION_RESOLVERS.split(',').map((n) => n.trim())) {
    if (name === 'yt-dlp') list.push(ytDlpResolver({ bin: config.YTDLP_BIN, cookiesFile: config.YTDLP_COOKIES_FILE }));
    else if (name === 'parse-service' && config.PARSE_SERVICE_URL)
      list.push(parseServiceResolver({ baseUrl: config.PARSE_SERVICE_URL }));
  }
  return resolverRegistry(list);
}

/** Video extraction from share links and audio extraction from links or uploads, billed per extraction. */
export const extractionModule: FeatureModule<typeof extractionJobs> = {
  name: 'extraction',
  routes: (ctx) => extractionRoutes(new ExtractionService(ctx)),
  tools: [{ key: 'extraction' }, { key: 'audioExtraction' }],
  jobs: handlersOf(extractionJobs, (ctx) => {
    const run = extractionJob(ctx, resolversFromConfig(ctx.config));
    return { 'extraction.run': (payload, job) => run(payload, job) };
  }),
  // A record committed just before a crash may never have had its job sent: at start each record still
  // processing without a live job gets one; jobs that exist (even interrupted ones) are left to the queue.
  seed: async (ctx) => {
    const ids = await analyseRepo.processingIds(ctx.database.db);
    if (!ids.length) return;
    const { rows } = await ctx.database.executor.executeSql(
      "select distinct (data->>'recordId')::int as id from pgboss.job where name = 'extraction.run' and state in ('created', 'retry', 'active') and (data->>'recordId')::int = any($1::int[])",
      [ids],
    );
    const live = new Set((rows as { id: number }[]).map((r) => r.id));
    for (const recordId of ids) if (!live.has(recordId)) await ctx.queue.send('extraction.run', { recordId });
  },
};
