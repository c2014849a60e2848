import { createHmac } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { openApiMessages as m } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { JobContext } from '../../platform/queue/jobs.js';
import { guardedPost, LinkRefusal } from '../../platform/security/public-address.js';
import { WORK_STATUS, workLedger } from '../works/index.js';
import { apiVideoStore } from './api-videos.js';
import { presentVideo } from './videos.js';
import { webhookDeliveries, type AttemptOutcome, type DeliveryRow } from './webhook-deliveries.js';
import { signingSecrets, WEBHOOK_USER_AGENT, webhookAddressPolicy, webhookEndpointStore } from './webhook-endpoints.js';

/** How often a video's watch looks whether it has ended. */
const WATCH_SECONDS = 3;
/** How long one attempt waits for the receiver's answer. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** What the sweep re-sends at most per run. */
const SWEEP_BATCH = 500;

/** Namespace of the job ids below: one job per video watch and per delivery, however often it is sent. */
const JOB_NAMESPACE = 'c0a9f1d6-3b4e-5f70-8a91-b2c3d4e5f607';
const jobId = (what: string, id: number) => uuidv5(`${what}:${id}`, JOB_NAMESPACE);

/**
 * The headers that sign a delivery: `Signature` is the hex HMAC-SHA256 of the raw body with the endpoint's
 * secret (what HeyGen's receivers check); `X-Webhook-Signature` signs `<timestamp>.<body>` so that a
 * receiver can also refuse an old delivery replayed (`X-Webhook-Timestamp`, unix seconds).
 */
export function signatureHeaders(secrets: string[], body: string, timestamp: number): Record<string, string> {
  const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
  const [current = ''] = secrets;
  return {
    // HeyGen's one header: the current secret's.
    Signature: hmac(current, body),
    'X-Webhook-Timestamp': String(timestamp),
    // One v1 per signing secret, the current one first: a receiver accepts the delivery if any matches.
    'X-Webhook-Signature': [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmac(s, `${timestamp}.${body}`)}`)].join(','),
  };
}

/** Starts watching an API video for its end (a second start of the same watch is no new job). */
export async function watchApiVideo(ctx: AppContext, workId: number, startAfter = WATCH_SECONDS): Promise<void> {
  await ctx.queue.send('open-api.video-watch', { workId }, { id: jobId('watch', workId), startAfter });
}

const sendDelivery = (ctx: AppContext, deliveryId: number) =>
  ctx.queue.send('open-api.webhook-delivery', { deliveryId }, { id: jobId('delivery', deliveryId) });

async function watch(ctx: AppContext, workId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const video = await apiVideoStore.find(db, workId);
  // Gone with its work, or already announced.
  if (!video || video.announcedAt) return;
  const work = await workLedger.find(db, workId);
  if (!work) return;
  if (work.status !== WORK_STATUS.done && work.status !== WORK_STATUS.failed) {
    job.later(WATCH_SECONDS);
    return;
  }
  for (const id of await webhookDeliveries.announce(db, video, work)) await sendDelivery(ctx, id);
}

/** The event as it is sent now: a success carries a freshly signed link to the video. */
async function bodyOf(ctx: AppContext, d: DeliveryRow): Promise<string> {
  let eventData: Record<string, string | null> = d.eventData;
  if (d.eventType === 'avatar_video.success') {
    const work = await workLedger.find(ctx.database.db, d.workId);
    const url = work ? presentVideo(ctx, ctx.config.publicUrl, work, null).video_url : null;
    eventData = {
      video_id: d.eventData.video_id ?? String(d.workId),
      url,
      callback_id: d.eventData.callback_id ?? null,
    };
  }
  return JSON.stringify({ event_type: d.eventType, event_data: eventData });
}

/** One POST to the endpoint, every hop checked to be public; never throws for what the receiver does. */
async function post(ctx: AppContext, url: string, headers: Record<string, string>, body: string, signal: AbortSignal) {
  const started = Date.now();
  const outcome = (httpStatus: number | null, error: string | null): AttemptOutcome => ({
    httpStatus,
    error,
    durationMs: Date.now() - started,
  });
  try {
    const res = await guardedPost(url, {
      ...webhookAddressPolicy(ctx),
      body,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    });
    res.body.resume();
    return outcome(res.status, null);
  } catch (e) {
    if (signal.aborted) throw e;
    if (e instanceof LinkRefusal) return outcome(null, `${m.attemptRefusedAddress}（${e.message}）`);
    const text = e instanceof Error ? e.message : String(e);
    return outcome(null, /timed? ?out|abort/i.test(text) ? m.attemptTimedOut : `${m.attemptUnreachable}（${text}）`);
  }
}

async function deliver(ctx: AppContext, deliveryId: number, job: JobContext): Promise<void> {
  const db = ctx.database.db;
  const claimed = await webhookDeliveries.claim(db, deliveryId);
  if (claimed === 'over') return;
  if ('waitSeconds' in claimed) {
    job.later(claimed.waitSeconds);
    return;
  }
  const endpoint = await webhookEndpointStore.find(db, claimed.endpointId);
  if (!endpoint || endpoint.deletedAt) {
    await webhookDeliveries.cancel(db, claimed.id);
    return;
  }
  const body = await bodyOf(ctx, claimed);
  const headers = {
    ...signatureHeaders(signingSecrets(endpoint), body, Math.floor(Date.now() / 1000)),
    // The same on every attempt of one delivery: a receiver can tell a retry from a new event.
    'X-Webhook-Id': String(claimed.id),
    'user-agent': WEBHOOK_USER_AGENT,
  };
  const outcome = await post(ctx, endpoint.url, headers, body, job.signal);
  const next = await webhookDeliveries.record(db, claimed, outcome, ctx.config.WEBHOOK_RETRY_SECONDS);
  if (next !== null) job.later(next);
}

/** Sends again the watches and deliveries a crash left without their job; the job ids make a live one stay single. */
async function sweep(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  for (const workId of await webhookDeliveries.unannounced(db, SWEEP_BATCH)) await watchApiVideo(ctx, workId, 0);
  for (const id of await webhookDeliveries.overdue(db, SWEEP_BATCH)) await sendDelivery(ctx, id);
}

export const webhookJobHandlers = (ctx: AppContext) => ({
  'open-api.video-watch': (p: { workId: number }, job: JobContext) => watch(ctx, p.workId, job),
  'open-api.webhook-delivery': (p: { deliveryId: number }, job: JobContext) => deliver(ctx, p.deliveryId, job),
  'open-api.webhook-sweep': () => sweep(ctx),
});

export { sweep as sweepWebhooks };
