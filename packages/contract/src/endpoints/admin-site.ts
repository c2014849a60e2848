import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, id, int, optionalChoice, optionalInt, optionalText, text } from '../fields.js';
import { dateTime, strictParams, UNAVAILABLE_FEATURE_CHOICES } from './site.js';
import { SITE_TEXT_KEYS } from './admin-messages.js';

/** Text settings of spec 000 §3 (and the banner lines) the site screen edits; footer ones are HTML. */
export const SITE_TEXT_FIELDS = [
  'site_title',
  'title',
  'clone_usage',
  'logo',
  'head_logo',
  'banner',
  'banner_title',
  'banner_subtitle',
  'login_bg',
  'login_logo',
  'login_title',
  'icp',
  'gabeian',
  'copyright',
  'cert',
  'safety_cert',
  'diy_label',
  'seo_keyword',
  'seo_desc',
  'qrcode',
  'privacy_agreement',
  'eula',
  'mobile_url',
] as const;
/** Business numbers the operator sets: trial credits, storage, redeem-code validity, guest limit. */
export const SITE_NUMBER_FIELDS = [
  'trial_credits',
  'trial_days',
  'storage_base_gb',
  'storage_max_extra_gb',
  'redeem_code_days',
  'guests_per_ip_hour',
] as const;
export type SiteTextField = (typeof SITE_TEXT_FIELDS)[number];
export type SiteNumberField = (typeof SITE_NUMBER_FIELDS)[number];

const textFields = Object.fromEntries(SITE_TEXT_FIELDS.map((k) => [k, optionalText({ max: 20_000 })])) as Record<
  SiteTextField,
  ReturnType<typeof optionalText>
>;
const numberFields = Object.fromEntries(
  SITE_NUMBER_FIELDS.map((k) => [k, optionalInt({ min: 0, max: 1_000_000 })]),
) as Record<SiteNumberField, ReturnType<typeof optionalInt>>;

export const consoleSiteSettings = z.object({
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  texts: z.array(z.object({ key: z.enum(SITE_TEXT_KEYS), title: z.string(), content: z.string() })),
});
export type ConsoleSiteSettings = z.infer<typeof consoleSiteSettings>;

export const getConsoleSite = endpoint({
  method: 'GET',
  path: '/api/admin/site',
  summary: 'Every site setting the operator edits, and the operator-written pages',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: consoleSiteSettings,
});

export const saveConsoleSite = endpoint({
  method: 'POST',
  path: '/api/admin/site',
  summary: 'Save the settings sent (others unchanged); footer HTML is sanitized',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    ...textFields,
    ...numberFields,
    unavailable_features: optionalChoice(UNAVAILABLE_FEATURE_CHOICES),
  }),
  data: consoleSiteSettings,
});

export const saveConsoleSiteText = endpoint({
  method: 'POST',
  path: '/api/admin/site/text',
  summary: 'Save an agreement, the credit rules or the usage guide (HTML, sanitized)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    key: z.enum(SITE_TEXT_KEYS, { error: '未知的页面' }),
    title: text({ max: 100 }),
    content: text({ max: 200_000 }),
  }),
  data: z.null(),
});

export const consoleNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  content: z.string(),
  published: z.union([z.literal(0), z.literal(1)]),
  create_time: dateTime,
});
export type ConsoleNotice = z.infer<typeof consoleNotice>;

export const listConsoleNotices = endpoint({
  method: 'GET',
  path: '/api/admin/notices',
  summary: 'Every notice, published or not, newest first',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ list: z.array(consoleNotice) }),
});

export const saveConsoleNotice = endpoint({
  method: 'POST',
  path: '/api/admin/notices/save',
  summary: 'Create (no id) or edit a notice; HTML is sanitized',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    id: blankOr(id()),
    title: text({ max: 200 }),
    desc: optionalText({ max: 500 }),
    content: text({ max: 200_000 }),
    published: optionalInt({ min: 0, max: 1 }),
  }),
  data: z.object({ id: z.number().int() }),
});

export const publishConsoleNotice = endpoint({
  method: 'POST',
  path: '/api/admin/notices/publish',
  summary: 'Publish (1) or withdraw (0) a notice',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id(), published: int({ min: 0, max: 1 }) }),
  data: z.null(),
});

export const deleteConsoleNotice = endpoint({
  method: 'POST',
  path: '/api/admin/notices/delete',
  summary: 'Delete a notice',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id() }),
  data: z.null(),
});

export const adminSiteEndpoints = {
  getConsoleSite,
  saveConsoleSite,
  saveConsoleSiteText,
  listConsoleNotices,
  saveConsoleNotice,
  publishConsoleNotice,
  deleteConsoleNotice,
} as const;
