import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolMessages, type Endpoint } from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { crash as probeCrash, createProbe, probeModule } from '../../../test/probe-module.js';
import { featureModules } from '../../modules/index.js';

let t: TestApp;
let endpoints: Endpoint[];
let token = '';

// A small deterministic PRNG so a failure can be replayed.
let seed = 20261122;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const nasty = [
  '',
  '0',
  '-1',
  '99999999999999999999',
  '1.5',
  'abc',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '中文名称',
  '😀'.repeat(20),
  'a'.repeat(10_000),
  '\u0000\u0001',
  'ab\u0000cd',
  '名字\u001b[31m',
  '2147483648',
  '-2147483649',
  '1,2147483648',
  '../../etc/passwd',
  '%',
  '%E0%A4%A',
  '{"a":1}',
  'null',
  'true',
];

function randomParams(ep: Endpoint): Record<string, string> {
  const keys = Object.keys(ep.params.shape);
  const params: Record<string, string> = {};
  for (const k of keys) if (rand() < 0.7) params[k] = pick(nasty);
  if (rand() < 0.2) params[pick(['x', 'admin', 'role', '__proto__', 'constructor'])] = pick(nasty);
  return params;
}

function encodeBody(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) =>
      v === '%' || v.startsWith('%E0')
        ? `${encodeURIComponent(k)}=${v}`
        : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    )
    .join('&');
}

beforeAll(async () => {
  t = await buildTestApp({}, { modules: [probeModule] });
  const modules = [...featureModules, probeModule];
  endpoints = modules.flatMap((m) => m.routes?.(t.ctx, { modules }) ?? []).map((r) => r.endpoint);
  const r = await t.call<{ token: string }>(createProbe, { username: 'fuzzer', age: 1 });
  token = r.data.token;
});
afterAll(async () => t?.close());

describe('fuzz: random requests across every registered route', () => {
  it('always answers the envelope, never a 5xx', async () => {
    expect(endpoints.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const ep = pick(endpoints);
      const method = rand() < 0.9 ? ep.method : pick(['GET', 'POST', 'DELETE'] as const);
      const params = randomParams(ep);
      const mode = pick(['ok', 'ok', 'ok', 'bad', 'stale', 'none'] as const);
      const signed = { ...params, ...signedParams(params, t.config.SIGN_SECRET, mode) };
      const body = encodeBody(signed);
      const headers: Record<string, string> = {};
      const who = rand();
      if (who < 0.6) headers['x-token'] = token;
      else if (who < 0.8)
        headers['x-token'] = pick(nasty)
          .slice(0, 200)
          .replace(/[^\x20-\x7e]/g, '');
      if (method !== 'GET')
        headers['content-type'] = pick([
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded',
          'application/json',
          'text/plain',
        ]);
      const res = await t.app.inject({
        method,
        url: method === 'GET' ? `${ep.path}?${body}` : ep.path,
        headers,
        payload: method === 'GET' ? undefined : body,
      });
      expect(res.statusCode, `${method} ${ep.path} ${body.slice(0, 200)}`).toBe(200);
      const json = res.json<{ code: number; msg: string; data: unknown }>();
      expect([0, 1, 100]).toContain(json.code);
      expect(typeof json.msg).toBe('string');
      expect(json.msg).not.toMatch(/at .*\.(ts|js):\d+|Error:|stack/i);
      // A database error answers 服务器繁忙: no input may reach the database as an error (the probe's
      // crash route throws on purpose).
      if (ep.path !== probeCrash.path) expect(json.msg, `${method} ${ep.path} ${body.slice(0, 200)}`).not.toBe(protocolMessages.busy);
      if (json.code !== 0) expect(JSON.stringify(json.data ?? null)).not.toMatch(/\.(ts|js):\d+/);
      seen.add(ep.path);
    }
    expect(seen.size).toBe(new Set(endpoints.map((e) => e.path)).size);
  }, 300_000);
});

describe('control characters', () => {
  it('are refused in every param of every route, naming the param, before anything else runs', async () => {
    for (const ep of endpoints)
      for (const key of Object.keys(ep.params.shape)) {
        const params = { [key]: `ab\u0000cd` };
        const signed = { ...params, ...signedParams(params, t.config.SIGN_SECRET, 'ok') };
        const body = encodeBody(signed);
        const res = await t.app.inject({
          method: ep.method,
          url: ep.method === 'GET' ? `${ep.path}?${body}` : ep.path,
          headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
          payload: ep.method === 'GET' ? undefined : body,
        });
        expect(res.json(), `${ep.method} ${ep.path} ${key}`).toMatchObject({ code: 1, msg: `参数 ${key}：不能包含控制字符` });
      }
  });

  it('lets tab, line feed and carriage return through in text', async () => {
    const params = { username: 'fu\tzz\r\ner', age: '1' };
    const signed = { ...params, ...signedParams(params, t.config.SIGN_SECRET, 'ok') };
    const res = await t.app.inject({
      method: createProbe.method,
      url: createProbe.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: encodeBody(signed),
    });
    expect(res.json()).toMatchObject({ code: 0 });
  });
});
