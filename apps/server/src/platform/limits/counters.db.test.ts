import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSiteSettings, protocolMessages, startGuest, type Envelope } from '@app/contract';
import { buildTestApp, signedParams, testRedisUrl, type TestApp } from '../../../test/helper.js';
import { saveSiteSettings } from '../../modules/site/index.js';
import { databaseCounters, redisCounters, takeSlot, type Counters } from './counters.js';

const redisUrl = testRedisUrl;
let t: TestApp;
let redis: Redis | null = null;
beforeAll(async () => {
  t = await buildTestApp();
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await t?.close();
  await redis?.quit();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stores: [string, () => Counters][] = [
  ['the database', () => databaseCounters(t.ctx.database.db)],
  ...(redisUrl ? [['Redis', () => redisCounters(redis!, `test:${randomUUID()}:`)] as [string, () => Counters]] : []),
];

describe.each(stores)('counters in %s', (_name, make) => {
  it('give every one of 50 parallel hits its own count', async () => {
    const c = make();
    const counts = await Promise.all(Array.from({ length: 50 }, () => c.hit('p', 'x', 60_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await c.peek('p', 'x')).toBe(50);
  });

  it('let exactly the limit through when 200 take a slot at once, and give slots back', async () => {
    const c = make();
    const taken = await Promise.all(Array.from({ length: 200 }, () => takeSlot(c, 's', 'x', 60_000, 20)));
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(await c.peek('s', 'x')).toBe(20);
    await c.giveBack('s', 'x', 3);
    expect(await c.peek('s', 'x')).toBe(17);
    await c.giveBack('s', 'x', 100);
    expect(await c.peek('s', 'x')).toBe(0);
    await c.giveBack('never', 'x');
    expect(await c.peek('never', 'x')).toBe(0);
  });

  it('start a new window once the old one ends, and forget on reset', async () => {
    const c = make();
    await c.hit('w', 'x', 300, 5);
    expect(await c.hit('w', 'x', 300)).toBe(6);
    await sleep(450);
    expect(await c.hit('w', 'x', 300)).toBe(1);
    await c.reset('w', 'x');
    expect(await c.peek('w', 'x')).toBe(0);
  });
});

describe.skipIf(!redisUrl)('two API processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `test:${randomUUID()}:`,
      RATE_LIMIT_PER_MINUTE: '30',
    };
    [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    for (const x of [a, b]) await saveSiteSettings(x.ctx.database.db, { guests_per_ip_hour: 20 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const guestFrom = (x: TestApp, ip: string) =>
    x.app
      .inject({
        method: 'POST',
        url: startGuest.path,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(signedParams({}, x.config.SIGN_SECRET)).toString(),
      })
      .then((r) => r.json<Envelope>());

  it('make at most guests_per_ip_hour guests between them for 200 parallel asks from one address', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => guestFrom(i % 2 ? a : b, '10.50.0.1')));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(20);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.msg === protocolMessages.tooMany)).toBe(true);
  });

  it('share one per-address request budget', async () => {
    const replies: Envelope[] = [];
    for (let i = 0; i < 40; i++) {
      const x = i % 2 ? a : b;
      const res = await x.app.inject({
        method: 'GET',
        url: `${getSiteSettings.path}?${new URLSearchParams(signedParams({}, x.config.SIGN_SECRET)).toString()}`,
        remoteAddress: '10.50.0.2',
      });
      replies.push(res.json<Envelope>());
    }
    expect(replies.filter((r) => r.code === 0)).toHaveLength(30);
    expect(replies.slice(30)).toEqual(Array(10).fill({ code: 1, msg: protocolMessages.tooMany, data: null }));
  });
});
