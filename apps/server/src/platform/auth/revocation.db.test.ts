import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits, logout, resetUserPassword, setUserDisabled } from '@app/contract';
import { backend, buildTestApp, testRedisUrl, type TestApp } from '../../../test/helper.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

/**
 * API processes on one PostgreSQL database, each caching sessions for its reads
 * (SESSION_CACHE_SECONDS=30 here, far longer than the test waits): a token revoked through a is
 * refused by the others within a second, because the revocation is announced. b hears it from
 * PostgreSQL when it commits; with Redis configured, viaRedis hears it through Redis pub/sub alone (it
 * does not listen to PostgreSQL, as behind a proxy where LISTEN does not reach), while deaf, on the
 * same database without either, keeps serving it from its cache. (The embedded database has one
 * process, which evicts its own cache at once.)
 */
const redisUrl = testRedisUrl ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` within a second. */
async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const shared = backend === 'postgres';
// Without a Redis answering here, the Redis half is skipped.
const redis =
  shared && (await reachable(redisUrl)) ? { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomUUID()}:` } : null;

let a: TestApp;
let b: TestApp;
let viaRedis: TestApp | undefined;
let deaf: TestApp | undefined;
let adminToken: string;

beforeAll(async () => {
  if (!shared) return;
  a = await buildTestApp({ SESSION_CACHE_SECONDS: '30', ...redis });
  const other = { SESSION_CACHE_SECONDS: '30', DATABASE_URL: a.config.DATABASE_URL!, ROLE: 'api' };
  b = await buildTestApp(other);
  if (redis) {
    viaRedis = await buildTestApp({ ...other, ...redis }, { listenForSessions: false });
    deaf = await buildTestApp(other, { listenForSessions: false });
  }
  adminToken = await loginAs(a, 'admin', 'admin12345');
});
afterAll(async () => {
  await deaf?.close();
  await viaRedis?.close();
  await b?.close();
  await a?.close();
});

/** Asks `app` for the balance until it answers with `code`, for at most 1 s; returns how long it took. */
async function answers(app: TestApp, token: string, code: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const r = await app.call(getCredits, {}, { token });
    if (r.code === code) return Date.now() - start;
    if (Date.now() - start > 1000) throw new Error(`still answers ${r.code} after 1 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const revocations: [string, (id: number, token: string) => Promise<{ code: number }>][] = [
  ['logout', async (_id, token) => a.call(logout, {}, { token })],
  ['password reset', async (id) => a.call(resetUserPassword, { id, password: 'new12345b' }, { token: adminToken })],
  ['disabling', async (id) => a.call(setUserDisabled, { id, disabled: 1 }, { token: adminToken })],
];

/** A fresh account's token, with the session in the cache of each of `apps`. */
async function cachedSession(apps: TestApp[]) {
  const m = await registerAccount(a, adminToken);
  const token = await loginAs(a, m.username, 'abc12345');
  for (const app of [...apps, ...apps]) expect((await app.call(getCredits, {}, { token })).code).toBe(0);
  return { id: m.id, token };
}

describe.skipIf(!shared)('revocation reaches every API process', () => {
  it.each(revocations)('after %s, the other process refuses the token within a second', async (_what, revoke) => {
    const { id, token } = await cachedSession([b]);
    expect((await revoke(id, token)).code).toBe(0);
    expect(await answers(b, token, 100)).toBeLessThan(1000);
  });
});

describe.skipIf(!redis)('revocation through Redis pub/sub', () => {
  it.each(revocations)(
    'after %s, a process that hears only Redis refuses the token within a second',
    async (_what, revoke) => {
      const { id, token } = await cachedSession([viaRedis!, deaf!]);
      expect((await revoke(id, token)).code).toBe(0);
      expect(await answers(viaRedis!, token, 100)).toBeLessThan(1000);
      // Without Redis and LISTEN, deaf still serves the revoked token from its cache: Redis carried it.
      expect((await deaf!.call(getCredits, {}, { token })).code).toBe(0);
    },
  );
});
