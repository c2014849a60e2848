import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEYS_MAX,
  consoleApiAccess,
  createApiKey,
  listApiKeys,
  listConsoleApiKeys,
  openApiErrors,
  openApiMessages as m,
  revokeApiKey,
  revokeConsoleApiKey,
  setApiSiteSwitch,
  setApiUserSwitch,
  setUserDisabled,
  startGuest,
  type ApiKeyRow,
  type ConsoleApiKeyRow,
} from '@app/contract';
import { loginAs, newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { adminAudit, apiKeys } from '../../db/schema/index.js';
import { apiCall, newApiKey } from './testing/api.js';

let t: TestApp;
let admin: string;
let alice: TestAccount;
let bob: TestAccount;

const quota = (key: string | null, headers: Record<string, string> = {}) =>
  apiCall<{ remaining_quota: number }>(t, key, 'GET', '/v2/user/remaining_quota', { headers });
const keysOf = async (who: TestAccount) =>
  (await t.call<{ list: ApiKeyRow[]; access: { site: number; user: number } }>(listApiKeys, {}, { token: who.token }))
    .data;
const refusedWith = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code, message: openApiErrors[kind].zh } },
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
  alice = await newAccount(t, { credits: 70 });
  bob = await newAccount(t, { credits: 5 });
});
afterAll(async () => t?.close());

describe('API keys on the account page', () => {
  it('is shown once, kept only as its hash, spends as its owner and records its last use', async () => {
    const made = await t.call<ApiKeyRow & { key: string }>(
      createApiKey,
      { name: ' 官网后台 ' },
      { token: alice.token },
    );
    expect(made).toMatchObject({ code: 0, msg: m.keyCreated, data: { name: '官网后台', last_used_time: '' } });
    const { key } = made.data;
    expect(key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(made.data.prefix)).toBe(true);
    const [row] = await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.data.id));
    expect(row!.hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(Object.values(row!)).not.toContain(key);
    // The list never carries the key again.
    const listed = await keysOf(alice);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed).toMatchObject({ list: [{ id: made.data.id, name: '官网后台' }], access: { site: 1, user: 1 } });

    expect(await quota(key)).toMatchObject({ status: 200, body: { error: null, data: { remaining_quota: 70 } } });
    expect((await keysOf(alice)).list[0]!.last_used_time).not.toBe('');
    expect(await quota(await newApiKey(t, bob))).toMatchObject({
      body: { data: { remaining_quota: 5 } },
    });
  });

  it('refuses a blank name, a guest, and more than the most keys one account keeps', async () => {
    expect(await t.call(createApiKey, { name: '   ' }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: m.keyNameRequired,
    });
    const guest = (await t.call<{ token: string }>(startGuest)).data.token;
    expect(await t.call(createApiKey, { name: 'x' }, { token: guest })).toMatchObject({ code: 1, msg: m.guestRefused });
    const carol = await newAccount(t);
    for (let i = 0; i < API_KEYS_MAX; i++) await newApiKey(t, carol, `k${i}`);
    expect(await t.call(createApiKey, { name: 'one more' }, { token: carol.token })).toMatchObject({
      code: 1,
      msg: m.tooManyKeys(API_KEYS_MAX),
    });
    // A revoked key frees its place.
    await t.call(revokeApiKey, { id: (await keysOf(carol)).list[0]!.id }, { token: carol.token });
    expect(await t.call(createApiKey, { name: 'one more' }, { token: carol.token })).toMatchObject({ code: 0 });
  });

  it('refuses a missing, unknown or revoked key in HeyGen’s shape, in English when asked', async () => {
    expect(await quota(null)).toMatchObject(refusedWith('keyMissing'));
    expect(await quota('sk-nothing')).toMatchObject(refusedWith('keyInvalid'));
    expect(await quota('sk-nothing', { 'accept-language': 'en-US,en;q=0.9' })).toMatchObject({
      status: 401,
      body: { error: { code: 'authentication_failed', message: openApiErrors.keyInvalid.en } },
    });
    const key = await newApiKey(t, alice, '要撤销的');
    const id = (await keysOf(alice)).list.find((k) => k.name === '要撤销的')!.id;
    // Someone else's key is as good as none: bob cannot revoke it, and it keeps working.
    expect(await t.call(revokeApiKey, { id }, { token: bob.token })).toMatchObject({ code: 1, msg: m.keyMissing });
    expect((await quota(key)).status).toBe(200);
    expect(await t.call(revokeApiKey, { id }, { token: alice.token })).toMatchObject({ code: 0, msg: m.keyRevoked });
    expect((await keysOf(alice)).list.map((k) => k.id)).not.toContain(id);
    expect(await quota(key)).toMatchObject(refusedWith('keyInvalid'));
    expect(await t.call(revokeApiKey, { id }, { token: alice.token })).toMatchObject({ code: 1, msg: m.keyMissing });
  });
});

