import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandStorage, getCredits, logout, protocolMessages } from '@app/contract';
import { backend, buildTestApp, type TestApp } from '../../../test/helper.js';
import { createProbe, probeModule, whoAmI } from '../../../test/probe-module.js';
import { userTokens } from '../../db/schema/index.js';
import { testLedger } from '../../modules/billing/testing/ledger.js';
import { hashToken, resolveToken, TOKEN_TTL_DAYS } from './tokens.js';
import { newAccount } from '../../../test/accounts.js';

const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [probeModule] });
});
afterAll(async () => t?.close());

async function newSession(username: string): Promise<string> {
  const r = await t.call<{ token: string }>(createProbe, { username, age: 20 });
  expect(r.code).toBe(0);
  return r.data.token;
}

const rowOf = async (token: string) => {
  const [row] = await t.ctx.database.db
    .select()
    .from(userTokens)
    .where(eq(userTokens.tokenHash, hashToken(token)));
  if (!row) throw new Error('no token row');
  return row;
};

describe('login tokens', () => {
  it('stores only the sha256 of the token, never the token itself', async () => {
    const token = await newSession('hash_only');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.ctx.database.executor.executeSql('select * from user_tokens');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    const row = await rowOf(token);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an expired token (unused for more than 30 days) gets code 100 请先登录', async () => {
    const token = await newSession('expired_1');
    const old = new Date(Date.now() - (TOKEN_TTL_DAYS + 1) * DAY_MS);
    await t.ctx.database.db
      .update(userTokens)
      .set({ createdAt: old, lastUsedAt: old, expiresAt: new Date(old.getTime() + TOKEN_TTL_DAYS * DAY_MS) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(await t.call(whoAmI, {}, { token })).toEqual({ code: 100, msg: protocolMessages.login, data: null });
  });

  it('using a token slides its expiry to 30 days from now', async () => {
    const token = await newSession('sliding_1');
    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
    await t.ctx.database.db
      .update(userTokens)
      .set({ lastUsedAt: tenDaysAgo, expiresAt: new Date(tenDaysAgo.getTime() + TOKEN_TTL_DAYS * DAY_MS) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const before = await rowOf(token);
    expect(before.expiresAt.getTime()).toBeLessThan(Date.now() + 21 * DAY_MS);

    const started = Date.now();
    expect(await t.call(whoAmI, {}, { token })).toMatchObject({ code: 0, data: { username: 'sliding_1' } });
    const after = await rowOf(token);
    expect(after.expiresAt.getTime()).toBeGreaterThanOrEqual(started + TOKEN_TTL_DAYS * DAY_MS - 1000);
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + TOKEN_TTL_DAYS * DAY_MS + 1000);
    expect(after.lastUsedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const [{ n } = { n: -1 }] = await t.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(n).toBe(1);
  });

  it('remembers a checked token for the cache time only; with 0 every call looks it up', async () => {
    const token = await newSession('cached_1');
    const db = t.ctx.database.db;
    expect((await resolveToken(db, token, 5_000))?.username).toBe('cached_1');
    // Revoked by another process: this one still trusts its cached answer for a few seconds...
    await db
      .update(userTokens)
      .set({ revokedAt: new Date() })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect((await resolveToken(db, token, 5_000))?.username).toBe('cached_1');
    // ...unless caching is off (SESSION_CACHE_SECONDS=0).
    expect(await resolveToken(db, token, 0)).toBeNull();
  });
});

describe('logout across API processes', () => {
  // Two processes need a shared server database; the embedded one has a single owner process.
  it.runIf(backend === 'postgres')(
    'a token logged out on one process is refused at once by another for a spending call, even with the session cached',
    async () => {
      const other = await buildTestApp({
        DATABASE_URL: t.config.DATABASE_URL ?? '',
        ROLE: 'api',
        SESSION_CACHE_SECONDS: '60',
      });
      try {
        const m = await newAccount(t, { credits: 20_000 });
        // The other process has the session in its cache from a read.
        expect((await other.call(getCredits, {}, { token: m.token })).code).toBe(0);
        expect((await t.call(logout, {}, { token: m.token })).code).toBe(0);

        expect(await other.call(expandStorage, {}, { token: m.token })).toEqual({
          code: 100,
          msg: protocolMessages.login,
          data: null,
        });
        expect(await testLedger(t.ctx.database.db).balance(m.id)).toBe(20_000);
        // The refusal above came from a fresh lookup, not from the announcement that also drops the
        // session from the other process's read cache (revocation.db.test.ts times that).
      } finally {
        await other.close();
      }
    },
  );
});
