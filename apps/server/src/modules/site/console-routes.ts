import {
  deleteConsoleNotice,
  getConsoleSite,
  listConsoleNotices,
  publishConsoleNotice,
  saveConsoleNotice,
  saveConsoleSite,
  saveConsoleSiteText,
  siteConsoleMessages,
  type ParsedParamsOf,
  type SiteTextKey,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { AppContext } from '../../platform/context.js';
import type { ConsoleKit } from '../module.js';
import { siteConsole, type SitePatch } from './console.js';

/** Only the fields whose value changed, for a readable audit row. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** The console's site, branding and notice screens; every change audited in its transaction. */
function consoleSite(db: Db, recordAudit: ConsoleKit['audit']) {
  const noticeOf = async (tx: Db, id: number) => {
    const n = await siteConsole.notice(tx, id);
    if (!n) throw new AppError(siteConsoleMessages.noticeMissing);
    return n;
  };
  return {
    read: () => siteConsole.read(db),

    async save(actor: SessionUser, patch: SitePatch) {
      const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as SitePatch;
      if (!Object.keys(sent).length) throw new AppError(siteConsoleMessages.nothingChanged);
      await db.transaction(async (tx) => {
        const { before, after } = await siteConsole.save(tx, sent);
        const diff = changed(before, after);
        if (Object.keys(diff.after).length)
          await recordAudit(tx, actor, { action: 'site.settings', target: 'site', ...diff });
      });
      return siteConsole.read(db);
    },

    async saveText(actor: SessionUser, p: { key: SiteTextKey; title: string; content: string }) {
      await db.transaction(async (tx) => {
        const before = await siteConsole.text(tx, p.key);
        const content = await siteConsole.saveText(tx, p.key, p.title.trim() || before.title, p.content);
        await recordAudit(tx, actor, {
          action: 'site.text',
          target: `text:${p.key}`,
          before: { title: before.title, content: before.content },
          after: { title: p.title, content },
        });
      });
    },

    list: () => siteConsole.notices(db),

    async saveNotice(actor: SessionUser, p: ParsedParamsOf<typeof saveConsoleNotice>) {
      const title = p.title.trim();
      if (!title) throw new AppError(siteConsoleMessages.noticeTitle);
      const fields = { title, desc: p.desc ?? '', content: p.content };
      return db.transaction(async (tx) => {
        if (!p.id) {
          const made = await siteConsole.createNotice(tx, { ...fields, published: p.published !== 0 });
          await recordAudit(tx, actor, { action: 'notice.create', target: `notice:${made.id}`, after: made });
          return { id: made.id };
        }
        const before = await noticeOf(tx, p.id);
        const after = await siteConsole.updateNotice(tx, p.id, {
          ...fields,
          published: p.published === undefined ? undefined : p.published === 1,
        });
        await recordAudit(tx, actor, { action: 'notice.update', target: `notice:${p.id}`, before, after });
        return { id: p.id };
      });
    },

    async publish(actor: SessionUser, id: number, published: boolean) {
      await db.transaction(async (tx) => {
        const before = await noticeOf(tx, id);
        await siteConsole.setNoticePublished(tx, id, published);
        await recordAudit(tx, actor, {
          action: published ? 'notice.publish' : 'notice.unpublish',
          target: `notice:${id}`,
          before: { published: before.published },
          after: { published: published ? 1 : 0 },
        });
      });
    },

    async remove(actor: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const before = await noticeOf(tx, id);
        await siteConsole.deleteNotice(tx, id);
        await recordAudit(tx, actor, { action: 'notice.delete', target: `notice:${id}`, before });
      });
    },
  };
}

/** The site section of the console: settings and branding, the operator's pages, the notices. */
export function siteConsoleRoutes(ctx: AppContext, kit: ConsoleKit): RouteDef[] {
  const site = consoleSite(ctx.database.db, kit.audit);
  return [
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
