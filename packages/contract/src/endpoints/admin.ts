import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, flag, id, int, intWithDefault, oneOf, optionalInt, optionalText, paging, text } from '../fields.js';
import { dateTime, strictParams } from './site.js';
import { ROLES } from './admin-messages.js';

/** Operator console calls (/api/admin/*): `auth: 'operator'` admits operators and admins, `'admin'` admins only. */
const page = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int() });
const done = z.null();

export const consoleSession = endpoint({
  method: 'GET',
  path: '/api/admin/session',
  summary: 'Who is using the console, and their role',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) }),
});

export const adminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  is_tourist: flag(),
  /** VIP until; '' when never. */
  vip_expire_time: z.string(),
  disabled: flag(),
  credits: z.number().int(),
  create_time: dateTime,
  last_login_time: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const listConsoleUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Search accounts; guests are listed apart (type=guest)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    keyword: optionalText({ max: 64 }),
    type: oneOf(['user', 'guest']).default('user'),
    ...paging,
  }),
  data: page(adminUserRow),
});

export const consoleUserDetail = endpoint({
  method: 'GET',
  path: '/api/admin/users/detail',
  summary: 'One account: credits with batches and log, storage, how many works, voices and avatars',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id() }),
  data: z.object({
    user: adminUserRow,
    batches: z.array(z.object({ id: z.number().int(), credits: z.number().int(), expire_time: dateTime })),
    log: z.array(z.object({ action_name: z.string(), credits: z.number().int(), create_time: dateTime })),
    storage: z.object({ used_mb: z.number(), total_gb: z.number() }),
    counts: z.object({ works: z.number().int(), voices: z.number().int(), avatars: z.number().int() }),
  }),
});
export type ConsoleUserDetail = z.infer<typeof consoleUserDetail.data>;

export const adjustUserCredits = endpoint({
  method: 'POST',
  path: '/api/admin/users/credits',
  summary: 'Add (a new batch lasting `days`) or take away credits, with a reason written to the ledger',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    id: id(),
    credits: int({ min: -10_000_000, max: 10_000_000 }),
    days: intWithDefault(365, { min: 1, max: 3650 }),
    reason: text({ max: 40 }),
  }),
  data: z.object({ credits: z.number().int() }),
});

export const setUserVip = endpoint({
  method: 'POST',
  path: '/api/admin/users/vip',
  summary: "Set an account's VIP expiry ('' ends VIP)",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id(), expire_time: text({ max: 19 }) }),
  data: done,
});

export const resetUserPassword = endpoint({
  method: 'POST',
  path: '/api/admin/users/password',
  summary: 'Give an account a new password; its sessions end',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id(), password: text({ max: 64 }) }),
  data: done,
});

export const setUserDisabled = endpoint({
  method: 'POST',
  path: '/api/admin/users/status',
  summary: 'Disable (every token revoked at once) or enable an account',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id(), disabled: int({ min: 0, max: 1 }) }),
  data: done,
});

export const setUserRole = endpoint({
  method: 'POST',
  path: '/api/admin/users/role',
  summary: "Change an account's role (admins only)",
  tag: 'admin',
  auth: 'admin',
  params: strictParams({ id: id(), role: oneOf(ROLES) }),
  data: done,
});

export const auditRow = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  create_time: dateTime,
});
export type AuditRow = z.infer<typeof auditRow>;

export const listAudit = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'Console actions, newest first (read-only)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ action: optionalText({ max: 64 }), ...paging }),
  data: page(auditRow),
});

/** Largest batch one call makes. */
export const MAX_CODE_BATCH = 10_000;

export const createCodeBatch = endpoint({
  method: 'POST',
  path: '/api/admin/cdkeys/batch',
  summary: 'Make a labelled batch of redeem codes',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    batch: text({ max: 64 }),
    count: int({ min: 1, max: MAX_CODE_BATCH }),
    credits: int({ min: 1, max: 10_000_000 }),
    days: int({ min: 1, max: 3650 }),
    vip_days: optionalInt({ min: 0, max: 3650 }),
    /** Days the codes can be redeemed; the site's redeem_code_days when left out. */
    expire_days: optionalInt({ min: 1, max: 3650 }),
  }),
  data: z.object({ batch: z.string(), count: z.number().int() }),
});

export const CODE_STATES = ['unused', 'used', 'expired', 'void'] as const;
export const codeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  batch: z.string(),
  credits: z.number().int(),
  days: z.number().int(),
  vip_days: z.number().int(),
  expire_time: dateTime,
  state: z.enum(CODE_STATES),
  used_by: z.string(),
  used_time: z.string(),
  create_time: dateTime,
});
export type CodeRow = z.infer<typeof codeRow>;

