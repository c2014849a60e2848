import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listApiWebhookDeliveries,
  openApiErrors,
  openApiMessages as m,
  WEBHOOK_ENDPOINTS_MAX,
  type ApiWebhookDeliveryRow,
} from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { apiVideos, apiWebhookAttempts, apiWebhookDeliveries, apiWebhookEndpoints, works } from '../../db/schema/index.js';
import { workLedger } from '../works/index.js';
import { apiCall, newApiKey } from './testing/api.js';
import { watchApiVideo } from './webhook-sender.js';

let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: string;
let bobKey: string;
let receiver: FakeServer;
let inside: FakeServer;

interface Endpoint {
  endpoint_id: string;
  username: string;
  url: string;
  status: string;
  events: string[];
  secret: string;
  created_at: string;
}

/** The receiver's address: loopback, let through by the test-only allowance (127.0.0.1 stays refused). */
const RECEIVER = '127.0.0.2';

const add = (key: string, json: unknown, headers: Record<string, string> = {}) =>
  apiCall<Endpoint>(t, key, 'POST', '/v1/webhook/endpoint.add', { json, headers });
const list = async (key: string) => (await apiCall<Endpoint[]>(t, key, 'GET', '/v1/webhook/endpoint.list')).body;
const rotate = (key: string, endpointId: string) =>
  apiCall<Endpoint>(t, key, 'POST', '/v1/webhook/endpoint.rotate_secret', { json: { endpoint_id: endpointId } });
const remove = (key: string, id: string) =>
  apiCall<null>(t, key, 'DELETE', `/v1/webhook/endpoint.delete?endpoint_id=${id}`);
const refused = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code, message: openApiErrors[kind].zh } },
});

beforeAll(async () => {
  // Retries a second apart: the real waits span a day.
  t = await buildTestApp({ TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER, WEBHOOK_RETRY_SECONDS: '1,1,1' });
  alice = await newAccount(t);
  bob = await newAccount(t);
  [aliceKey, bobKey] = [await newApiKey(t, alice), await newApiKey(t, bob)];
  // What sits inside the network: a redirect may point here, and nothing may reach it.
  inside = await startLoopbackFake(() => ({ status: 200 }));
  let flaky = 0;
  receiver = await startLoopbackFake({
    host: RECEIVER,
    routes: {
      'POST /flaky': () => ({ status: ++flaky <= 2 ? 500 : 200 }),
      'OPTIONS /closed': () => ({ status: 405 }),
      'OPTIONS /moved': () => ({ status: 302, headers: { location: `${inside.url}/hook` } }),
      'POST /redirect': () => ({ status: 307, headers: { location: `${inside.url}/hook` } }),
    },
    handle: () => ({ status: 200, text: 'ok' }),
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await inside?.close();
});

describe('webhook endpoints', () => {
  it('adds, lists and deletes an account’s endpoints; another account’s is not found', async () => {
    const made = await add(aliceKey, { url: `${receiver.url}/hooks/heygen`, events: ['avatar_video.success'] });
    expect(made).toMatchObject({
      status: 200,
      body: {
        code: 100,
        message: 'Success',
        data: {
          username: alice.username,
          url: `${receiver.url}/hooks/heygen`,
          status: 'enabled',
          events: ['avatar_video.success'],
        },
      },
    });
    const endpoint = made.body.data;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(Number.isNaN(Date.parse(endpoint.created_at))).toBe(false);
    // None named: both events.
    const both = (await add(aliceKey, { url: `${receiver.url}/both` })).body.data;
    expect(both.events).toEqual(['avatar_video.success', 'avatar_video.fail']);

    expect(await list(aliceKey)).toEqual({ code: 100, message: 'Success', data: [both, endpoint] });
    expect((await list(bobKey)).data).toEqual([]);
    // Bob cannot delete Alice's endpoint: it is simply not found for him, and stays.
    expect(await remove(bobKey, endpoint.endpoint_id)).toMatchObject(refused('webhookMissing'));
    expect((await list(aliceKey)).data).toHaveLength(2);

    expect(await remove(aliceKey, endpoint.endpoint_id)).toMatchObject({
      status: 200,
      body: { code: 100, data: null },
    });
    expect((await list(aliceKey)).data).toEqual([both]);
    expect(await remove(aliceKey, endpoint.endpoint_id)).toMatchObject(refused('webhookMissing'));
    expect(await remove(aliceKey, 'abc')).toMatchObject(refused('webhookMissing'));
  });

  it('refuses a URL that does not lead to the public internet, in Chinese or English', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:192.168.1.1]/hook',
      'http://localhost/hook',
    ])
      expect(await add(bobKey, { url }), url).toMatchObject(refused('webhookUrlPrivate'));
    for (const url of ['ftp://example.com/x', 'http://user:pw@example.com/x', 'not a url'])
      expect(await add(bobKey, { url }), url).toMatchObject(refused('webhookUrlScheme'));
    expect(await add(bobKey, { url: 'http://127.0.0.1/x' }, { 'accept-language': 'en' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_parameter', message: openApiErrors.webhookUrlPrivate.en } },
    });
    expect(await add(bobKey, { url: `http://${RECEIVER}/x`, events: ['avatar_video.done'] })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_parameter', message: expect.stringContaining('events.0') } },
    });
    expect((await list(bobKey)).data).toEqual([]);
  });

  it('refuses a URL whose receiver does not answer an OPTIONS request with 2xx, or redirects it inside', async () => {
    const closed = await add(bobKey, { url: `${receiver.url}/closed` });
    expect(closed).toMatchObject({ status: 400, body: { data: null, error: { code: 'webhook_url_unreachable' } } });
    expect(closed.body.error!.message).toContain('HTTP 405');
    const nobody = await add(bobKey, { url: `http://${RECEIVER}:9/hook` }, { 'accept-language': 'en' });
    expect(nobody).toMatchObject({ status: 400, body: { error: { code: 'webhook_url_unreachable' } } });
    expect(nobody.body.error!.message).toContain(openApiErrors.webhookUrlUnanswered.en);
    expect(await add(bobKey, { url: `${receiver.url}/moved` })).toMatchObject(refused('webhookUrlPrivate'));
    expect(inside.requests).toEqual([]);
    expect((await list(bobKey)).data).toEqual([]);
  });

  it('refuses the same URL twice and more endpoints than one account keeps', async () => {
    const carol = await newApiKey(t, await newAccount(t));
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++)
      expect((await add(carol, { url: `${receiver.url}/h${i}` })).status).toBe(200);
    expect(await add(carol, { url: `${receiver.url}/h0` })).toMatchObject(refused('webhookDuplicate'));
    expect(await add(carol, { url: `${receiver.url}/more` })).toMatchObject(refused('webhookTooMany'));
    // A deleted endpoint frees its place.
    await remove(carol, (await list(carol)).data[0]!.endpoint_id);
    expect((await add(carol, { url: `${receiver.url}/more` })).status).toBe(200);
  });
});

