import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandStorage, getSiteSettings, getStorageSpace, protocolMessages, startGuest } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>数字人</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1);');
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '30', WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const statusOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const unlimited = ['/healthz', '/metrics', '/', '/assets/app.js'];

describe('per-address rate limit', () => {
  it('counts API calls only: health, metrics and the web app answer 200 before and after the API budget is spent', async () => {
    for (const url of unlimited)
      for (let i = 0; i < 40; i++) expect(await statusOf(url), `${url} call ${i + 1}`).toBe(200);

    // None of the 160 calls above was counted: the address still has its 30 API calls.
    for (let i = 0; i < 30; i++) expect((await t.call(getSiteSettings)).code, `API call ${i + 1}`).toBe(0);
    expect(await t.call(getSiteSettings)).toEqual({ code: 1, msg: protocolMessages.tooMany, data: null });

    for (const url of unlimited) expect(await statusOf(url), `${url} once the API budget is spent`).toBe(200);
  });
});

describe('per-account paid-call limit', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await buildTestApp({ PAID_CALLS_PER_MINUTE: '5' });
  });
  afterAll(async () => p?.close());

  const guest = async (x: TestApp) => (await x.call<{ token: string }>(startGuest, {})).data.token;

  it('answers at most PAID_CALLS_PER_MINUTE paid calls of one account at once; other accounts and free calls go on', async () => {
    const [a, b] = [await guest(p), await guest(p)];
    const replies = await Promise.all(Array.from({ length: 12 }, () => p.call(expandStorage, {}, { token: a })));
    const limited = replies.filter((r) => r.msg === protocolMessages.tooMany);
    expect(limited).toHaveLength(7);
    expect(limited.every((r) => r.code === 1)).toBe(true);
    // The five answered ones got the call's own answer (bought, or refused for credits), not the limit.
    expect(replies.filter((r) => r.msg !== protocolMessages.tooMany)).toHaveLength(5);
    expect((await p.call(expandStorage, {}, { token: b })).msg).not.toBe(protocolMessages.tooMany);
    expect((await p.call(getStorageSpace, {}, { token: a })).code).toBe(0);
  });
});
