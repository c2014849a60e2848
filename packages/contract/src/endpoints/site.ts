import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id } from '../fields.js';
import { accountMessages } from './account-messages.js';
import { agreementTitles, ThemeId } from './site-messages.js';

/** Strict params: an unknown param is refused with a Chinese message naming it. */
export function strictParams<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? accountMessages.unknownParams(issue.keys) : undefined),
  });
}

const noParams = strictParams({});

/** How the app shows a tool whose engine is not configured: greyed out with the reason, or not at all. */
export const UNAVAILABLE_FEATURE_CHOICES = ['disable', 'hide'] as const;

/** Whether a tool can work with the engines configured here, and why not in the user's words ('' when it can). */
export const toolState = z.object({ available: z.boolean(), reason: z.string() });
export type ToolState = z.infer<typeof toolState>;

/** Site settings (spec 000 §3). Empty string = not set; the web app falls back to its defaults. */
export const siteSettings = z.object({
  site_title: z.string(),
  title: z.string(),
  clone_usage: z.string(),
  logo: z.string(),
  head_logo: z.string(),
  banner: z.string(),
  /** Headline and sub-line drawn over the banner; empty = the banner image carries its own words. */
  banner_title: z.string(),
  banner_subtitle: z.string(),
  login_bg: z.string(),
  login_logo: z.string(),
  login_title: z.string(),
  /** Footer fields are HTML, sanitized by the server on save and by the web app on render. */
  icp: z.string(),
  gabeian: z.string(),
  copyright: z.string(),
  cert: z.string(),
  safety_cert: z.string(),
  diy_label: z.string(),
  seo_keyword: z.string(),
  seo_desc: z.string(),
  /** Image URL of a mobile QR code; empty = the web app draws one for `mobile_url` or the site URL. */
  qrcode: z.string(),
  privacy_agreement: z.string(),
  eula: z.string(),
  /** Hostnames on which the helper entry shows and the employee entry hides (spec 000 §2). */
  helper_hosts: z.array(z.string()),
  /** Address the mobile QR code points at; empty = the current site address. */
  mobile_url: z.string(),
  /** Whether a text model is configured here: polish, AI writing and translation need one. */
  text_model: z.boolean(),
  /** How the app shows a feature whose engine is not configured: greyed out with the reason, or not at all. */
  unavailable_features: z.enum(UNAVAILABLE_FEATURE_CHOICES),
  /** Launcher tiles the operator has switched on; the others show a coming-soon badge (or hide, see above). */
  store_tools: z.array(z.string()),
  /**
   * Each tool that needs an engine, by its key (the launcher tile's or menu entry's), and whether it can work
   * here; `reason` is the user's words when it cannot. A tool not listed needs nothing and always works.
   */
  tool_states: z.record(z.string(), toolState),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const getSiteSettings = endpoint({
  method: 'GET',
  path: '/api/index/site',
  summary: 'Site settings: branding, footer HTML, agreements, helper hostnames',
  tag: 'site',
  auth: 'none',
  params: noParams,
  data: siteSettings,
});

/** 'YYYY-MM-DD HH:mm:ss' in the server's time zone. */
export const dateTime = z.string();

export const noticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  create_time: dateTime,
});
export const noticeDetail = noticeSummary.extend({ content: z.string() });
export const noticeList = z.object({
  list: z.array(noticeSummary),
  total: z.number().int(),
});
export type NoticeSummary = z.infer<typeof noticeSummary>;
export type NoticeDetail = z.infer<typeof noticeDetail>;

/** Without `id`: the list (newest first). With `id`: that notice with its HTML `content`. */
export const getNotices = endpoint({
  method: 'GET',
  path: '/api/index/notice',
  summary: 'Notices: the list, or one notice in full when id is given',
  tag: 'site',
  auth: 'none',
  params: strictParams({ id: id().optional() }),
  data: z.union([noticeDetail, noticeList]),
});

/** A page of HTML text written by the operator. */
export const richText = z.object({ title: z.string(), content: z.string() });

export const getCreditsRule = endpoint({
  method: 'GET',
  path: '/api/index/creditsRule',
  summary: 'Credit rules text (HTML) shown in the credits popover',
  tag: 'site',
  auth: 'none',
  params: noParams,
  data: z.object({ content: z.string() }),
});

export const agreementType = z.enum(Object.keys(agreementTitles) as ['user', 'privacy', 'clone'], {
  error: '协议类型应为 user、privacy 或 clone',
});
export type AgreementType = z.infer<typeof agreementType>;

export const getAgreement = endpoint({
  method: 'GET',
  path: '/api/index/protocol2',
  summary: 'Agreement text by type: user, privacy or clone',
  tag: 'site',
  auth: 'none',
  params: strictParams({ type: agreementType }),
  data: richText,
});

export const getUsageGuide = endpoint({
  method: 'GET',
  path: '/api/index/usage',
  summary: 'Usage guide (HTML) for the /use page',
  tag: 'site',
  auth: 'none',
  params: noParams,
  data: richText,
});

/** An operator palette; ids are ThemeId's (site-messages.ts). */
export const themePalette = z.object({
  id: z.union([z.literal(ThemeId.dark), z.literal(ThemeId.light)]),
  name: z.string(),
  /** Ant Design seed tokens (colorPrimary, colorBgLayout, borderRadius as string ...) the web merges in. */
  tokens: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ThemePalette = z.infer<typeof themePalette>;

/** An AI-writing topic (spec 001 §3): a name and its sub-topics, each with a name. */
export const writeTopic = z.object({ name: z.string(), list: z.array(z.object({ name: z.string() })) });
export type WriteTopic = z.infer<typeof writeTopic>;

/**
 * One call, two meanings: spec 000's dark/light palettes (`palettes`, by id) and spec 001's
 * AI-writing topics (`list`), in one reply.
 */
export const getThemes = endpoint({
  method: 'GET',
  path: '/api/index/theme',
  summary: 'Theme palettes by id (1 dark, 2 light) and the AI-writing topics',
  tag: 'site',
  auth: 'none',
  params: noParams,
  data: z.object({ palettes: z.array(themePalette), list: z.array(writeTopic) }),
});

export const siteEndpoints = {
  getSiteSettings,
  getNotices,
  getCreditsRule,
  getAgreement,
  getUsageGuide,
  getThemes,
} as const;
