import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openApiErrors, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENTS, type WebhookEvent } from '@app/contract';
import { apiWebhookDeliveries, apiWebhookEndpoints } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import {
  guardedOptions,
  LinkRefusal,
  parseWebUrl,
  resolvePublic,
  type AddressPolicy,
} from '../../platform/security/public-address.js';
import { accountNames, accountRows } from '../accounts/index.js';
import { ApiFailure, restRoute, type RestRoute } from './rest.js';
import { idText, numericId } from './videos.js';

export type WebhookEndpointRow = typeof apiWebhookEndpoints.$inferSelect;

/** Where webhooks may go: the public internet, and in tests the exact addresses they allow. */
export const webhookAddressPolicy = (ctx: AppContext): AddressPolicy => ({
  allowedAddresses: ctx.config.TEST_ONLY_ALLOWED_LINK_ADDRESSES,
});

/** The refusal of an open API call for a link that may not be fetched, by why it was refused. */
export function webhookUrlFailure(e: LinkRefusal): ApiFailure {
  if (e.reason === 'private') return new ApiFailure('webhookUrlPrivate');
  if (e.reason === 'unresolvable') return new ApiFailure('webhookUrlUnresolvable');
  return new ApiFailure('webhookUrlScheme');
}

/** How the receiver sees every request of ours: the check at endpoint.add and each delivery. */
export const WEBHOOK_USER_AGENT = 'avatar-webhooks/1';

/** How long the check at endpoint.add waits for the receiver's answer. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * A webhook URL as added: http(s), no credentials, every address its host has public, and a receiver
 * there that answers an OPTIONS request with 2xx (each redirect's target checked the same way).
 */
export async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    const parsed = parseWebUrl(url);
    await resolvePublic(parsed.hostname, webhookAddressPolicy(ctx));
    await checkAnswers(ctx, parsed.toString());
    return parsed.toString();
  } catch (e) {
    if (e instanceof LinkRefusal) throw webhookUrlFailure(e);
    throw e;
  }
}

/** The receiver answers: what it answered to an OPTIONS request, or why nothing answered. */
async function checkAnswers(ctx: AppContext, url: string): Promise<void> {
  const unanswered = (zh: string, en: string) =>
    new ApiFailure('webhookUrlUnanswered', {
      zh: `${openApiErrors.webhookUrlUnanswered.zh}（${zh}）`,
      en: `${openApiErrors.webhookUrlUnanswered.en} (${en})`,
    });
  let status: number;
  try {
    const res = await guardedOptions(url, {
      ...webhookAddressPolicy(ctx),
      headers: { 'user-agent': WEBHOOK_USER_AGENT },
      timeoutMs: CHECK_TIMEOUT_MS,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    res.body.resume();
    status = res.status;
  } catch (e) {
    if (e instanceof LinkRefusal) throw e;
    const text = e instanceof Error ? e.message : String(e);
    if (/timed? ?out|abort/i.test(text)) throw unanswered('等待响应超时', 'no answer in time');
    throw unanswered(`无法连接：${text}`, `unreachable: ${text}`);
  }
  if (status < 200 || status >= 300) throw unanswered(`收到 HTTP ${status}`, `it answered HTTP ${status}`);
}

const live = isNull(apiWebhookEndpoints.deletedAt);

/** How long the secret before a rotation still signs deliveries beside the new one. */
export const SECRET_GRACE_SECONDS = 24 * 3600;

/** The secrets that sign a delivery now: the endpoint's, and the one it replaced while its day lasts. */
export const signingSecrets = (e: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>) =>
  e.previousSecret && e.previousSecretUntil && e.previousSecretUntil > new Date()
    ? [e.secret, e.previousSecret]
    : [e.secret];

/** A fresh signing secret: 24 random bytes. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The endpoints: added (one account's at most `WEBHOOK_ENDPOINTS_MAX`), listed, deleted, and found for an event. */
export const webhookEndpointStore = {
  async add(db: Db, userId: number, url: string, events: WebhookEvent[]): Promise<WebhookEndpointRow> {
    return db.transaction(async (tx) => {
      // Counted under the account's lock, so two additions at once cannot pass the limit.
      await accountRows.lock(tx, userId);
      const mine = await tx
        .select({ url: apiWebhookEndpoints.url })
        .from(apiWebhookEndpoints)
        .where(and(eq(apiWebhookEndpoints.userId, userId), live));
      if (mine.some((e) => e.url === url)) throw new ApiFailure('webhookDuplicate');
      if (mine.length >= WEBHOOK_ENDPOINTS_MAX) throw new ApiFailure('webhookTooMany');
      const [row] = await tx
        .insert(apiWebhookEndpoints)
        .values({ userId, url, events, secret: newSecret() })
        .returning();
      if (!row) throw new Error('webhook endpoint insert returned nothing');
      return row;
    });
  },

  async listOwn(db: Db, userId: number): Promise<WebhookEndpointRow[]> {
    return db
      .select()
      .from(apiWebhookEndpoints)
      .where(and(eq(apiWebhookEndpoints.userId, userId), live))
      .orderBy(desc(apiWebhookEndpoints.id));
  },

  /** Deletes one of the account's endpoints; what was still to be delivered to it is cancelled. */
  async remove(db: Db, userId: number, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiWebhookEndpoints)
        .set({ deletedAt: new Date() })
        .where(and(eq(apiWebhookEndpoints.id, id), eq(apiWebhookEndpoints.userId, userId), live))
        .returning({ id: apiWebhookEndpoints.id });
      if (!row) throw new ApiFailure('webhookMissing');
      await tx
        .update(apiWebhookDeliveries)
        .set({ status: 'cancelled', finishedAt: new Date(), leaseUntil: null })
        .where(and(eq(apiWebhookDeliveries.endpointId, id), eq(apiWebhookDeliveries.status, 'pending')));
    });
  },

  /**
   * Gives one of the account's endpoints a new secret: every delivery sent from now on (retries of
   * earlier events included) is signed with it, and for a day with the old one too, so a receiver
   * switched over a little later loses nothing.
   */
  async rotateSecret(db: Db, userId: number, id: number): Promise<WebhookEndpointRow> {
    const [row] = await db
      .update(apiWebhookEndpoints)
      .set({
        // The right side reads the row as it was: the secret being replaced.
        previousSecret: sql`${apiWebhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(secs => ${SECRET_GRACE_SECONDS})`,
        secret: newSecret(),
      })
      .where(and(eq(apiWebhookEndpoints.id, id), eq(apiWebhookEndpoints.userId, userId), live))
      .returning();
    if (!row) throw new ApiFailure('webhookMissing');
    return row;
  },

  async find(db: Db, id: number): Promise<WebhookEndpointRow | null> {
    const [row] = await db.select().from(apiWebhookEndpoints).where(eq(apiWebhookEndpoints.id, id)).limit(1);
    return row ?? null;
  },
};

