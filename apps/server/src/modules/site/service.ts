import {
  accountMessages,
  agreementTitles,
  type AgreementType,
  type NoticeDetail,
  type NoticeSummary,
  type SiteSettings,
} from '@app/contract';
import { TEXT_CHANNEL } from '../../engines/text/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { toolStates, type ToolCapability } from '../module.js';
import { defaultAssetUrl } from './assets.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { findNotice, findSiteText, insertNotice, listNotices, upsertSiteText } from './repo.js';
import { sanitizeRichText } from './sanitize.js';
import { readSiteSettings } from './settings.js';

/** Keys of the operator-written pages in site_texts. */
export const siteTextKeys = {
  agreement: (type: AgreementType) => `agreement.${type}`,
  creditsRule: 'credits_rule',
  usageGuide: 'usage_guide',
} as const;

/** The message centre shows this many of the newest notices. */
const NOTICE_LIST_LIMIT = 100;

/** What /api/index/site shows: the public fields only, with the shipped logo and banner as fallbacks. */
export async function publicSiteSettings(
  ctx: AppContext,
  toolsOn: readonly string[],
  tools: readonly ToolCapability[],
): Promise<SiteSettings> {
  const s = await readSiteSettings(ctx.database.db);
  const logo = s.logo || defaultAssetUrl(ctx, 'logo');
  return {
    site_title: s.site_title,
    title: s.title,
    clone_usage: s.clone_usage,
    logo,
    head_logo: s.head_logo || logo,
    banner: s.banner || defaultAssetUrl(ctx, 'banner'),
    banner_title: s.banner_title,
    banner_subtitle: s.banner_subtitle,
    login_bg: s.login_bg,
    login_logo: s.login_logo || logo,
    login_title: s.login_title,
    icp: s.icp,
    gabeian: s.gabeian,
    copyright: s.copyright,
    cert: s.cert,
    safety_cert: s.safety_cert,
    diy_label: s.diy_label,
    seo_keyword: s.seo_keyword,
    seo_desc: s.seo_desc,
    qrcode: s.qrcode,
    privacy_agreement: s.privacy_agreement,
    eula: s.eula,
    helper_hosts: s.helper_hosts,
    mobile_url: s.mobile_url,
    text_model: ctx.engines.text.isConfigured(TEXT_CHANNEL),
    unavailable_features: s.unavailable_features,
    store_tools: s.store_tools ?? [...toolsOn],
    tool_states: toolStates(ctx, tools),
  };
}

export async function noticeList(ctx: AppContext): Promise<{ list: NoticeSummary[]; total: number }> {
  const { list, total } = await listNotices(ctx.database.db, NOTICE_LIST_LIMIT);
  return {
    list: list.map((n) => ({ id: n.id, title: n.title, desc: n.desc, create_time: formatDateTime(n.createdAt) })),
    total,
  };
}

export async function noticeDetail(ctx: AppContext, id: number): Promise<NoticeDetail> {
  const n = await findNotice(ctx.database.db, id);
  if (!n) throw new AppError(accountMessages.noticeMissing);
  return {
    id: n.id,
    title: n.title,
    desc: n.description,
    create_time: formatDateTime(n.createdAt),
    content: sanitizeRichText(n.content),
  };
}

/** An operator-written page, sanitized again on the way out; an unwritten page is empty, never an error. */
export async function siteText(
  ctx: AppContext,
  key: string,
  fallbackTitle: string,
): Promise<{ title: string; content: string }> {
  const row = await findSiteText(ctx.database.db, key);
  return { title: row?.title ?? fallbackTitle, content: sanitizeRichText(row?.content ?? '') };
}

export const agreementText = (ctx: AppContext, type: AgreementType) =>
  siteText(ctx, siteTextKeys.agreement(type), agreementTitles[type]);

/** Saves an operator page; the HTML is sanitized before it is stored. */
export async function saveSiteText(db: Db, key: string, title: string, content: string): Promise<void> {
  await upsertSiteText(db, key, title, sanitizeRichText(content));
}

/** Publishes a notice; the HTML is sanitized before it is stored. */
export async function publishNotice(
  db: Db,
  notice: { title: string; desc: string; content: string; createdAt?: Date },
): Promise<number> {
  return insertNotice(db, {
    title: notice.title,
    description: notice.desc,
    content: sanitizeRichText(notice.content),
    createdAt: notice.createdAt,
  });
}