export const listCodes = endpoint({
  method: 'GET',
  path: '/api/admin/cdkeys',
  summary: 'Redeem codes filtered by batch and state, newest first',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    batch: optionalText({ max: 64 }),
    state: blankOr(oneOf(CODE_STATES)),
    keyword: optionalText({ max: 32 }),
    ...paging,
  }),
  data: page(codeRow),
});

export const listCodeBatches = endpoint({
  method: 'GET',
  path: '/api/admin/cdkeys/batches',
  summary: 'Code batches with how many codes are unused, used, expired and void',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({
    list: z.array(
      z.object({
        batch: z.string(),
        credits: z.number().int(),
        total: z.number().int(),
        unused: z.number().int(),
        used: z.number().int(),
        expired: z.number().int(),
        void: z.number().int(),
        create_time: dateTime,
      }),
    ),
  }),
});

export const exportCodeBatch = endpoint({
  method: 'GET',
  path: '/api/admin/cdkeys/export',
  summary: 'A batch as CSV text (code, credits, days, VIP days, expiry, state, used by, used at)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ batch: text({ max: 64 }) }),
  data: z.object({ filename: z.string(), csv: z.string() }),
});

export const voidCodes = endpoint({
  method: 'POST',
  path: '/api/admin/cdkeys/void',
  summary: "Void a batch's unused codes, or one code by id",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ batch: optionalText({ max: 64 }), id: blankOr(id()) }),
  data: z.object({ count: z.number().int() }),
});

export const adminEndpoints = {
  consoleSession,
  listConsoleUsers,
  consoleUserDetail,
  adjustUserCredits,
  setUserVip,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  listAudit,
  createCodeBatch,
  listCodes,
  listCodeBatches,
  exportCodeBatch,
  voidCodes,
} as const;

/** Days the dashboard covers. */
export const DASHBOARD_DAYS = 30;

export const consoleDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary: 'Users, credits, works and engine load over the last 30 days (days in the database time zone)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({
    users: z.object({
      total: z.number().int(),
      guests: z.number().int(),
      per_day: z.array(z.object({ day: z.string(), users: z.number().int(), guests: z.number().int() })),
    }),
    credits: z.array(
      z.object({ day: z.string(), sold: z.number().int(), spent: z.number().int(), expired: z.number().int() }),
    ),
    works: z.array(z.object({ day: z.string(), kind: z.string(), status: z.number().int(), count: z.number().int() })),
    engines: z.array(
      z.object({
        engine: z.string(),
        kind: z.string(),
        queued: z.number().int(),
        running: z.number().int(),
        failed: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
});
export type ConsoleDashboard = z.infer<typeof consoleDashboard.data>;

/** A kind of channel or price, as the module that owns it declares it; the screen is built from these. */
export const consoleChannelKind = z.object({
  kind: z.string(),
  /** The kind's name, e.g. 数字人视频. */
  label: z.string(),
  /** What one credit count buys, shown next to the price, e.g. 积分/秒. */
  unit: z.string(),
  /** 1: a channel table of its own (description, version label are edited); 0: a price only. */
  described: flag(),
  /** 1: its channels give free uses before the price applies (free_times is edited); 0: no free uses. */
  free: flag(),
});
export type ConsoleChannelKind = z.infer<typeof consoleChannelKind>;

export const consoleChannel = z.object({
  /** One of the reply's kinds. */
  kind: z.string(),
  api: z.string(),
  name: z.string(),
  desc: z.string(),
  version_name: z.string(),
  /** Credits per unit of the kind (its unit): per second of video, per clone, per picture, per question… */
  credits: z.number().int(),
  /** Free uses before the price applies (kinds with free uses only, else 0). */
  free_times: z.number().int(),
  sort: z.number().int(),
  enabled: flag(),
});
export type ConsoleChannel = z.infer<typeof consoleChannel>;

export const listConsoleChannels = endpoint({
  method: 'GET',
  path: '/api/admin/channels',
  summary: 'Every channel and price (voice, video, photo, AI picture and video, chat, translation, viral analysis): name, price, free count, sort, switch',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ list: z.array(consoleChannel), kinds: z.array(consoleChannelKind) }),
});

export const saveConsoleChannel = endpoint({
  method: 'POST',
  path: '/api/admin/channels/save',
  summary: "Save a channel's name, description, version label, price, free count, sort and switch",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    kind: text({ max: 16 }),
    api: text({ max: 16 }),
    name: text({ max: 64, min: 1 }),
    desc: optionalText({ max: 2000 }),
    version_name: optionalText({ max: 16 }),
    credits: int({ min: 0, max: 1_000_000 }),
    free_times: optionalInt({ min: 0, max: 1_000_000 }),
    sort: intWithDefault(0, { min: -100_000, max: 100_000 }),
    enabled: int({ min: 0, max: 1 }),
  }),
  data: z.null(),
});
