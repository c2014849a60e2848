import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { openApiMessages, WEBHOOK_EVENTS } from './open-api-messages.js';
import { flag, id, optionalId, optionalText, paging, text } from '../fields.js';
import { dateTime, strictParams } from './site.js';

/**
 * The web protocol's side of the open API: the account page's keys (and later its webhook deliveries),
 * and the console's keys and switches. The API itself (/v1, /v2 with X-Api-Key) is described by its
 * own OpenAPI document, served at /v1/openapi.json.
 */

/** Whether calls with a key are let through now: the site's switch and the account's. */
export const apiAccess = z.object({ site: flag(), user: flag() });

/** A key as its owner sees it: never the key itself, only its first characters. */
export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (e.g. `sk-4f9a2c`). */
  prefix: z.string(),
  create_time: dateTime,
  /** '' when never used. */
  last_used_time: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const listApiKeys = endpoint({
  method: 'GET',
  path: '/api/user/apiKeys',
  summary: 'Your API keys that are not revoked, newest first, and whether the API is open to you',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({}),
  data: z.object({ list: z.array(apiKeyRow), access: apiAccess }),
});

/** The reply is the only time the whole key is shown; the server keeps its hash. */
export const createApiKey = endpoint({
  method: 'POST',
  path: '/api/user/apiKeys',
  summary: 'Create an API key; the reply carries the key itself, shown this once',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ name: text({ max: 64 }) }),
  data: apiKeyRow.extend({ key: z.string() }),
});

export const revokeApiKey = endpoint({
  method: 'POST',
  path: '/api/user/apiKeys/revoke',
  summary: 'Revoke one of your API keys: calls with it are refused at once',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ id: id() }),
  data: z.null(),
});

/** One POST of a webhook delivery: the receiver's HTTP status, or why there was none. */
export const apiWebhookAttempt = z.object({
  create_time: dateTime,
  /** null when the receiver gave no answer (refused address, timeout, connection failed). */
  http_status: z.number().int().nullable(),
  /** Why there was no answer; '' when there was one. */
  error: z.string(),
  duration_ms: z.number().int(),
});
export type ApiWebhookAttempt = z.infer<typeof apiWebhookAttempt>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;

/** One event sent to one of the account's webhook endpoints, with every attempt. */
export const apiWebhookDeliveryRow = z.object({
  id: z.number().int(),
  event_type: z.string(),
  video_id: z.string(),
  /** The endpoint's URL. */
  url: z.string(),
  /** pending (retries left), delivered (answered 2xx), failed (every retry used), cancelled (endpoint deleted). */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  create_time: dateTime,
  /** When a pending delivery is tried next; '' otherwise. */
  next_attempt_time: z.string(),
  attempts: z.array(apiWebhookAttempt),
});
export type ApiWebhookDeliveryRow = z.infer<typeof apiWebhookDeliveryRow>;

export const listApiWebhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/user/apiWebhooks',
  summary: 'Your webhook deliveries, newest first, each with its attempts',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ ...paging }),
  data: z.object({ list: z.array(apiWebhookDeliveryRow), total: z.number().int() }),
});

/** One of the account's webhook endpoints, with the secret that signs its deliveries. */
export const apiWebhookEndpointRow = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string(),
  create_time: dateTime,
});
export type ApiWebhookEndpointRow = z.infer<typeof apiWebhookEndpointRow>;

export const listApiWebhookEndpoints = endpoint({
  method: 'GET',
  path: '/api/user/apiWebhookEndpoints',
  summary: 'Your webhook endpoints, newest first, each with its signing secret',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({}),
  data: z.object({ list: z.array(apiWebhookEndpointRow) }),
});

/** The events as one comma-separated param; '' means both. */
const webhookEventList = z
  .string({ error: '必须是文本' })
  .max(128, { error: '长度不能超过128个字符' })
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(WEBHOOK_EVENTS, { error: openApiMessages.endpointEventsInvalid })))
  .optional();

/** The same checks as POST /v1/webhook/endpoint.add: a public address whose receiver answers OPTIONS with 2xx. */
export const addApiWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/apiWebhookEndpoints',
  summary: 'Add a webhook endpoint; it is checked at once with an OPTIONS request',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ url: text({ min: 1, max: 2048 }), events: webhookEventList }),
  data: apiWebhookEndpointRow,
});

export const deleteApiWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/apiWebhookEndpoints/delete',
  summary: 'Delete one of your webhook endpoints: deliveries still waiting for it are cancelled',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ id: id() }),
  data: z.null(),
});

export const rotateApiWebhookSecret = endpoint({
  method: 'POST',
  path: '/api/user/apiWebhookEndpoints/rotate',
  summary: 'Give one of your webhook endpoints a new signing secret; the reply carries it',
  tag: 'open-api',
  auth: 'user',
  params: strictParams({ id: id() }),
  data: apiWebhookEndpointRow,
});

/** A key as the console lists it, with its owner and whether it was revoked (and by whom). */
export const consoleApiKeyRow = apiKeyRow.extend({
  user_id: z.number().int(),
  username: z.string(),
  revoked: flag(),
  /** 'user' or 'operator' once revoked; '' before. */
  revoked_by: z.string(),
  /** Whether the owner's API is switched off. */
  user_blocked: flag(),
});
export type ConsoleApiKeyRow = z.infer<typeof consoleApiKeyRow>;

export const listConsoleApiKeys = endpoint({
  method: 'GET',
  path: '/api/admin/apiKeys',
  summary: "Every account's API keys, newest first; keyword matches a key's name or its owner's exact username",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ keyword: optionalText({ max: 64 }), ...paging }),
  data: z.object({ list: z.array(consoleApiKeyRow), total: z.number().int() }),
});

export const revokeConsoleApiKey = endpoint({
  method: 'POST',
  path: '/api/admin/apiKeys/revoke',
  summary: "Revoke any account's API key (audited)",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ id: id() }),
  data: z.null(),
});

export const blockedApiUser = z.object({ user_id: z.number().int(), username: z.string(), create_time: dateTime });

export const consoleApiAccess = endpoint({
  method: 'GET',
  path: '/api/admin/openApi',
  summary: "The site's API switch and the accounts whose API is switched off",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({}),
  data: z.object({ site: flag(), blocked: z.array(blockedApiUser) }),
});

export const setApiSiteSwitch = endpoint({
  method: 'POST',
  path: '/api/admin/openApi/site',
  summary: 'Turn the API on or off for the whole site (audited)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ enabled: z.enum(['0', '1']).transform(Number) }),
  data: z.null(),
});

/** Names the account by id or by its exact username. */
export const setApiUserSwitch = endpoint({
  method: 'POST',
  path: '/api/admin/openApi/user',
  summary: "Turn one account's API off or back on (audited)",
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    user_id: optionalId(),
    username: optionalText({ max: 64 }),
    enabled: z.enum(['0', '1']).transform(Number),
  }),
  data: z.null(),
});

export const openApiEndpoints = {
  listApiKeys,
  createApiKey,
  revokeApiKey,
  listApiWebhookDeliveries,
  listApiWebhookEndpoints,
  addApiWebhookEndpoint,
  deleteApiWebhookEndpoint,
  rotateApiWebhookSecret,
  listConsoleApiKeys,
  revokeConsoleApiKey,
  consoleApiAccess,
  setApiSiteSwitch,
  setApiUserSwitch,
} as const;
