import {
  addApiWebhookEndpoint,
  createApiKey,
  deleteApiWebhookEndpoint,
  listApiWebhookEndpoints,
  openApiErrors,
  rotateApiWebhookSecret,
  WEBHOOK_EVENTS,
  type ApiWebhookEndpointRow,
  listApiKeys,
  listApiWebhookDeliveries,
  openApiMessages as m,
  revokeApiKey,
  type ApiWebhookDeliveryRow,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { accountRows } from '../accounts/index.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { apiKeyStore, apiSwitches, presentKey } from './keys.js';
import { webhookDeliveries } from './webhook-deliveries.js';
import { ApiFailure } from './rest.js';
import { checkedUrl, webhookEndpointStore, type WebhookEndpointRow } from './webhook-endpoints.js';

/** The account's deliveries as its page lists them, each with its attempts. */
async function deliveriesPage(ctx: AppContext, userId: number, page: number, limit: number) {
  const db = ctx.database.db;
  const { rows, attempts, total } = await webhookDeliveries.pageOwn(db, userId, page, limit || 20);
  const endpoints = await Promise.all(
    [...new Set(rows.map((r) => r.endpointId))].map((id) => webhookEndpointStore.find(db, id)),
  );
  const urls = new Map(endpoints.flatMap((e) => (e ? [[e.id, e.url] as const] : [])));
  const list: ApiWebhookDeliveryRow[] = rows.map((d) => ({
    id: d.id,
    event_type: d.eventType,
    video_id: String(d.workId),
    url: urls.get(d.endpointId) ?? '',
    status: d.status as ApiWebhookDeliveryRow['status'],
    create_time: formatDateTime(d.createdAt),
    next_attempt_time: d.status === 'pending' ? formatDateTime(d.nextAttemptAt) : '',
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        create_time: formatDateTime(a.createdAt),
        http_status: a.httpStatus,
        error: a.error ?? '',
        duration_ms: a.durationMs,
      })),
  }));
  return { list, total };
}

const presentEndpoint = (e: WebhookEndpointRow): ApiWebhookEndpointRow => ({
  id: e.id,
  url: e.url,
  events: e.events.filter((x): x is ApiWebhookEndpointRow['events'][number] =>
    (WEBHOOK_EVENTS as readonly string[]).includes(x),
  ),
  secret: e.secret,
  create_time: formatDateTime(e.createdAt),
});

/** The open API's refusal as the web protocol answers it: code 1 and the same Chinese message. */
async function asPageCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiFailure) throw new AppError(e.detail?.zh ?? openApiErrors[e.kind].zh);
    throw e;
  }
}

/** The account page's calls: the caller's own keys and webhook endpoints, and whether the API is open to them. */
export function accountPageRoutes(ctx: AppContext): RouteDef[] {
  const db = () => ctx.database.db;
  return [
    route(listApiKeys, async ({ user }) => {
      const [keys, site, blocked] = await Promise.all([
        apiKeyStore.listOwn(db(), user.id),
        apiSwitches.siteOn(db()),
        apiSwitches.userBlocked(db(), user.id),
      ]);
      return {
        list: keys.map(presentKey),
        access: { site: site ? (1 as const) : (0 as const), user: blocked ? (0 as const) : (1 as const) },
      };
    }),
    route(createApiKey, async ({ user, params }) => {
      // A guest's account lapses with its trial: an integration built on it would break without warning.
      if ((await accountRows.standing(db(), user.id))?.isTourist !== false) throw new AppError(m.guestRefused);
      return ok(await apiKeyStore.create(db(), user.id, params.name), m.keyCreated);
    }),
    route(listApiWebhookDeliveries, ({ user, params }) => deliveriesPage(ctx, user.id, params.page, params.limit)),
    route(listApiWebhookEndpoints, async ({ user }) => ({
      list: (await webhookEndpointStore.listOwn(db(), user.id)).map(presentEndpoint),
    })),
    // The page's endpoints are the API's: the same checks, limit and messages as /v1/webhook/endpoint.add.
    route(addApiWebhookEndpoint, ({ user, params }) =>
      asPageCall(async () => {
        const url = await checkedUrl(ctx, params.url.trim());
        const events = params.events?.length ? [...new Set(params.events)] : [...WEBHOOK_EVENTS];
        return ok(presentEndpoint(await webhookEndpointStore.add(db(), user.id, url, events)), m.endpointAdded);
      }),
    ),
    route(deleteApiWebhookEndpoint, ({ user, params }) =>
      asPageCall(async () => {
        await webhookEndpointStore.remove(db(), user.id, params.id);
        return ok(null, m.endpointDeleted);
      }),
    ),
    route(rotateApiWebhookSecret, ({ user, params }) =>
      asPageCall(async () =>
        ok(presentEndpoint(await webhookEndpointStore.rotateSecret(db(), user.id, params.id)), m.secretRotated),
      ),
    ),
    route(revokeApiKey, async ({ user, params }) => {
      await apiKeyStore.revoke(db(), params.id, 'user', user.id);
      return ok(null, m.keyRevoked);
    }),
  ];
}
