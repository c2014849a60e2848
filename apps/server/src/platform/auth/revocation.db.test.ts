import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits, logout, resetUserPassword, setUserDisabled } from '@app/contract';
import { backend, buildTestApp, type TestApp } from '../../../test/helper.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

/**
 * Two API processes on one PostgreSQL database, each caching sessions for its reads
 * (SESSION_CACHE_SECONDS=30 here, far longer than the test waits): a token revoked through one is
 * refused by the other within a second, because the revocation is announced when it commits.
 * (The embedded database has one process, which evicts its own cache at once.)
 */
let a: TestApp;
let b: TestApp;
let adminToken: string;

beforeAll(async () => {
  if (backend !== 'postgres') return;
  a = await buildTestApp({ SESSION_CACHE_SECONDS: '30' });
  b = await buildTestApp({ SESSION_CACHE_SECONDS: '30', DATABASE_URL: a.config.DATABASE_URL!, ROLE: 'api' });
  adminToken = await loginAs(a, 'admin', 'admin12345');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Asks process b for the balance until it answers with `code`, for at most 1 s; returns how long it took. */
async function bAnswers(token: string, code: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const r = await b.call(getCredits, {}, { token });
    if (r.code === code) return Date.now() - start;
    if (Date.now() - start > 1000) throw new Error(`process b still answers ${r.code} after 1 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(backend !== 'postgres')('revocation reaches every API process', () => {
  it.each([
    ['logout', async (id: number, token: string) => a.call(logout, {}, { token })],
    ['password reset', async (id: number) => a.call(resetUserPassword, { id, password: 'new12345b' }, { token: adminToken })],
    ['disabling', async (id: number) => a.call(setUserDisabled, { id, disabled: 1 }, { token: adminToken })],
  ])('after %s, the other process refuses the token within a second', async (_what, revoke) => {
    const m = await registerAccount(a, adminToken);
    const token = await loginAs(a, m.username, 'abc12345');
    // b has the session in its cache.
    expect((await b.call(getCredits, {}, { token })).code).toBe(0);
    expect((await b.call(getCredits, {}, { token })).code).toBe(0);
    expect((await revoke(m.id, token)).code).toBe(0);
    const ms = await bAnswers(token, 100);
    expect(ms).toBeLessThan(1000);
  });
});