const db = () => t.ctx.database.db;

/** An API video as the generate call leaves it (rendering, its callback_id kept), watched for its end. */
async function apiVideo(who: TestAccount, callbackId: string | null) {
  const [w] = await db()
    .insert(works)
    .values({
      userId: who.id,
      name: '接口视频',
      status: 2,
      channel: 'local',
      channelName: '本地合成',
      creditsHeld: 0,
      jobKey: `test-${who.id}-${Date.now()}-${Math.random()}`,
    })
    .returning();
  await db().insert(apiVideos).values({ workId: w!.id, userId: who.id, callbackId });
  await watchApiVideo(t.ctx, w!.id, 0);
  return w!.id;
}
const received = (path: string, n: number) =>
  waitFor(`${n} deliveries to ${path}`, async () => {
    const got = receiver.requests.filter((r) => r.method === 'POST' && r.path === path);
    return got.length >= n ? got : null;
  });
const deliveryOf = async (workId: number) =>
  (await db().select().from(apiWebhookDeliveries).where(eq(apiWebhookDeliveries.workId, workId)))[0];
const attemptsOf = (deliveryId: number) =>
  db()
    .select()
    .from(apiWebhookAttempts)
    .where(eq(apiWebhookAttempts.deliveryId, deliveryId))
    .orderBy(apiWebhookAttempts.id);
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('webhook deliveries', () => {
  it('POSTs a finished API video’s event to the owner’s listening endpoint, signed, and never again once acknowledged', async () => {
    const dave = await newAccount(t);
    const daveKey = await newApiKey(t, dave);
    const hook = (await add(daveKey, { url: `${receiver.url}/done`, events: ['avatar_video.success'] })).body.data;
    await add(daveKey, { url: `${receiver.url}/failures`, events: ['avatar_video.fail'] });
    await add(bobKey, { url: `${receiver.url}/bob` });
    const id = await apiVideo(dave, 'order-7');
    await workLedger.progress(db(), id, { set: { videoKey: `users/${dave.id}/works/v.mp4` } });
    await workLedger.finish(db(), id, { duration: 3, creditsCharged: 0, storedBytes: 0 });

    const [req] = await received('/done', 1);
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toBe('application/json');
    const body = req!.json<{ event_type: string; event_data: Record<string, string> }>();
    expect(body).toEqual({
      event_type: 'avatar_video.success',
      event_data: { video_id: String(id), url: expect.stringMatching(/^http/), callback_id: 'order-7' },
    });
    expect(body.event_data.url!.startsWith(t.config.publicUrl)).toBe(true);
    // The signatures check out with the endpoint's secret, over the bytes as sent.
    const raw = req!.raw.toString('utf8');
    const stamp = String(req!.headers['x-webhook-timestamp']);
    expect(Math.abs(Number(stamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(req!.headers.signature).toBe(hmac(hook.secret, raw));
    expect(req!.headers['x-webhook-signature']).toBe(`t=${stamp},v1=${hmac(hook.secret, `${stamp}.${raw}`)}`);
    expect(req!.headers.signature).not.toBe(hmac('whsec_wrong', raw));

    await waitFor('delivered', async () => (await deliveryOf(id))?.status === 'delivered');
    const d = (await deliveryOf(id))!;
    expect(await attemptsOf(d.id)).toMatchObject([{ httpStatus: 200, error: null }]);
    // A job run again for the acknowledged delivery (a worker lost after the answer) sends nothing.
    const again = await t.ctx.queue.send('open-api.webhook-delivery', { deliveryId: d.id });
    await waitFor('the repeated job', async () => {
      const job = await t.ctx.queue.getJob(t.ctx.database.executor, 'open-api.webhook-delivery', again!);
      return job?.state === 'completed';
    });
    expect(receiver.requests.filter((r) => r.method === 'POST' && r.path === '/done')).toHaveLength(1);
    // Nothing for the endpoint listening to failures only, nor for another account's.
    expect(
      receiver.requests.filter((r) => r.method === 'POST' && (r.path === '/failures' || r.path === '/bob')),
    ).toEqual([]);
  });

  it('signs deliveries with the new secret once an endpoint’s secret is rotated; another account’s is not found', async () => {
    const frank = await newAccount(t);
    const frankKey = await newApiKey(t, frank);
    const hook = (await add(frankKey, { url: `${receiver.url}/rotated` })).body.data;
    // Bob cannot rotate Frank's endpoint, and its secret stays.
    expect(await rotate(bobKey, hook.endpoint_id)).toMatchObject(refused('webhookMissing'));
    expect(await rotate(frankKey, 'abc')).toMatchObject(refused('webhookMissing'));
    expect((await list(frankKey)).data[0]!.secret).toBe(hook.secret);

    const rotated = await rotate(frankKey, hook.endpoint_id);
    expect(rotated).toMatchObject({ status: 200, body: { code: 100, data: { endpoint_id: hook.endpoint_id } } });
    const secret = rotated.body.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(hook.secret);
    expect((await list(frankKey)).data[0]!.secret).toBe(secret);

    const id = await apiVideo(frank, null);
    await workLedger.progress(db(), id, { set: { videoKey: `users/${frank.id}/works/v.mp4` } });
    await workLedger.finish(db(), id, { duration: 3, creditsCharged: 0, storedBytes: 0 });
    const [req] = await received('/rotated', 1);
    const raw = req!.raw.toString('utf8');
    expect(req!.headers.signature).toBe(hmac(secret, raw));
    expect(req!.headers.signature).not.toBe(hmac(hook.secret, raw));
    // For a day the old secret signs too: a second v1, so a receiver not yet switched over still verifies.
    const stamped = (r: typeof req) => {
      const header = String(r!.headers['x-webhook-signature']);
      const t = /^t=(\d+)/.exec(header)?.[1] ?? '';
      return { header, t, body: r!.raw.toString('utf8') };
    };
    const first = stamped(req);
    expect(first.header).toBe(
      `t=${first.t},v1=${hmac(secret, `${first.t}.${first.body}`)},v1=${hmac(hook.secret, `${first.t}.${first.body}`)}`,
    );
    // Once the day is over, the new secret alone.
    await db()
      .update(apiWebhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(apiWebhookEndpoints.id, Number(hook.endpoint_id)));
    const later = await apiVideo(frank, null);
    await workLedger.fail(db(), later, '失败');
    const [, req2] = await received('/rotated', 2);
    const second = stamped(req2);
    expect(second.header).toBe(`t=${second.t},v1=${hmac(secret, `${second.t}.${second.body}`)}`);
    // A deleted endpoint cannot be rotated.
    await remove(frankKey, hook.endpoint_id);
    expect(await rotate(frankKey, hook.endpoint_id)).toMatchObject(refused('webhookMissing'));
  });

  it('retries a receiver that fails twice, and the third attempt is delivered', async () => {
    const erin = await newAccount(t);
    await add(await newApiKey(t, erin), { url: `${receiver.url}/flaky`, events: ['avatar_video.fail'] });
    const id = await apiVideo(erin, null);
    await workLedger.fail(db(), id, '合成失败：素材损坏');
    const got = await received('/flaky', 3);
    expect(got.map((r) => r.json())).toEqual(
      Array.from({ length: 3 }, () => ({
        event_type: 'avatar_video.fail',
        event_data: { video_id: String(id), msg: '合成失败：素材损坏', callback_id: null },
      })),
    );
    // One delivery: the same id on every attempt.
    expect(new Set(got.map((r) => r.headers['x-webhook-id'])).size).toBe(1);
    await waitFor('delivered', async () => (await deliveryOf(id))?.status === 'delivered');
    const d = (await deliveryOf(id))!;
    expect(d.attempts).toBe(3);
    expect((await attemptsOf(d.id)).map((a) => a.httpStatus)).toEqual([500, 500, 200]);
    // The account page lists it with its attempts; another account sees none of it.
    const page = await t.call<{ list: ApiWebhookDeliveryRow[]; total: number }>(
      listApiWebhookDeliveries,
      {},
      {
        token: erin.token,
      },
    );
    expect(page).toMatchObject({
      code: 0,
      data: {
        total: 1,
        list: [
          {
            event_type: 'avatar_video.fail',
            video_id: String(id),
            url: `${receiver.url}/flaky`,
            status: 'delivered',
            next_attempt_time: '',
            attempts: [{ http_status: 500 }, { http_status: 500 }, { http_status: 200, error: '' }],
          },
        ],
      },
    });
    const others = await t.call<{ list: ApiWebhookDeliveryRow[] }>(listApiWebhookDeliveries, {}, { token: bob.token });
    expect(others.data.list.map((r) => r.id)).not.toContain(page.data.list[0]!.id);
  });

  it('does not follow a redirect into the private network, and gives up once every retry is used', async () => {
    const carol = await newAccount(t);
    await add(await newApiKey(t, carol), { url: `${receiver.url}/redirect` });
    const id = await apiVideo(carol, 'c-1');
    await workLedger.fail(db(), id, '失败');
    await waitFor('given up', async () => (await deliveryOf(id))?.status === 'failed', 30_000);
    const attempts = await attemptsOf((await deliveryOf(id))!.id);
    // One attempt and the three retries, each refused at the redirect's private address.
    expect(attempts).toHaveLength(4);
    for (const a of attempts) {
      expect(a.httpStatus).toBeNull();
      expect(a.error).toContain(m.attemptRefusedAddress);
    }
    expect(receiver.requests.filter((r) => r.method === 'POST' && r.path === '/redirect')).toHaveLength(4);
    expect(inside.requests).toEqual([]);
  });

  it('sends a delivery whose worker died mid-attempt and whose job was lost, at the next sweep', async () => {
    const frank = await newAccount(t);
    const hook = (await add(await newApiKey(t, frank), { url: `${receiver.url}/swept` })).body.data;
    const id = await apiVideo(frank, 'f-1');
    await workLedger.fail(db(), id, '失败');
    await received('/swept', 1);
    // A second event for the same endpoint, as a crash leaves it: leased by a dead worker, no job.
    const [lost] = await db()
      .insert(apiWebhookDeliveries)
      .values({
        endpointId: Number(hook.endpoint_id),
        userId: frank.id,
        workId: id + 100000,
        eventType: 'avatar_video.fail',
        eventData: { video_id: String(id + 100000), msg: '失败', callback_id: null },
        nextAttemptAt: sql`now() - interval '3 minutes'`,
        leaseUntil: sql`now() - interval '1 minute'`,
      })
      .returning();
    await t.ctx.queue.send('open-api.webhook-sweep', {});
    const got = await received('/swept', 2);
    expect(got[1]!.headers['x-webhook-id']).toBe(String(lost!.id));
    await waitFor('delivered', async () => {
      const [row] = await db().select().from(apiWebhookDeliveries).where(eq(apiWebhookDeliveries.id, lost!.id));
      return row?.status === 'delivered';
    });
  });
});