describe('the console', () => {
  it('lists every key with its owner, revokes any of them, and is audited', async () => {
    const key = await newApiKey(t, bob, '运营要撤销的');
    const list = await t.call<{ list: ConsoleApiKeyRow[] }>(
      listConsoleApiKeys,
      { keyword: bob.username },
      { token: admin },
    );
    const row = list.data.list.find((k) => k.name === '运营要撤销的')!;
    expect(row).toMatchObject({ username: bob.username, revoked: 0, user_blocked: 0 });
    expect(await t.call(revokeConsoleApiKey, { id: row.id }, { token: bob.token })).toMatchObject({ code: 1 });
    expect(await t.call(revokeConsoleApiKey, { id: row.id }, { token: admin })).toMatchObject({ code: 0 });
    expect(await quota(key)).toMatchObject(refusedWith('keyInvalid'));
    const after = await t.call<{ list: ConsoleApiKeyRow[] }>(
      listConsoleApiKeys,
      { keyword: '运营要撤销' },
      { token: admin },
    );
    expect(after.data.list[0]).toMatchObject({ id: row.id, revoked: 1, revoked_by: 'operator' });
    const audit = await t.ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'api.key.revoke'));
    expect(audit).toHaveLength(1);
  });

  it('turns the API off for the site and for one account, and back on', async () => {
    const key = await newApiKey(t, alice, '开关');
    expect(await t.call(setApiSiteSwitch, { enabled: '0' }, { token: admin })).toMatchObject({
      code: 0,
      msg: m.consoleSiteOff,
    });
    expect(await quota(key)).toMatchObject(refusedWith('siteOff'));
    expect((await keysOf(alice)).access).toEqual({ site: 0, user: 1 });
    await t.call(setApiSiteSwitch, { enabled: '1' }, { token: admin });
    expect((await quota(key)).status).toBe(200);

    expect(await t.call(setApiUserSwitch, { username: alice.username, enabled: '0' }, { token: admin })).toMatchObject({
      code: 0,
      msg: m.consoleUserBlocked,
    });
    expect(await quota(key)).toMatchObject(refusedWith('userOff'));
    expect((await quota(await newApiKey(t, bob, '别人'))).status).toBe(200);
    expect((await keysOf(alice)).access).toEqual({ site: 1, user: 0 });
    const access = await t.call<{ site: number; blocked: { user_id: number }[] }>(
      consoleApiAccess,
      {},
      { token: admin },
    );
    expect(access.data).toMatchObject({ site: 1, blocked: [{ user_id: alice.id }] });
    expect(await t.call(setApiUserSwitch, { username: 'nobody_here', enabled: '0' }, { token: admin })).toMatchObject({
      code: 1,
      msg: m.userMissing,
    });
    await t.call(setApiUserSwitch, { user_id: alice.id, enabled: '1' }, { token: admin });
    expect((await quota(key)).status).toBe(200);

    // A disabled account's keys stop with it.
    await t.call(setUserDisabled, { id: alice.id, disabled: 1 }, { token: admin });
    expect(await quota(key)).toMatchObject(refusedWith('accountDisabled'));
  });
});
