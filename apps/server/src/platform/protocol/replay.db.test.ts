import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandStorage, getCredits, protocolMessages, signaturePayload, STORAGE_EXPANSION } from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { requestNonces } from '../../db/schema/index.js';
import { testLedger } from '../../modules/billing/testing/ledger.js';
import { newAccount } from '../../../test/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = async (path: string, body: Record<string, string>, token: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    })
  ).json<{ code: number; msg: string }>();

/** Signed as a client following the spec signs: timestamp and sign only, no nonce. */
function specSigned(params: Record<string, string> = {}): Record<string, string> {
  const flat = { ...params, timestamp: String(Math.floor(Date.now() / 1000)) };
  return { ...flat, sign: createHash('md5').update(signaturePayload(flat, t.config.SIGN_SECRET)).digest('hex') };
}

describe('replayed signed calls', () => {
  it('forgets signatures whose window has passed', async () => {
    await t.ctx.database.db
      .insert(requestNonces)
      .values({ key: 'f'.repeat(64), expiresAt: new Date(Date.now() - 1000) });
    const m = await newAccount(t);
    expect((await post(expandStorage.path, signedParams({}, t.config.SIGN_SECRET), m.token)).code).toBe(1);
    const [left] = await t.ctx.database.db.select({ n: count() }).from(requestNonces);
    // Only the call just made is remembered; the expired row was swept.
    expect(left?.n).toBe(1);
  });

  it('refuses the same signed spaceExpand body sent twice and charges once', async () => {
    const m = await newAccount(t, { credits: 12_000 });
    const body = signedParams({}, t.config.SIGN_SECRET);
    expect(await post(expandStorage.path, body, m.token)).toMatchObject({ code: 0 });
    expect(await post(expandStorage.path, body, m.token)).toEqual({
      code: 1,
      msg: protocolMessages.replayed,
      data: null,
    });
    // The signature check accepts upper-case hex too; that is the same signature.
    expect(await post(expandStorage.path, { ...body, sign: body.sign!.toUpperCase() }, m.token)).toMatchObject({
      code: 1,
      msg: protocolMessages.replayed,
    });
    expect(await testLedger(t.ctx.database.db).balance(m.id)).toBe(12_000 - STORAGE_EXPANSION.credits);
    expect(protocolMessages.replayed).toBe('请求重复，请刷新后重试');
  });

  it('accepts the same write again with a fresh nonce, and the same signature from another account', async () => {
    const a = await newAccount(t, { credits: 20_000 });
    const b = await newAccount(t, { credits: 12_000 });
    expect((await t.call(expandStorage, {}, { token: a.token })).code).toBe(0);
    expect((await t.call(expandStorage, {}, { token: a.token })).code).toBe(0);
    // Two accounts' spec-signed calls in one second carry the same signature; neither replays the other.
    const body = specSigned();
    expect(await post(expandStorage.path, body, a.token)).toMatchObject({ code: 0 });
    expect(await post(expandStorage.path, body, b.token)).toMatchObject({ code: 0 });
    expect(await testLedger(t.ctx.database.db).balance(a.id)).toBe(20_000 - 3 * STORAGE_EXPANSION.credits);
    expect(await testLedger(t.ctx.database.db).balance(b.id)).toBe(12_000 - STORAGE_EXPANSION.credits);
  });

  it('answers a replayed GET as often as it is sent', async () => {
    const m = await newAccount(t, { credits: 100 });
    const url = `${getCredits.path}?${new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString()}`;
    for (let i = 0; i < 3; i++) {
      const r = (await t.app.inject({ method: 'GET', url, headers: { 'x-token': m.token } })).json<{ code: number }>();
      expect(r.code, `GET ${i + 1}`).toBe(0);
    }
  });
});
