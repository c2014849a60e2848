import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { siteDefaults, UNAVAILABLE_FEATURE_CHOICES } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { siteSettings } from '../../db/schema/index.js';
import { sanitizeFooterHtml } from './sanitize.js';

export const DEFAULT_SITE_TITLE = siteDefaults.siteTitle;

const str = (def = '') => z.string().max(20_000).default(def);

/**
 * Texts whose default names the site. Until the operator writes their own they follow 站点名称, so a
 * renamed site never shows the shipped name in its browser title, login page, footer or description.
 */
const namedDefaults = {
  title: (site: string) => `${site} - AI数字人视频创作平台`,
  login_title: (site: string) => `欢迎使用 ${site}`,
  copyright: (site: string) => `Copyright © ${site} 保留所有权利`,
  seo_desc: (site: string) => `${site}：上传一段视频克隆您的数字人，输入文案即可生成口播视频。`,
} as const;
type NamedKey = keyof typeof namedDefaults;
const namedKeys = Object.keys(namedDefaults) as NamedKey[];

/** A stored text that is only a default, written out under `site` (the console sends every field back). */
const isDefaultUnder = (k: NamedKey, value: unknown, ...sites: string[]) =>
  sites.some((site) => value === namedDefaults[k](site));
const count = (def: number, max: number) => z.number().int().min(0).max(max).default(def);

/**
 * Every setting the operator can change, with its default. The first group is what
 * /api/index/site shows (spec 000 §3); the second is business settings read by the server only.
 * Image fields left empty show the shipped default logo and banner.
 */
export const siteSettingsSchema = z.object({
  site_title: str(DEFAULT_SITE_TITLE),
  title: str(namedDefaults.title(DEFAULT_SITE_TITLE)),
  clone_usage: str('上传一段5秒至30分钟、正脸清晰、光线均匀的视频，即可克隆属于您自己的数字人形象。'),
  logo: str(),
  head_logo: str(),
  banner: str(),
  banner_title: str(siteDefaults.bannerTitle),
  banner_subtitle: str(siteDefaults.bannerSubtitle),
  login_bg: str(),
  login_logo: str(),
  login_title: str(namedDefaults.login_title(DEFAULT_SITE_TITLE)),
  icp: str(),
  gabeian: str(),
  copyright: str(namedDefaults.copyright(DEFAULT_SITE_TITLE)),
  cert: str(),
  safety_cert: str(),
  diy_label: str(),
  seo_keyword: str('AI数字人,数字人视频,声音克隆,AI配音,口播视频'),
  seo_desc: str(namedDefaults.seo_desc(DEFAULT_SITE_TITLE)),
  qrcode: str(),
  privacy_agreement: str('#/protocol?type=privacy'),
  eula: str('#/protocol?type=user'),
  helper_hosts: z.array(z.string().max(253)).max(100).default([]),
  mobile_url: str(),
  /** Features without a configured engine: 'disable' shows them greyed out with the reason, 'hide' leaves them out. */
  unavailable_features: z.enum(UNAVAILABLE_FEATURE_CHOICES).default('disable'),
  /**
   * Tiles of the tool launcher the operator switched on; unset, the tiles the modules bring switched on
   * (`FeatureModule.tools`) are on.
   */
  store_tools: z.array(z.string().min(1).max(32)).max(50).optional(),

  /** Credits a new guest receives, and for how many days. */
  trial_credits: count(100, 1_000_000),
  trial_days: count(7, 3650),
  /** Storage every account has, and how much it may buy on top (GB). */
  storage_base_gb: count(1, 100_000),
  storage_max_extra_gb: count(50, 100_000),
  /** Days a newly made redeem code can be redeemed. */
  redeem_code_days: count(365, 3650),
  /** Guest accounts one address may create per hour. */
  guests_per_ip_hour: count(20, 100_000),
});
export type SiteSettingValues = z.output<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettingValues;

/** HTML fields of the footer: sanitized when saved and again when read. */
export const footerHtmlKeys = [
  'icp',
  'gabeian',
  'copyright',
  'cert',
  'safety_cert',
  'diy_label',
] as const satisfies SiteSettingKey[];
const isFooterKey = (k: string): k is (typeof footerHtmlKeys)[number] =>
  (footerHtmlKeys as readonly string[]).includes(k);

const fieldSchemas = siteSettingsSchema.shape;
const isSettingKey = (k: string): k is SiteSettingKey => k in fieldSchemas;

/** Settings as stored, defaults filled in; a stored value that no longer validates falls back to its default. */
export async function readSiteSettings(db: Db): Promise<SiteSettingValues> {
  const rows = await db.select().from(siteSettings);
  const stored: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    if (!isSettingKey(key)) continue;
    const parsed = fieldSchemas[key].safeParse(value);
    if (parsed.success) stored[key] = parsed.data;
  }
  const values = siteSettingsSchema.parse(stored);
  // Left at its default (or saved as the shipped name's default), a named text follows the site's name.
  for (const k of namedKeys)
    if (!(k in stored) || isDefaultUnder(k, stored[k], DEFAULT_SITE_TITLE))
      values[k] = namedDefaults[k](values.site_title);
  for (const k of footerHtmlKeys) values[k] = sanitizeFooterHtml(values[k]);
  return values;
}

/** Saves the given settings (each validated; footer HTML sanitized) and returns the full result. */
export async function saveSiteSettings(db: Db, patch: Partial<SiteSettingValues>): Promise<SiteSettingValues> {
  const before = await readSiteSettings(db);
  const site = patch.site_title || before.site_title;
  // A named text sent back as the default of the old or new name is not the operator's own: it keeps following the name.
  const following = namedKeys.filter((k) => isDefaultUnder(k, patch[k], before.site_title, site, DEFAULT_SITE_TITLE));
  const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && !following.includes(k as NamedKey));
  const clean = entries.map(([key, raw]) => {
    if (!isSettingKey(key)) throw new Error(`unknown site setting ${key}`);
    const value: unknown = fieldSchemas[key].parse(raw);
    return { key, value: isFooterKey(key) && typeof value === 'string' ? sanitizeFooterHtml(value) : value };
  });
  await db.transaction(async (tx) => {
    if (following.length) await tx.delete(siteSettings).where(inArray(siteSettings.key, following));
    for (const { key, value } of clean) {
      await tx
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    }
  });
  return readSiteSettings(db);
}
