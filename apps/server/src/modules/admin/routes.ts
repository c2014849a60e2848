import {
  channelConsoleMessages,
  consoleDashboard,
  listConsoleChannels,
  saveConsoleChannel,
  consoleSession,
  listAudit,
  type Role,
  engineConsoleMessages,
  libraryConsoleMessages,
  listConsoleLibrary,
  saveConsoleLibraryItem,
  jobConsoleMessages,
  listConsoleJobs,
  consoleJobDetail,
  retryConsoleJob,
  refundConsoleJob,
  listEngineSettings,
  listConsoleCuration,
  saveConsoleCuration,
  curationMessages,
  saveEngineSettings,
  testEngineConnection,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { listAuditRows, recordAudit } from './audit.js';
import { guardTarget } from './targets.js';
import { dashboard } from './dashboard.js';
import { consoleChannels } from './channels.js';
import { consoleEngines } from './engines.js';
import { consoleJobs } from './jobs.js';
import { consoleLibrary } from './library.js';
import { consoleCuration } from './curation.js';
import { capabilitiesOf, toolNeeds, type ConsoleKit, type FeatureModule } from '../module.js';
import { publishConsolePicture } from './console-picture.js';

/**
 * /api/admin/*: the console's own screens (session, dashboard, engines, jobs, channels,
 * the shared library and content screens, the audit log), then each module's section. The protocol
 * layer has checked the role (operator or admin) before any handler runs.
 */
export function adminRoutes(ctx: AppContext, modules: readonly FeatureModule[]): RouteDef[] {
  const db = ctx.database.db;
  const kit: ConsoleKit = {
    audit: recordAudit,
    guardTarget: (actor, targetId, action) => guardTarget(db, actor, targetId, action),
    publishPicture: (actor, url, dir) => publishConsolePicture(ctx, actor, url, dir),
  };
  const channels = consoleChannels(ctx);
  const engines = consoleEngines(db, ctx.config, ctx.engineSettings);
  const library = consoleLibrary(ctx, modules);
  const curation = consoleCuration(ctx, modules);
  const jobs = consoleJobs(db, ctx.database.executor, ctx.queue);
  const tools = capabilitiesOf(modules);
  return [
    route(consoleSession, async ({ user }) => ({ id: user.id, username: user.username, role: user.role as Role })),
    route(listAudit, ({ params }) => listAuditRows(db, params)),
    route(consoleDashboard, () => dashboard(db, modules)),
    route(listConsoleChannels, () => channels.list()),
    route(saveConsoleChannel, async ({ user, params }) => {
      await channels.save(user, params);
      return ok(null, channelConsoleMessages.saved);
    }),
    route(listEngineSettings, async () => ({ list: engines.list(), tools: toolNeeds(ctx, tools) })),
    route(saveEngineSettings, async ({ user, params }) =>
      ok({ list: await engines.save(user, params) }, engineConsoleMessages.saved),
    ),
    route(testEngineConnection, async ({ params }) => {
      const r = await engines.test(params.engine);
      return { ok: r.ok ? (1 as const) : (0 as const), message: r.message, ms: r.ms };
    }),
    route(listConsoleJobs, ({ params }) => jobs.list(params)),
    route(consoleJobDetail, ({ params }) => jobs.detail(params.queue, params.id)),
    route(retryConsoleJob, async ({ user, params }) => {
      await jobs.retry(user, params.queue, params.id);
      return ok(null, jobConsoleMessages.retried);
    }),
    route(refundConsoleJob, async ({ user, params }) => {
      const credits = await jobs.refund(user, params.queue, params.id);
      return ok({ credits }, jobConsoleMessages.refunded(credits));
    }),
    route(listConsoleLibrary, async ({ params }) => ({ list: await library.list(params.kind) })),
    route(saveConsoleLibraryItem, async ({ user, params }) => {
      await library.save(user, params);
      return ok(null, libraryConsoleMessages.saved);
    }),
    route(listConsoleCuration, async ({ params }) => ({ list: await curation.list(params.kind) })),
    route(saveConsoleCuration, async ({ user, params }) => {
      const r = await curation.save(user, params);
      return ok({ id: r.id }, r.created ? curationMessages.created : curationMessages.saved);
    }),
    ...modules.flatMap((m) => m.console?.(ctx, kit) ?? []),
  ];
}
