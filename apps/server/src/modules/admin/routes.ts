import {
  adjustUserCredits,
  adminMessages,
  channelConsoleMessages,
  consoleDashboard,
  listConsoleChannels,
  saveConsoleChannel,
  consoleSession,
  consoleUserDetail,
  createCodeBatch,
  exportCodeBatch,
  listAudit,
  listCodeBatches,
  listCodes,
  listConsoleUsers,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  setUserVip,
  voidCodes,
  deleteConsoleNotice,
  getConsoleSite,
  listConsoleNotices,
  publishConsoleNotice,
  saveConsoleNotice,
  saveConsoleSite,
  saveConsoleSiteText,
  siteConsoleMessages,
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
  listConsoleWorkflows,
  saveConsoleWorkflow,
  workflowMessages,
  saveEngineSettings,
  testEngineConnection,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { listAuditRows } from './audit.js';
import { consoleCodes } from './codes.js';
import { consoleUsers } from './users.js';
import { consoleSite } from './site.js';
import { dashboard } from './dashboard.js';
import { consoleChannels } from './channels.js';
import { consoleEngines } from './engines.js';
import { consoleJobs } from './jobs.js';
import { consoleLibrary } from './library.js';
import { consoleCuration } from './curation.js';
import { consoleWorkflows } from './workflows.js';

/** /api/admin/*: the protocol layer has checked the role (operator or admin) before any handler runs. */
export function adminRoutes(ctx: AppContext): RouteDef[] {
  const db = ctx.database.db;
  const users = consoleUsers(db);
  const codes = consoleCodes(db);
  const site = consoleSite(db);
  const channels = consoleChannels(db, ctx.config);
  const engines = consoleEngines(db, ctx.config, ctx.engineSettings);
  const library = consoleLibrary(ctx);
  const curation = consoleCuration(ctx);
  const workflows = consoleWorkflows(ctx);
  const jobs = consoleJobs(db, ctx.database.executor, ctx.queue);
  return [
    route(consoleSession, async ({ user }) => ({ id: user.id, username: user.username, role: user.role as Role })),
    route(listConsoleUsers, ({ params }) => users.search(params)),
    route(consoleUserDetail, ({ params }) => users.detail(params.id)),
    route(adjustUserCredits, async ({ user, params }) =>
      ok(await users.adjustCredits(user, params), adminMessages.adjusted),
    ),
    route(setUserVip, async ({ user, params }) =>
      ok(await users.setVip(user, params).then(() => null), adminMessages.vipSaved),
    ),
    route(resetUserPassword, async ({ user, params }) =>
      ok(await users.resetPassword(user, params).then(() => null), adminMessages.passwordReset),
    ),
    route(setUserDisabled, async ({ user, params }) => {
      await users.setDisabled(user, { id: params.id, disabled: params.disabled === 1 });
      return ok(null, params.disabled ? adminMessages.disabled : adminMessages.enabled);
    }),
    route(setUserRole, async ({ user, params }) =>
      ok(await users.setRole(user, params).then(() => null), adminMessages.roleSaved),
    ),
    route(listAudit, ({ params }) => listAuditRows(db, params)),
    route(createCodeBatch, async ({ user, params }) => {
      const made = await codes.create(user, params);
      return ok(made, adminMessages.codesMade(made.count));
    }),
    route(listCodes, ({ params }) => codes.list(params)),
    route(listCodeBatches, async () => ({ list: await codes.batches() })),
    route(exportCodeBatch, ({ user, params }) => codes.exportCsv(user, params.batch)),
    route(voidCodes, async ({ user, params }) => {
      const count = await codes.voidUnused(user, params);
      return ok({ count }, adminMessages.codesVoided(count));
    }),
    route(consoleDashboard, () => dashboard(db)),
    route(listConsoleChannels, async () => ({ list: await channels.list() })),
    route(saveConsoleChannel, async ({ user, params }) => {
      await channels.save(user, params);
      return ok(null, channelConsoleMessages.saved);
    }),
    route(listEngineSettings, async () => ({ list: engines.list() })),
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
    route(listConsoleWorkflows, async () => ({ list: await workflows.list() })),
    route(saveConsoleWorkflow, async ({ user, params }) => {
      await workflows.save(user, params);
      return ok(null, workflowMessages.saved);
    }),
    route(getConsoleSite, () => site.read()),
    route(saveConsoleSite, async ({ user, params }) => ok(await site.save(user, params), siteConsoleMessages.saved)),
    route(saveConsoleSiteText, async ({ user, params }) => {
      await site.saveText(user, params);
      return ok(null, siteConsoleMessages.textSaved);
    }),
    route(listConsoleNotices, async () => ({ list: await site.list() })),
    route(saveConsoleNotice, async ({ user, params }) =>
      ok(await site.saveNotice(user, params), siteConsoleMessages.noticeSaved),
    ),
    route(publishConsoleNotice, async ({ user, params }) => {
      await site.publish(user, params.id, params.published === 1);
      return ok(null, params.published ? siteConsoleMessages.noticePublished : siteConsoleMessages.noticeUnpublished);
    }),
    route(deleteConsoleNotice, async ({ user, params }) => {
      await site.remove(user, params.id);
      return ok(null, siteConsoleMessages.noticeDeleted);
    }),
  ];
}
