import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors, WEBHOOK_ENDPOINTS_MAX } from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { apiCall, newApiKey } from './testing/api.js';

let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: string;
let bobKey: string;

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
const remove = (key: string, id: string) =>
  apiCall<null>(t, key, 'DELETE', `/v1/webhook/endpoint.delete?endpoint_id=${id}`);
const refused = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code, message: openApiErrors[kind].zh } },
});

beforeAll(async () => {
  t = await buildTestApp({ TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER });
  alice = await newAccount(t);
  bob = await newAccount(t);
  [aliceKey, bobKey] = [await newApiKey(t, alice), await newApiKey(t, bob)];
});
afterAll(async () => t?.close());

describe('webhook endpoints', () => {
  it('adds, lists and deletes an account’s endpoints; another account’s is not found', async () => {
    const made = await add(aliceKey, { url: `http://${RECEIVER}:8080/hooks/heygen`, events: ['avatar_video.success'] });
    expect(made).toMatchObject({
      status: 200,
      body: {
        code: 100,
        message: 'Success',
        data: {
          username: alice.username,
          url: `http://${RECEIVER}:8080/hooks/heygen`,
          status: 'enabled',
          events: ['avatar_video.success'],
        },
      },
    });
    const endpoint = made.body.data;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(Number.isNaN(Date.parse(endpoint.created_at))).toBe(false);
    // None named: both events.
    const both = (await add(aliceKey, { url: `http://${RECEIVER}/both` })).body.data;
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

  it('refuses the same URL twice and more endpoints than one account keeps', async () => {
    const carol = await newApiKey(t, await newAccount(t));
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++)
      expect((await add(carol, { url: `http://${RECEIVER}/h${i}` })).status).toBe(200);
    expect(await add(carol, { url: `http://${RECEIVER}/h0` })).toMatchObject(refused('webhookDuplicate'));
    expect(await add(carol, { url: `http://${RECEIVER}/more` })).toMatchObject(refused('webhookTooMany'));
    // A deleted endpoint frees its place.
    await remove(carol, (await list(carol)).data[0]!.endpoint_id);
    expect((await add(carol, { url: `http://${RECEIVER}/more` })).status).toBe(200);
  });
});
