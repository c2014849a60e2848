import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addApiWebhookEndpoint,
  deleteApiWebhookEndpoint,
  listApiWebhookEndpoints,
  openApiErrors,
  openApiMessages as m,
  rotateApiWebhookSecret,
  WEBHOOK_ENDPOINTS_MAX,
  type ApiWebhookEndpointRow,
} from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { apiVideos, works } from '../../db/schema/index.js';
import { workLedger } from '../works/index.js';
import { watchApiVideo } from './webhook-sender.js';

let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let receiver: FakeServer;

/** The receiver's address: loopback, let through by the test-only allowance (127.0.0.1 stays refused). */
const RECEIVER = '127.0.0.2';

const add = (who: TestAccount, params: Record<string, string>) =>
  t.call<ApiWebhookEndpointRow>(addApiWebhookEndpoint, params, { token: who.token });
const list = async (who: TestAccount) =>
  (await t.call<{ list: ApiWebhookEndpointRow[] }>(listApiWebhookEndpoints, {}, { token: who.token })).data!.list;
const remove = (who: TestAccount, id: number) => t.call(deleteApiWebhookEndpoint, { id }, { token: who.token });
const rotate = (who: TestAccount, id: number) =>
  t.call<ApiWebhookEndpointRow>(rotateApiWebhookSecret, { id }, { token: who.token });
const refused = (kind: keyof typeof openApiErrors) => ({ code: 1, msg: openApiErrors[kind].zh });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

beforeAll(async () => {
  t = await buildTestApp({ TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER });
  alice = await newAccount(t);
  bob = await newAccount(t);
  receiver = await startLoopbackFake({
    host: RECEIVER,
    routes: { 'OPTIONS /closed': () => ({ status: 405 }) },
    handle: () => ({ status: 200, text: 'ok' }),
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('the page’s webhook endpoints', () => {
  it('adds, lists and deletes the caller’s endpoints; another account’s id is not found', async () => {
    const made = await add(alice, { url: `${receiver.url}/page`, events: 'avatar_video.success' });
    expect(made).toMatchObject({
      code: 0,
      msg: m.endpointAdded,
      data: { url: `${receiver.url}/page`, events: ['avatar_video.success'] },
    });
    const hook = made.data!;
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    // None named: both events.
    const both = (await add(alice, { url: `${receiver.url}/both`, events: '' })).data!;
    expect(both.events).toEqual(['avatar_video.success', 'avatar_video.fail']);
    expect(await list(alice)).toEqual([both, hook]);
    expect(await list(bob)).toEqual([]);

    expect(await remove(bob, hook.id)).toMatchObject(refused('webhookMissing'));
    expect(await rotate(bob, hook.id)).toMatchObject(refused('webhookMissing'));
    expect(await list(alice)).toEqual([both, hook]);

    expect(await remove(alice, hook.id)).toMatchObject({ code: 0, msg: m.endpointDeleted, data: null });
    expect(await list(alice)).toEqual([both]);
    expect(await remove(alice, hook.id)).toMatchObject(refused('webhookMissing'));
    expect(await rotate(alice, hook.id)).toMatchObject(refused('webhookMissing'));
    expect(await add(alice, { url: `${receiver.url}/both` })).toMatchObject(refused('webhookDuplicate'));
    await remove(alice, both.id);
  });

  it('refuses a URL that is not public, not http(s), or not answered, and bad events, with code 1', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://10.1.2.3/hook', 'http://localhost/hook'])
      expect(await add(bob, { url }), url).toMatchObject(refused('webhookUrlPrivate'));
    for (const url of ['ftp://example.com/x', 'http://user:pw@example.com/x', 'not a url'])
      expect(await add(bob, { url }), url).toMatchObject(refused('webhookUrlScheme'));
    expect(await add(bob, { url: `${receiver.url}/closed` })).toMatchObject({
      code: 1,
      msg: expect.stringContaining(openApiErrors.webhookUrlUnanswered.zh),
    });
    expect(await add(bob, { url: `${receiver.url}/x`, events: 'avatar_video.done' })).toMatchObject({
      code: 1,
      msg: expect.stringContaining(m.endpointEventsInvalid),
    });
    expect(await add(bob, { url: '' })).toMatchObject({ code: 1 });
    expect(await remove(bob, 0)).toMatchObject({ code: 1 });
    expect(await list(bob)).toEqual([]);
  });

  it('keeps to the endpoints one account may have', async () => {
    const carol = await newAccount(t);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++)
      expect(await add(carol, { url: `${receiver.url}/many/${i}` })).toMatchObject({ code: 0 });
    expect(await add(carol, { url: `${receiver.url}/many/more` })).toMatchObject(refused('webhookTooMany'));
  });

  it('rotates a secret: the reply carries the new one, and the next delivery is signed with it', async () => {
    const dave = await newAccount(t);
    const hook = (await add(dave, { url: `${receiver.url}/rotated` })).data!;
    const rotated = await rotate(dave, hook.id);
    expect(rotated).toMatchObject({ code: 0, msg: m.secretRotated, data: { id: hook.id, url: hook.url } });
    const secret = rotated.data!.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(hook.secret);
    expect((await list(dave))[0]!.secret).toBe(secret);

    const db = t.ctx.database.db;
    const [w] = await db
      .insert(works)
      .values({
        userId: dave.id,
        name: '接口视频',
        status: 2,
        channel: 'local',
        channelName: '本地合成',
        creditsHeld: 0,
        jobKey: `test-${dave.id}-${Date.now()}`,
      })
      .returning();
    await db.insert(apiVideos).values({ workId: w!.id, userId: dave.id, callbackId: null });
    await watchApiVideo(t.ctx, w!.id, 0);
    await workLedger.progress(db, w!.id, { set: { videoKey: `users/${dave.id}/works/v.mp4` } });
    await workLedger.finish(db, w!.id, { duration: 3, creditsCharged: 0, storedBytes: 0 });
    const req = await waitFor('the delivery', async () =>
      receiver.requests.find((r) => r.method === 'POST' && r.path === '/rotated'),
    );
    const raw = req.raw.toString('utf8');
    const stamp = String(req.headers['x-webhook-timestamp']);
    expect(String(req.headers['x-webhook-signature'])).toContain(`v1=${hmac(secret, `${stamp}.${raw}`)}`);
  });
});
