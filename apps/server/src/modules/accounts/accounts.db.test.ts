import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import {
  accountMessages,
  changePassword,
  getCredits,
  login,
  loginCaptcha,
  logout,
  protocolMessages,
  redeemCode,
  startGuest,
  type AccountCredits,
  type Endpoint,
  type Envelope,
} from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { redeemCodes, users } from '../../db/schema/index.js';
import { createRedeemCodes } from '../billing/index.js';
import { saveSiteSettings } from '../site/index.js';
import { accountsServerMessages } from './messages.js';
import { seedAdmin } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A signed call from a given address (the helper's calls all come from 127.0.0.1). */
async function callFrom<T = unknown>(
  ip: string,
  ep: Endpoint,
  params: Record<string, string | number>,
  token?: string,
) {
  return (await sendFrom(ip, ep, params, token)).json<Envelope<T>>();
}

/** The same, answering the whole response (its cookies); `cookie` is the browser's cookie header. */
function sendFrom(ip: string, ep: Endpoint, params: Record<string, string | number>, token?: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: ep.path,
    remoteAddress: ip,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'x-token': token } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(signedParams(params, t.config.SIGN_SECRET)).toString(),
  });
}

async function drawCaptchaFrom(ip: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${loginCaptcha.path}?${new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString()}`,
    remoteAddress: ip,
  });
  return res.json<Envelope<{ id: string; svg: string }>>();
}

/** Draws an image code whose answer the test knows (the drawing library is asked for a known text). */
async function solvedCaptcha(ip: string): Promise<{ captcha_id: string; captcha: string }> {
  const text = ['ABCD', 'WXYZ', 'MNPQ', 'RSTU'][Math.floor(Math.random() * 4)]!;
  const real = svgCaptcha.create.bind(svgCaptcha);
  const spy = vi.spyOn(svgCaptcha, 'create').mockImplementationOnce((o) => ({ ...real(o), text }));
  const drawn = await drawCaptchaFrom(ip);
  spy.mockRestore();
  expect(drawn.code, drawn.msg).toBe(0);
  return { captcha_id: drawn.data.id, captcha: text };
}

const codes = (n = 1, credits = 500, vipDays = 0) =>
  createRedeemCodes(t.ctx.database.db, { credits, count: n, days: 30, vipDays });
const guest = async () => (await t.call<{ token: string }>(startGuest)).data.token;
const credits = async (token: string) => (await t.call<AccountCredits>(getCredits, {}, { token })).data;

async function register(username: string, password = 'abc12345', token?: string) {
  const [code] = await codes();
  return t.call<{ credits: number; token: string }>(
    redeemCode,
    { username, password, code: code!, client: 'pc' },
    { token },
  );
}

describe('guests', () => {
  it('creates a guest with the trial credits lasting 7 days', async () => {
    const token = await guest();
    const info = await credits(token);
    expect(info).toMatchObject({ is_tourist: 1, credits: 100, total: 1 });
    expect(info.username.startsWith(accountsServerMessages.guestNamePrefix)).toBe(true);
    const expires = new Date(info.details[0]!.expire_time.replace(' ', 'T')).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
  });

  it('uses the trial amount from the site settings', async () => {
    await saveSiteSettings(t.ctx.database.db, { trial_credits: 30 });
    expect((await credits(await guest())).credits).toBe(30);
    await saveSiteSettings(t.ctx.database.db, { trial_credits: 100 });
  });

  it('limits guests per address and hour', async () => {
    await saveSiteSettings(t.ctx.database.db, { guests_per_ip_hour: 2 });
    expect((await callFrom('10.9.0.1', startGuest, {})).code).toBe(0);
    expect((await callFrom('10.9.0.1', startGuest, {})).code).toBe(0);
    expect(await callFrom('10.9.0.1', startGuest, {})).toMatchObject({ code: 1, msg: protocolMessages.tooMany });
    expect((await callFrom('10.9.0.2', startGuest, {})).code).toBe(0);
    await saveSiteSettings(t.ctx.database.db, { guests_per_ip_hour: 1000 });
  });
});

describe('redeem-code registration', () => {
  it('registers, returns credits and a working token, and stores only an argon2id hash', async () => {
    const r = await register('new_user1', 'secret99');
    expect(r).toMatchObject({ code: 0, msg: accountMessages.redeemed, data: { credits: 500 } });
    expect((await credits(r.data.token)).credits).toBe(500);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.username, 'new_user1'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('secret99');
  });

  it('refuses each bad field with its own message and writes nothing', async () => {
    const [code] = await codes();
    const cases: [Record<string, string>, string][] = [
      [{ username: '', password: 'abc12345', code: code! }, accountMessages.credentialsRequired],
      [{ username: 'someone1', password: '', code: code! }, accountMessages.credentialsRequired],
      [{ username: 'someone1', password: 'abc12345', code: '' }, accountMessages.codeRequired],
      [{ username: 'someone1', password: 'abc12345' }, accountMessages.codeRequired],
      [{ password: 'abc12345', code: code! }, accountMessages.credentialsRequired],
      [{ username: 'someone1', code: code! }, accountMessages.credentialsRequired],
      [{ username: 'abc', password: 'abc12345', code: code! }, accountMessages.usernameRule],
      [{ username: 'bad name!', password: 'abc12345', code: code! }, accountMessages.usernameRule],
      [{ username: 'someone1', password: 'abcdefgh', code: code! }, accountMessages.passwordWeak],
      [{ username: 'someone1', password: '12345678', code: code! }, accountMessages.passwordWeak],
      [{ username: 'someone1', password: 'a1b2', code: code! }, accountMessages.passwordWeak],
      [{ username: 'new_user1', password: 'abc12345', code: code! }, accountMessages.usernameTaken],
      [{ username: 'someone1', password: 'abc12345', code: 'NOSUCHCODE000000' }, accountMessages.codeUnknown],
    ];
    for (const [params, msg] of cases)
      expect(await t.call(redeemCode, params), JSON.stringify(params)).toMatchObject({ code: 1, msg });
    expect(await t.ctx.database.db.select().from(users).where(eq(users.username, 'someone1'))).toHaveLength(0);
    const [row] = await t.ctx.database.db.select().from(redeemCodes).where(eq(redeemCodes.code, code!));
    expect(row!.usedAt).toBeNull();
  });

  it('says when a code is used or expired', async () => {
    const [used, expired] = await codes(2);
    expect((await t.call(redeemCode, { username: 'first_one', password: 'abc12345', code: used! })).code).toBe(0);
    expect(await t.call(redeemCode, { username: 'second_one', password: 'abc12345', code: used! })).toMatchObject({
      code: 1,
      msg: accountMessages.codeUsed,
    });
    await t.ctx.database.db
      .update(redeemCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redeemCodes.code, expired!));
    expect(await t.call(redeemCode, { username: 'third_one', password: 'abc12345', code: expired! })).toMatchObject({
      code: 1,
      msg: accountMessages.codeExpired,
    });
  });

  it('accepts a code typed in lower case with dashes', async () => {
    const [code] = await codes();
    const typed = code!.toLowerCase().replace(/(.{4})(?!$)/g, '$1-');
    expect((await t.call(redeemCode, { username: 'typed_code', password: 'abc12345', code: typed })).code).toBe(0);
  });

  it('turns the calling guest into the new account, keeping its credits', async () => {
    const guestToken = await guest();
    const before = await credits(guestToken);
    const r = await register('was_guest', 'abc12345', guestToken);
    expect(r.code).toBe(0);
    const after = await credits(r.data.token);
    expect(after).toMatchObject({ username: 'was_guest', is_tourist: 0, credits: before.credits + 500 });
    const rows = await t.ctx.database.db.select().from(users).where(eq(users.username, before.username));
    expect(rows).toHaveLength(0);
    expect((await t.call(getCredits, {}, { token: guestToken })).code).toBe(100);
  });
});

describe('redeem for the logged-in account', () => {
  it('adds the credits and extends VIP', async () => {
    const { data } = await register('redeemer', 'abc12345');
    const [code] = await codes(1, 300, 10);
    expect(await t.call(redeemCode, { code: code! }, { token: data.token })).toMatchObject({
      code: 0,
      msg: accountMessages.redeemed,
      data: { credits: 300 },
    });
    const info = await credits(data.token);
    expect(info.credits).toBe(800);
    const vip = new Date(info.expire_time.replace(' ', 'T')).getTime();
    expect(Math.abs(vip - (Date.now() + 10 * 86_400_000))).toBeLessThan(120_000);
  });

  it('refuses without a token (code 100), for guests, and without a code', async () => {
    const [code] = await codes();
    expect(await t.call(redeemCode, { code: code! })).toMatchObject({ code: 100 });
    expect(await t.call(redeemCode, { code: code! }, { token: await guest() })).toMatchObject({
      code: 1,
      msg: accountMessages.redeemNeedsLogin,
    });
    const { data } = await register('no_code_user');
    expect(await t.call(redeemCode, { code: ' ' }, { token: data.token })).toMatchObject({
      code: 1,
      msg: accountMessages.codeRequired,
    });
  });
});

describe('login', () => {
  it('logs in and says 登录成功; refuses wrong, unknown and empty credentials', async () => {
    await register('login_ok', 'abc12345');
    const r = await callFrom<{ token: string }>('10.1.0.1', login, {
      username: 'login_ok',
      password: 'abc12345',
      client: 'pc',
    });
    expect(r).toMatchObject({ code: 0, msg: accountMessages.loginDone });
    expect((await credits(r.data.token)).username).toBe('login_ok');
    expect(await callFrom('10.1.0.1', login, { username: 'login_ok', password: 'wrong123' })).toMatchObject({
      code: 1,
      msg: accountMessages.wrongCredentials,
      data: null,
    });
    expect(await callFrom('10.1.0.1', login, { username: 'nobody_here', password: 'abc12345' })).toMatchObject({
      code: 1,
      msg: accountMessages.wrongCredentials,
    });
    expect(await callFrom('10.1.0.1', login, { username: '', password: '' })).toMatchObject({
      code: 1,
      msg: accountMessages.credentialsRequired,
    });
  });

  it('says 请输入账号密码 when username or password is absent altogether, and counts no failure', async () => {
    const absent: Record<string, string>[] = [{ password: 'abc12345' }, { username: 'login_ok' }, {}, { client: 'pc' }];
    for (const params of absent)
      expect(await callFrom('10.1.3.1', login, params)).toEqual({
        code: 1,
        msg: accountMessages.credentialsRequired,
        data: null,
      });
    // Absent fields are refused before any password check, so no failure was recorded for the address.
    const { rows } = await t.ctx.database.executor.executeSql(
      "select count(*)::int as n from rate_counters where key like '%10.1.3.1'",
      [],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('lets the owner in from a browser that logged in before while guesses from elsewhere lock the name', async () => {
    await register('owner_kd', 'abc12345');
    const first = await sendFrom('10.9.0.1', login, { username: 'owner_kd', password: 'abc12345' });
    expect(first.json()).toMatchObject({ code: 0 });
    const note = first.cookies.find((c) => c.name === 'kd');
    expect(note).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/' });
    const owner = `kd=${note!.value}`;
    // Someone else spends the name's failures from other addresses.
    for (let i = 0; i < 6; i++)
      await callFrom(`10.9.1.${i + 1}`, login, { username: 'owner_kd', password: 'guess123' });
    const stranger = await sendFrom('10.9.0.2', login, { username: 'owner_kd', password: 'abc12345' });
    expect(stranger.json()).toMatchObject({ code: 1, msg: accountMessages.loginCaptchaNeeded });
    // A note for another account, or a forged one, does not open it.
    const [id, stamp, mac] = note!.value.split('.');
    const forged = `kd=${Number(id) + 1}.${stamp}.${mac}`;
    expect(
      (await sendFrom('10.9.0.3', login, { username: 'owner_kd', password: 'abc12345' }, undefined, forged)).json(),
    ).toMatchObject({
      code: 1,
      msg: accountMessages.loginCaptchaNeeded,
    });
    // The owner's own browser still logs in with the right password, without an image code.
    const back = await sendFrom('10.9.0.4', login, { username: 'owner_kd', password: 'abc12345' }, undefined, owner);
    expect(back.json()).toMatchObject({ code: 0, msg: accountMessages.loginDone });
    // A wrong password from that browser is still a wrong password.
    expect(
      (await sendFrom('10.9.0.4', login, { username: 'owner_kd', password: 'nope1234' }, undefined, owner)).json(),
    ).toMatchObject({
      code: 1,
      msg: accountMessages.wrongCredentials,
    });
  });

  it('after 5 failures for a username asks for the server image code; the right password with it logs in', async () => {
    await register('target_1', 'abc12345');
    const replies = [];
    for (let i = 0; i < 5; i++)
      replies.push(await callFrom(`10.2.0.${i + 1}`, login, { username: 'target_1', password: 'nope1234' }));
    expect(replies.slice(0, 4).every((r) => r.msg === accountMessages.wrongCredentials)).toBe(true);
    expect(replies[4]).toMatchObject({ code: 1, msg: accountMessages.loginCaptchaNeeded, data: { need_captcha: 1 } });
    const blocked = await callFrom('10.2.0.9', login, { username: 'target_1', password: 'abc12345' });
    expect(blocked).toMatchObject({ code: 1, msg: accountMessages.loginCaptchaNeeded, data: { need_captcha: 1 } });
    // The old client-side flag is no image code.
    expect(
      await callFrom('10.2.0.9', login, { username: 'target_1', password: 'abc12345', captcha: '1' }),
    ).toMatchObject({ code: 1, msg: accountMessages.captchaExpired, data: { need_captcha: 1 } });

    const wrongPassword = await solvedCaptcha('10.2.0.9');
    expect(
      await callFrom('10.2.0.9', login, { username: 'target_1', password: 'nope1234', ...wrongPassword }),
    ).toMatchObject({ code: 1, msg: accountMessages.wrongCredentials, data: { need_captcha: 1 } });
    const right = await solvedCaptcha('10.2.0.9');
    expect(await callFrom('10.2.0.9', login, { username: 'target_1', password: 'abc12345', ...right })).toMatchObject({
      code: 0,
      msg: accountMessages.loginDone,
    });
    // Success forgives the username's failures.
    expect((await callFrom('10.2.0.10', login, { username: 'target_1', password: 'abc12345' })).code).toBe(0);
  });

  it('checks the image code on the server: wrong, reused, unknown and blank codes are refused', async () => {
    await register('captcha_4', 'abc12345');
    const drawn = await drawCaptchaFrom('10.7.0.1');
    expect(drawn.code).toBe(0);
    expect(drawn.data.svg).toMatch(/^<svg[^>]*width="120"[^>]*height="40"/);
    expect(drawn.data.svg).toContain('<path');
    const answer = await solvedCaptcha('10.7.0.1');
    const wrongAnswer = answer.captcha === 'ABCD' ? 'WXYZ' : 'ABCD';
    const cases: [Record<string, string>, string][] = [
      [{ captcha_id: drawn.data.id, captcha: '' }, accountMessages.captchaRequired],
      [{ captcha_id: answer.captcha_id, captcha: wrongAnswer }, accountMessages.captchaWrong],
      // Used up by the wrong answer above: the right one no longer counts.
      [answer, accountMessages.captchaExpired],
      [{ captcha_id: 'f'.repeat(32), captcha: 'ABCD' }, accountMessages.captchaExpired],
    ];
    for (const [code, msg] of cases)
      expect(
        await callFrom('10.7.0.1', login, { username: 'captcha_4', password: 'abc12345', ...code }),
        msg,
      ).toMatchObject({ code: 1, msg, data: { need_captcha: 1 } });
    // Case and surrounding spaces do not matter.
    const again = await solvedCaptcha('10.7.0.1');
    expect(
      (
        await callFrom('10.7.0.1', login, {
          username: 'captcha_4',
          password: 'abc12345',
          captcha_id: again.captcha_id,
          captcha: ` ${again.captcha.toLowerCase()} `,
        })
      ).code,
    ).toBe(0);
  });

  it('counts failures per address across usernames', async () => {
    await register('victim_2', 'abc12345');
    for (let i = 0; i < 20; i++) await callFrom('10.3.0.1', login, { username: `guess_${i}`, password: 'nope1234' });
    expect(await callFrom('10.3.0.1', login, { username: 'victim_2', password: 'abc12345' })).toMatchObject({
      data: { need_captcha: 1 },
    });
    expect((await callFrom('10.3.0.2', login, { username: 'victim_2', password: 'abc12345' })).code).toBe(0);
  });

  it('never locks the owner out: after many failures with image codes the right password with a code still logs in', async () => {
    await register('locked_3', 'abc12345');
    for (let i = 0; i < 25; i++)
      await callFrom(`10.4.${i}.1`, login, {
        username: 'locked_3',
        password: 'nope1234',
        ...(await solvedCaptcha(`10.4.${i}.1`)),
      });
    expect(
      await callFrom('10.4.99.1', login, {
        username: 'locked_3',
        password: 'abc12345',
        ...(await solvedCaptcha('10.4.99.1')),
      }),
    ).toMatchObject({ code: 0 });
  });

  it('limits how many image codes one address draws in 10 minutes', async () => {
    for (let i = 0; i < t.config.LOGIN_CAPTCHAS_PER_10_MINUTES; i++)
      expect((await drawCaptchaFrom('10.8.0.1')).code).toBe(0);
    expect(await drawCaptchaFrom('10.8.0.1')).toMatchObject({ code: 1, msg: accountMessages.captchaTooMany });
    expect((await drawCaptchaFrom('10.8.0.2')).code).toBe(0);
  });

  it('refuses guests, who have no password', async () => {
    const info = await credits(await guest());
    expect(await callFrom('10.5.0.1', login, { username: info.username, password: 'abc12345' })).toMatchObject({
      msg: accountMessages.wrongCredentials,
    });
  });
});

describe('limits hold under parallel calls', () => {
  const guestCount = async () =>
    (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isTourist, 1))).length;

  it('200 guests asked at once from one address make exactly guests_per_ip_hour (20) guests', async () => {
    await saveSiteSettings(t.ctx.database.db, { guests_per_ip_hour: 20 });
    const before = await guestCount();
    const replies = await Promise.all(Array.from({ length: 200 }, () => callFrom('10.20.0.1', startGuest, {})));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(20);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.msg === protocolMessages.tooMany)).toBe(true);
    expect((await guestCount()) - before).toBe(20);
    expect((await callFrom('10.20.0.2', startGuest, {})).code).toBe(0);
    await saveSiteSettings(t.ctx.database.db, { guests_per_ip_hour: 1000 });
  });

  it('100 wrong logins at once from one address get at most 20 answers; the owner still logs in with an image code', async () => {
    await register('parallel_owner', 'abc12345');
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        callFrom('10.21.0.1', login, { username: i % 2 ? 'parallel_owner' : `someone_${i}`, password: 'nope1234' }),
      ),
    );
    const verdicts = replies.filter((r) => r.msg === accountMessages.wrongCredentials);
    const refused = replies.filter((r) => r.msg === accountMessages.loginCaptchaNeeded);
    expect(verdicts.length + refused.length).toBe(100);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.length).toBeLessThanOrEqual(t.config.LOGIN_FAILURES_PER_ADDRESS);
    expect(t.config.LOGIN_FAILURES_PER_ADDRESS).toBe(20);
    expect(refused.every((r) => (r.data as { need_captcha?: number }).need_captcha === 1)).toBe(true);

    // Without the code the right password waits for the window; with a correct code it logs in.
    expect(await callFrom('10.21.0.1', login, { username: 'parallel_owner', password: 'abc12345' })).toMatchObject({
      msg: accountMessages.loginCaptchaNeeded,
    });
    const code = await solvedCaptcha('10.21.0.1');
    expect(
      await callFrom('10.21.0.1', login, { username: 'parallel_owner', password: 'abc12345', ...code }),
    ).toMatchObject({
      code: 0,
      msg: accountMessages.loginDone,
    });
  });
});

describe('password change and logout', () => {
  it('checks each field in order, then revokes every session', async () => {
    const { data } = await register('changer', 'abc12345');
    const other = (await callFrom<{ token: string }>('10.6.0.1', login, { username: 'changer', password: 'abc12345' }))
      .data.token;
    const cases: [Record<string, string>, string][] = [
      [{ old_pass: '', password: 'new12345', confirm: 'new12345' }, accountMessages.oldPasswordRequired],
      [{ old_pass: 'abc12345', password: '', confirm: 'new12345' }, accountMessages.newPasswordRequired],
      [{ old_pass: 'abc12345', password: 'new12345', confirm: '' }, accountMessages.confirmPasswordRequired],
      [{ old_pass: 'abc12345', password: 'new12345', confirm: 'new12346' }, accountMessages.passwordMismatch],
      [{ old_pass: 'abc12345', password: 'newpassword', confirm: 'newpassword' }, accountMessages.passwordWeak],
      [{ old_pass: 'abc99999', password: 'new12345', confirm: 'new12345' }, accountMessages.oldPasswordWrong],
    ];
    for (const [params, msg] of cases)
      expect(await t.call(changePassword, params, { token: data.token })).toMatchObject({ code: 1, msg });
    const absent: [Record<string, string>, string][] = [
      [{ password: 'new12345', confirm: 'new12345' }, accountMessages.oldPasswordRequired],
      [{ old_pass: 'abc12345', confirm: 'new12345' }, accountMessages.newPasswordRequired],
      [{ old_pass: 'abc12345', password: 'new12345' }, accountMessages.confirmPasswordRequired],
    ];
    for (const [params, msg] of absent)
      expect(await t.call(changePassword, params, { token: data.token })).toMatchObject({ code: 1, msg });
    const done = await t.call(
      changePassword,
      { old_pass: 'abc12345', password: 'new12345', confirm: 'new12345' },
      { token: data.token },
    );
    expect(done).toMatchObject({ code: 0, msg: accountMessages.operationDone });
    expect((await t.call(getCredits, {}, { token: data.token })).code).toBe(100);
    expect((await t.call(getCredits, {}, { token: other })).code).toBe(100);
    expect((await callFrom('10.6.0.2', login, { username: 'changer', password: 'abc12345' })).msg).toBe(
      accountMessages.wrongCredentials,
    );
    expect((await callFrom('10.6.0.2', login, { username: 'changer', password: 'new12345' })).code).toBe(0);
  });

  it('refuses without a token, with a revoked token, and for guests', async () => {
    const params = { old_pass: 'abc12345', password: 'new12345', confirm: 'new12345' };
    expect(await t.call(changePassword, params)).toMatchObject({ code: 100, msg: protocolMessages.login });
    const token = await guest();
    expect(await t.call(changePassword, params, { token })).toMatchObject({
      code: 1,
      msg: accountsServerMessages.guestHasNoPassword,
    });
    await t.call(logout, {}, { token });
    expect(await t.call(changePassword, params, { token })).toMatchObject({ code: 100 });
  });

  it('logout revokes only the current token', async () => {
    const { data } = await register('leaver', 'abc12345');
    const other = (await callFrom<{ token: string }>('10.7.0.1', login, { username: 'leaver', password: 'abc12345' }))
      .data.token;
    expect(await t.call(logout, {}, { token: data.token })).toMatchObject({ code: 0, msg: accountMessages.loggedOut });
    expect((await t.call(getCredits, {}, { token: data.token })).code).toBe(100);
    expect((await t.call(getCredits, {}, { token: other })).code).toBe(0);
    expect(await t.call(logout, {}, { token: data.token })).toMatchObject({ code: 100 });
    expect(await t.call(logout)).toMatchObject({ code: 100 });
  });
});

describe('admin account at first start', () => {
  it('exists with the admin role and the configured password', async () => {
    const [admin] = await t.ctx.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toMatchObject({ role: 'admin', isTourist: 0 });
    expect((await callFrom('10.8.0.1', login, { username: 'admin', password: 'admin12345' })).code).toBe(0);
  });

  it('without ADMIN_PASSWORD generates one, prints it once at warn level, and never again', async () => {
    const warn = vi.fn();
    const info = vi.fn();
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: undefined },
      log: { ...t.ctx.log, warn, info },
    };
    await seedAdmin(ctx as typeof t.ctx);
    await seedAdmin(ctx as typeof t.ctx);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![1]);
    const password = /generated password (\S+)/.exec(message)?.[1];
    expect(password).toMatch(/^(?=.*\d)(?=.*[A-Za-z]).{16}$/);
    expect((await callFrom('10.8.0.2', login, { username: 'operator', password: password! })).code).toBe(0);
  });
});
