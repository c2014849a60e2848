import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { choiceWithDefault, emptyAsUnset, flag as zeroOrOne, int, optionalInt, paging } from '../fields.js';
import { accountMessages } from './account-messages.js';
import { dateTime, strictParams } from './site.js';
import { noData } from './account.js';

const noParams = strictParams({});
const flag = zeroOrOne();

/** Storage expansion price (spec 000 §9): this many credits buy this many GB. */
export const STORAGE_EXPANSION = { credits: 5000, gb: 5 } as const;

/** A batch of credits and when it lapses. */
export const creditBatch = z.object({
  expire_time: dateTime,
  credits: z.number().int(),
});

/** A live batch as the expiry table lists it. */
export const creditExpiryRecord = creditBatch.extend({ id: z.number().int() });

export const accountCredits = z.object({
  username: z.string(),
  avatar: z.string(),
  /** VIP until this moment; '' when never VIP. VIP is active while it lies in the future. */
  expire_time: z.string(),
  is_tourist: flag,
  credits: z.number().int(),
  /** Live batches, soonest expiry first. */
  details: z.array(creditBatch),
  /** The same live batches as the expiry table's rows (spec 000: "list with total"). */
  list: z.array(creditExpiryRecord),
  /** How many live batches there are. */
  total: z.number().int(),
});
export type AccountCredits = z.infer<typeof accountCredits>;

export const getCredits = endpoint({
  method: 'GET',
  path: '/api/user/credits',
  summary: 'Account name, avatar, VIP expiry, guest flag, balance, and live credit batches (details; list with total)',
  tag: 'credits',
  auth: 'user',
  params: noParams,
  data: accountCredits,
});

const optionalDate = emptyAsUnset(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: accountMessages.dateFormat }));

/** A ledger row: credits is signed (+ grant, − spending or expiry). */
export const creditUsageRecord = z.object({
  id: z.number().int(),
  action_name: z.string(),
  credits: z.number().int(),
  create_time: dateTime,
});
export type CreditUsageRecord = z.infer<typeof creditUsageRecord>;
export type CreditExpiryRecord = z.infer<typeof creditExpiryRecord>;

/**
 * type=usage (default): ledger rows newest first, filtered by create date (inclusive days).
 * type=expiry: live batches with their usable credits, soonest expiry first.
 */
export const getCreditLog = endpoint({
  method: 'GET',
  path: '/api/user/creditsLog',
  summary: 'Credit usage log, or the expiry table of live batches',
  tag: 'credits',
  auth: 'user',
  params: strictParams({
    ...paging,
    start_date: optionalDate,
    end_date: optionalDate,
    type: choiceWithDefault(['usage', 'expiry'], 'usage'),
  }).refine((p) => !p.start_date || !p.end_date || p.start_date <= p.end_date, {
    error: accountMessages.dateOrder,
  }),
  data: z.object({
    list: z.array(z.union([creditUsageRecord, creditExpiryRecord])),
    total: z.number().int(),
  }),
});

/** used in MB, total in MB, total_format in GB; can_expand 0 at the cap. */
export const storageSpace = z.object({
  used: z.number(),
  total: z.number(),
  total_format: z.number(),
  can_expand: flag,
});
export type StorageSpace = z.infer<typeof storageSpace>;

export const getStorageSpace = endpoint({
  method: 'POST',
  path: '/api/user/space',
  summary: 'Storage used and allowed',
  tag: 'credits',
  auth: 'user',
  params: noParams,
  data: storageSpace,
});

/** Spends STORAGE_EXPANSION.credits for STORAGE_EXPANSION.gb; msg `redeemed`; refused for guests and at the cap. */
export const expandStorage = endpoint({
  method: 'POST',
  path: '/api/user/spaceExpand',
  paid: true,
  summary: 'Buy more storage with credits',
  tag: 'credits',
  auth: 'user',
  params: noParams,
  data: storageSpace,
});

/** Admin only: make `count` codes worth `credits`, lasting `days`, optionally adding `vip_days`. */
export const createRedeemCodes = endpoint({
  method: 'POST',
  path: '/api/admin/cdkeys',
  summary: 'Create redeem codes',
  tag: 'admin',
  auth: 'admin',
  params: strictParams({
    credits: int({ min: 1, max: 10_000_000 }),
    count: int({ min: 1, max: 1000 }),
    days: int({ min: 1, max: 3650 }),
    vip_days: optionalInt({ min: 0, max: 3650 }),
  }),
  data: z.object({ list: z.array(z.string()) }),
});

export const creditsEndpoints = {
  getCredits,
  getCreditLog,
  getStorageSpace,
  expandStorage,
  createRedeemCodes,
} as const;

export { noData };