const endpointItem = z.object({
  endpoint_id: z.string(),
  username: z.string().describe('The account the endpoint belongs to.'),
  url: z.string(),
  status: z.literal('enabled'),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().describe('Signs every delivery to this endpoint (see the Signature header).'),
  created_at: z.string().describe('ISO 8601.'),
});

const present = (e: WebhookEndpointRow, username: string): z.input<typeof endpointItem> => ({
  endpoint_id: String(e.id),
  username,
  url: e.url,
  status: 'enabled',
  events: e.events.filter((x): x is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(x)),
  secret: e.secret,
  created_at: e.createdAt.toISOString(),
});

const usernameOf = async (ctx: AppContext, userId: number) =>
  (await accountNames(ctx.database.db, [userId])).get(userId) ?? '';

/** The webhook endpoint calls, in HeyGen's v1 shapes. */
export function webhookEndpointRoutes(ctx: AppContext): RestRoute[] {
  const db = () => ctx.database.db;
  return [
    restRoute({
      method: 'POST',
      path: '/v1/webhook/endpoint.add',
      operationId: 'addWebhookEndpoint',
      summary: 'Register a URL that is sent your API videos’ events, signed with the returned secret',
      description:
        'The URL must be http(s) and lead to the public internet (never this host, a private or a reserved ' +
        'address), which is checked again on every delivery and redirect. It is checked at once with an ' +
        'OPTIONS request, which must be answered with 2xx. events: avatar_video.success and/or ' +
        'avatar_video.fail; none means both.',
      shape: 'v1',
      body: z.strictObject({
        url: z.string().trim().min(1).max(2048),
        events: z
          .array(z.enum(WEBHOOK_EVENTS))
          .max(WEBHOOK_EVENTS.length * 2)
          .nullable()
          .optional(),
      }),
      creates: true,
      data: endpointItem,
      handler: async ({ caller, body }) => {
        const url = await checkedUrl(ctx, body.url);
        const events = body.events?.length ? [...new Set(body.events)] : [...WEBHOOK_EVENTS];
        const row = await webhookEndpointStore.add(db(), caller.userId, url, events);
        return present(row, await usernameOf(ctx, caller.userId));
      },
    }),
    restRoute({
      method: 'GET',
      path: '/v1/webhook/endpoint.list',
      operationId: 'listWebhookEndpoints',
      summary: 'Your webhook endpoints, newest first',
      shape: 'v1',
      data: z.array(endpointItem),
      handler: async ({ caller }) => {
        const [rows, username] = await Promise.all([
          webhookEndpointStore.listOwn(db(), caller.userId),
          usernameOf(ctx, caller.userId),
        ]);
        return rows.map((r) => present(r, username));
      },
    }),
    restRoute({
      method: 'POST',
      path: '/v1/webhook/endpoint.rotate_secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Give one of your webhook endpoints a new signing secret',
      description:
        'Answers the endpoint with its new secret. Every delivery sent afterwards, retries of earlier events ' +
        'included, is signed with the new secret, and for 24 hours also with the old one (a second v1 in ' +
        'X-Webhook-Signature). Another account’s endpoint ' +
        'is webhook_endpoint_not_found.',
      shape: 'v1',
      body: z.strictObject({ endpoint_id: idText }),
      data: endpointItem,
      handler: async ({ caller, body }) => {
        const id = numericId(body.endpoint_id);
        if (!id) throw new ApiFailure('webhookMissing');
        const row = await webhookEndpointStore.rotateSecret(db(), caller.userId, id);
        return present(row, await usernameOf(ctx, caller.userId));
      },
    }),
    restRoute({
      method: 'DELETE',
      path: '/v1/webhook/endpoint.delete',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete one of your webhook endpoints: deliveries still waiting for it are cancelled',
      shape: 'v1',
      query: z.object({ endpoint_id: idText }),
      data: z.null(),
      handler: async ({ caller, query }) => {
        const id = numericId(query.endpoint_id);
        if (!id) throw new ApiFailure('webhookMissing');
        await webhookEndpointStore.remove(db(), caller.userId, id);
        return null;
      },
    }),
  ];
}
