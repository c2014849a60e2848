import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolMessages } from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { createProbe, crash, probeModule, userCount, whoAmI } from '../../../test/probe-module.js';
import { revokeToken, resolveToken } from '../auth/tokens.js';
import { decryptData } from './crypto.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [probeModule] });
});
afterAll(async () => t?.close());

describe('wire protocol', () => {
  it('accepts a signed form call and returns the envelope', async () => {
    const r = await t.call<{ id: number; token: string }>(createProbe, { username: 'alice_1', age: 30 });
    expect(r.code).toBe(0);
    expect(r.data.id).toBeGreaterThan(0);
    const me = await t.call<{ username: string }>(whoAmI, {}, { token: r.data.token });
    expect(me).toMatchObject({ code: 0, data: { username: 'alice_1' } });
  });

  it('refuses a bad signature and a stale timestamp with the two messages', async () => {
    const bad = await t.call(createProbe, { username: 'mallory', age: 1 }, { sign: 'bad' });
    expect(bad).toMatchObject({ code: 1, msg: protocolMessages.badSign });
    const missing = await t.call(createProbe, { username: 'mallory', age: 1 }, { sign: 'none' });
    expect(missing).toMatchObject({ code: 1, msg: protocolMessages.badSign });
    const stale = await t.call(createProbe, { username: 'mallory', age: 1 }, { sign: 'stale' });
    expect(stale).toMatchObject({ code: 1, msg: protocolMessages.expired });
    expect(await userCount(t.ctx, 'mallory')).toBe(0);
  });

  it('replies 接口不存在 for an unknown /api path and method', async () => {
    expect(await t.call({ method: 'GET', path: '/api/nope/never' })).toMatchObject({ code: 1, msg: protocolMessages.notFound });
    expect(await t.call({ method: 'DELETE', path: createProbe.path })).toMatchObject({ code: 1, msg: protocolMessages.notFound });
  });

  it('replies 请先登录 (code 100) without, with an unknown, and with a revoked token', async () => {
    expect(await t.call(whoAmI)).toMatchObject({ code: 100, msg: protocolMessages.login });
    expect(await t.call(whoAmI, {}, { token: 'x'.repeat(43) })).toMatchObject({ code: 100 });
    const r = await t.call<{ token: string }>(createProbe, { username: 'revoked_1', age: 5 });
    const session = await resolveToken(t.ctx.database.db, r.data.token, 0);
    await revokeToken(t.ctx.database.db, session!.tokenId);
    expect(await t.call(whoAmI, {}, { token: r.data.token })).toMatchObject({ code: 100, msg: protocolMessages.login });
  });

  it('hides unexpected exceptions behind 服务器繁忙 without a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${crash.path}?${new URLSearchParams(signed({})).toString()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, msg: protocolMessages.busy, data: null });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('bad input never writes and never 500s', () => {
  const cases: [string, string, string | RegExp][] = [
    ['wrong type', 'username=bobby_1&age=old', /参数 age/],
    ['missing param', 'username=bobby_1', /缺少参数 age|参数 age/],
    ['unknown param', 'username=bobby_1&age=3&admin=1', /不支持的参数：admin/],
    ['10,000-character string', `username=${'a'.repeat(10000)}&age=3`, /参数 username/],
    ['repeated key', 'username=bobby_1&username=bobby_2&age=3', /重复/],
    ['broken percent escape', 'username=bob%ZZby&age=3', protocolMessages.badBody],
    ['invalid UTF-8', 'username=%C3%28bobby&age=3', protocolMessages.badUtf8],
  ];
  for (const [name, body, msg] of cases) {
    it(name, async () => {
      const before = await userCount(t.ctx);
      const params = Object.fromEntries(new URLSearchParams(body));
      const raw = appendSign(body, params);
      const r = await t.call(createProbe, {}, { rawBody: raw });
      expect(r.code).toBe(1);
      if (typeof msg === 'string') expect(r.msg).toBe(msg);
      else expect(r.msg).toMatch(msg);
      expect(await userCount(t.ctx)).toBe(before);
    });
  }

  it('stores SQL and HTML as plain text when they are valid values', async () => {
    for (const username of ["x'; drop table users;--", '<script>alert(1)</script>']) {
      const r = await t.call(createProbe, { username, age: 3 });
      expect(r.code).toBe(0);
      expect(await userCount(t.ctx, username)).toBe(1);
    }
  });

  it('refuses a body over the limit, a JSON body and a malformed body with code 1', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: createProbe.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=' + 'a'.repeat(2 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ code: 1, msg: protocolMessages.tooLarge });
    const json = await t.call(createProbe, {}, { rawBody: '{"username":"jsonny","age":3}', contentType: 'application/json' });
    expect(json).toMatchObject({ code: 1, msg: protocolMessages.badBody });
    const garbage = await t.call(createProbe, {}, { rawBody: Buffer.from([0xff, 0xfe, 0x00, 0x3d]) });
    expect(garbage.code).toBe(1);
  });
});

describe('encrypted data', () => {
  it('sends data as AES-256-CBC base64 with encrypt: 1 when ENCRYPT_DATA=1', async () => {
    const key = 'ab'.repeat(32);
    const iv = 'cd'.repeat(16);
    const e = await buildTestApp({ ENCRYPT_DATA: '1', ENCRYPT_KEY: key, ENCRYPT_IV: iv }, { modules: [probeModule] });
    try {
      const r = await e.call<string>(createProbe, { username: 'crypto_1', age: 9 });
      expect(r.encrypt).toBe(1);
      expect(decryptData(r.data, key, iv)).toMatchObject({ id: expect.any(Number) as number });
    } finally {
      await e.close();
    }
  });
});

function signed(params: Record<string, string>) {
  return signedParams(params, t.config.SIGN_SECRET);
}

/** Signs a raw body the way a client would have signed what it meant to send. */
function appendSign(body: string, params: Record<string, string>) {
  const s = signedParams(params, t.config.SIGN_SECRET);
  return `${body}&nonce=${s.nonce}&timestamp=${s.timestamp}&sign=${s.sign}`;
}
