import { desc, eq } from 'drizzle-orm';
import {
  SITE_NUMBER_FIELDS,
  SITE_TEXT_FIELDS,
  SITE_TEXT_KEYS,
  agreementTitles,
  siteTextTitles,
  type ConsoleNotice,
  type SiteTextKey,
} from '@app/contract';
import { notices, siteTexts } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { sanitizeRichText } from './sanitize.js';
import { readSiteSettings, saveSiteSettings, type SiteSettingValues } from './settings.js';

const defaultTitles: Record<SiteTextKey, string> = {
  'agreement.user': agreementTitles.user,
  'agreement.privacy': agreementTitles.privacy,
  'agreement.clone': agreementTitles.clone,
  credits_rule: siteTextTitles.creditsRule,
  usage_guide: siteTextTitles.usageGuide,
};

// How tools that cannot work are shown (greyed with the reason, or hidden) is the operator's choice too.
const editable = [...SITE_TEXT_FIELDS, ...SITE_NUMBER_FIELDS, 'unavailable_features'] as const;
type Editable = (typeof editable)[number];
export type SitePatch = Partial<Pick<SiteSettingValues, Editable>>;

/** The settings the console edits, as stored (footer HTML already sanitized by the settings keeper). */
const pickEditable = (s: SiteSettingValues): Record<string, string | number> =>
  Object.fromEntries(editable.map((k) => [k, s[k]]));

const asConsoleNotice = (n: typeof notices.$inferSelect): ConsoleNotice => ({
  id: n.id,
  title: n.title,
  desc: n.description,
  content: n.content,
  published: n.published ? 1 : 0,
  create_time: formatDateTime(n.createdAt),
});

/** What the operator console reads and changes of the site: settings, operator pages and notices. */
export const siteConsole = {
  async read(db: Db) {
    const rows = await db.select().from(siteTexts);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return {
      settings: pickEditable(await readSiteSettings(db)),
      texts: SITE_TEXT_KEYS.map((key) => ({
        key,
        title: byKey.get(key)?.title ?? defaultTitles[key],
        content: sanitizeRichText(byKey.get(key)?.content ?? ''),
      })),
    };
  },

  /** Saves the fields given; returns the editable settings before and after, for the audit log. */
  async save(db: Db, patch: SitePatch) {
    const before = pickEditable(await readSiteSettings(db));
    const after = pickEditable(await saveSiteSettings(db, patch));
    return { before, after };
  },

  async text(db: Db, key: SiteTextKey) {
    const [row] = await db.select().from(siteTexts).where(eq(siteTexts.key, key)).limit(1);
    return { title: row?.title ?? defaultTitles[key], content: row?.content ?? '' };
  },

  async saveText(db: Db, key: SiteTextKey, title: string, content: string): Promise<string> {
    const clean = sanitizeRichText(content);
    await db
      .insert(siteTexts)
      .values({ key, title, content: clean })
      .onConflictDoUpdate({ target: siteTexts.key, set: { title, content: clean, updatedAt: new Date() } });
    return clean;
  },

  async notices(db: Db): Promise<ConsoleNotice[]> {
    const rows = await db.select().from(notices).orderBy(desc(notices.createdAt), desc(notices.id));
    return rows.map(asConsoleNotice);
  },

  async notice(db: Db, id: number): Promise<ConsoleNotice | null> {
    const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
    return row ? asConsoleNotice(row) : null;
  },

  /** HTML is sanitized before it is stored, and again when the notice centre shows it. */
  async createNotice(db: Db, n: { title: string; desc: string; content: string; published: boolean }) {
    const [row] = await db
      .insert(notices)
      .values({ title: n.title, description: n.desc, content: sanitizeRichText(n.content), published: n.published })
      .returning();
    return asConsoleNotice(row!);
  },

  async updateNotice(db: Db, id: number, n: { title: string; desc: string; content: string; published?: boolean }) {
    const [row] = await db
      .update(notices)
      .set({ title: n.title, description: n.desc, content: sanitizeRichText(n.content), published: n.published })
      .where(eq(notices.id, id))
      .returning();
    return row ? asConsoleNotice(row) : null;
  },

  async setNoticePublished(db: Db, id: number, published: boolean): Promise<void> {
    await db.update(notices).set({ published }).where(eq(notices.id, id));
  },

  async deleteNotice(db: Db, id: number): Promise<void> {
    await db.delete(notices).where(eq(notices.id, id));
  },
};
