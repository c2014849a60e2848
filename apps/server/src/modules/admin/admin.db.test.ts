import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accountMessages,
  adjustUserCredits,
  adminEndpoints,
  adminMessages,
  consoleSession,
  consoleUserDetail,
  createCodeBatch,
  exportCodeBatch,
  getCredits,
  listAudit,
  listCodeBatches,
  listCodes,
  listConsoleUsers,
  login,
  protocolMessages,
  redeemCode,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  setUserVip,
  startGuest,
  voidCodes,
  adminSiteEndpoints,
  consoleDashboard,
  listConsoleChannels,
  saveConsoleChannel,
  channelConsoleMessages,
  type ConsoleChannel,
  type ConsoleDashboard,
  deleteConsoleNotice,
  getConsoleSite,
  getNotices,
  getSiteSettings,
  listConsoleNotices,
  publishConsoleNotice,
  saveConsoleNotice,
  saveConsoleSite,
  saveConsoleSiteText,
  getAgreement,
  siteConsoleMessages,
  type ConsoleNotice,
  type ConsoleSiteSettings,
  type AuditRow,
  type CodeRow,
  type ConsoleUserDetail,
  type Endpoint,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { adminAudit, creditLogs, redeemCodes, users } from '../../db/schema/index.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

let t: TestApp;
let admin: string;
let operator: string;
let operatorId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
  const op = await member('ops_one');
  operatorId = op.id;
  expect(await t.call(setUserRole, { id: op.id, role: 'operator' }, { token: admin })).toMatchObject({ code: 0 });
  operator = await loginAs(t, 'ops_one', 'abc12345');
});
afterAll(async () => t?.close());

const db = () => t.ctx.database.db;
/** A registered account made with a one-credit code. */
const member = (username?: string) => registerAccount(t, admin, { username });
const auditOf = (action: string) => db().select().from(adminAudit).where(eq(adminAudit.action, action));

/** Params that pass validation for each console call, so a refusal can only come from the role check. */
const validParams = (userId: number): Record<string, Record<string, string | number>> => ({
  consoleSession: {},
  listConsoleUsers: {},
  consoleUserDetail: { id: userId },
  adjustUserCredits: { id: userId, credits: 5, reason: '测试' },
  setUserVip: { id: userId, expire_time: '' },
  resetUserPassword: { id: userId, password: 'abc12345' },
  setUserDisabled: { id: userId, disabled: 0 },
  setUserRole: { id: userId, role: 'user' },
  listAudit: {},
  createCodeBatch: { batch: 'role-check', count: 1, credits: 1, days: 1 },
  listCodes: {},
  listCodeBatches: {},
  exportCodeBatch: { batch: 'role-check' },
  voidCodes: { batch: 'role-check' },
  getConsoleSite: {},
  consoleDashboard: {},
  listConsoleChannels: {},
  saveConsoleChannel: { kind: 'video', api: 'local', name: 'role-check', credits: 1, enabled: 1 },
  saveConsoleSite: { site_title: 'role-check' },
  saveConsoleSiteText: { key: 'credits_rule', title: 'x', content: 'role-check' },
  listConsoleNotices: {},
  saveConsoleNotice: { title: 'role-check', content: 'x' },
  publishConsoleNotice: { id: 1, published: 0 },
  deleteConsoleNotice: { id: 1 },
});

describe('who may use the console', () => {
  it('refuses members and guests with a clear code 1, callers without a token with code 100', async () => {
    const m = await member();
    const guest = (await t.call<{ token: string }>(startGuest)).data.token;
    const params = validParams(m.id);
    const all = { ...adminEndpoints, ...adminSiteEndpoints, consoleDashboard, listConsoleChannels, saveConsoleChannel };
    for (const [name, ep] of Object.entries(all) as [string, Endpoint][]) {
      const expected = ep.auth === 'admin' ? protocolMessages.forbidden : protocolMessages.consoleOnly;
      for (const token of [m.token, guest])
        expect(await t.call(ep, params[name], { token }), name).toMatchObject({ code: 1, msg: expected });
      expect(await t.call(ep, params[name]), name).toMatchObject({ code: 100, msg: protocolMessages.login });
    }
    // Nothing above may have changed anything.
    expect(await db().select().from(redeemCodes).where(eq(redeemCodes.batch, 'role-check'))).toHaveLength(0);
    expect((await t.call<{ site_title: string }>(getSiteSettings)).data.site_title).not.toBe('role-check');
  });

  it('lets an operator do everything but change roles', async () => {
    const m = await member();
    expect(await t.call(consoleSession, {}, { token: operator })).toMatchObject({
      code: 0,
      data: { role: 'operator' },
    });
    expect(await t.call(setUserRole, { id: m.id, role: 'admin' }, { token: operator })).toMatchObject({
      code: 1,
      msg: protocolMessages.forbidden,
    });
    expect(
      await t.call(adjustUserCredits, { id: m.id, credits: 3, reason: '补偿' }, { token: operator }),
    ).toMatchObject({
      code: 0,
    });
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, m.id));
    expect(row!.role).toBe('user');
  });

  it('lets the admin change roles, never their own, and audits it', async () => {
    const m = await member();
    expect(await t.call(setUserRole, { id: m.id, role: 'operator' }, { token: admin })).toMatchObject({ code: 0 });
    // The promoted account's existing session gets the console at once.
    expect(await t.call(consoleSession, {}, { token: m.token })).toMatchObject({ code: 0 });
    expect(await t.call(setUserRole, { id: m.id, role: 'user' }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call(consoleSession, {}, { token: m.token })).toMatchObject({ code: 1 });
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    expect(await t.call(setUserRole, { id: me!.id, role: 'user' }, { token: admin })).toMatchObject({
      code: 1,
      msg: adminMessages.selfRole,
    });
    const rows = (await auditOf('user.role')).filter((r) => r.target === `user:${m.id}`);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ role: 'user' }, { role: 'operator' }],
      [{ role: 'operator' }, { role: 'user' }],
    ]);
    expect(rows[0]).toMatchObject({ actorName: 'admin' });
  });
});

describe('users screen', () => {
  it('searches accounts and lists guests apart', async () => {
    const m = await member('findme_42');
    await t.call(startGuest);
    const found = await t.call<{ list: { id: number; credits: number }[]; total: number }>(
      listConsoleUsers,
      { keyword: 'findme' },
      { token: operator },
    );
    expect(found.data).toMatchObject({ total: 1, list: [{ id: m.id, credits: 1, is_tourist: 0 }] });
    const guests = await t.call<{ list: { is_tourist: number }[]; total: number }>(
      listConsoleUsers,
      { type: 'guest' },
      { token: operator },
    );
    expect(guests.data.total).toBeGreaterThan(0);
    expect(guests.data.list.every((g) => g.is_tourist === 1)).toBe(true);
    // A search for "%" looks for that character, not for everything.
    expect((await t.call<{ total: number }>(listConsoleUsers, { keyword: '%' }, { token: operator })).data.total).toBe(
      0,
    );
  });

  it('adjusts credits as a ledger entry with the reason, refuses to take more than there is', async () => {
    const m = await member();
    const add = await t.call(
      adjustUserCredits,
      { id: m.id, credits: 120, days: 10, reason: '活动补偿' },
      { token: operator },
    );
    expect(add).toMatchObject({ code: 0, msg: adminMessages.adjusted, data: { credits: 121 } });
    const take = await t.call(adjustUserCredits, { id: m.id, credits: -21, reason: '误发扣回' }, { token: operator });
    expect(take).toMatchObject({ code: 0, data: { credits: 100 } });
    expect(
      await t.call(adjustUserCredits, { id: m.id, credits: -101, reason: '扣回' }, { token: operator }),
    ).toMatchObject({
      code: 1,
      msg: adminMessages.insufficient,
    });
    expect(await t.call(adjustUserCredits, { id: m.id, credits: 0, reason: '零' }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.adjustZero,
    });
    expect(await t.call(adjustUserCredits, { id: m.id, credits: 5, reason: '  ' }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.reasonRequired,
    });
    expect(await t.call(adjustUserCredits, { id: 999999, credits: 5, reason: 'x' }, { token: operator })).toMatchObject(
      {
        code: 1,
        msg: adminMessages.userMissing,
      },
    );
    const log = await db().select().from(creditLogs).where(eq(creditLogs.userId, m.id));
    expect(log.map((l) => [l.actionName, l.credits])).toEqual(
      expect.arrayContaining([
        ['活动补偿', 120],
        ['误发扣回', -21],
      ]),
    );
    expect((await t.call<{ credits: number }>(getCredits, {}, { token: m.token })).data.credits).toBe(100);
    const audit = (await auditOf('user.credits')).filter((r) => r.target === `user:${m.id}`);
    expect(audit.map((a) => [a.actorName, a.before, a.after])).toEqual([
      ['ops_one', { credits: 1 }, { credits: 121, change: 120, reason: '活动补偿', days: 10 }],
      ['ops_one', { credits: 121 }, { credits: 100, change: -21, reason: '误发扣回' }],
    ]);
    const detail = await t.call<ConsoleUserDetail>(consoleUserDetail, { id: m.id }, { token: operator });
    expect(detail.data).toMatchObject({
      user: { id: m.id, credits: 100 },
      counts: { works: 0, voices: 0, avatars: 0 },
      storage: { used_mb: 0 },
    });
    expect(detail.data.log[0]).toMatchObject({ action_name: '误发扣回', credits: -21 });
  });

  it('sets and clears VIP expiry, checking the format', async () => {
    const m = await member();
    expect(
      await t.call(setUserVip, { id: m.id, expire_time: '2031-02-03 04:05:06' }, { token: operator }),
    ).toMatchObject({
      code: 0,
    });
    expect((await t.call<{ expire_time: string }>(getCredits, {}, { token: m.token })).data.expire_time).toBe(
      '2031-02-03 04:05:06',
    );
    for (const bad of ['2031-02-30 00:00:00', 'tomorrow', '2031-02-03'])
      expect(await t.call(setUserVip, { id: m.id, expire_time: bad }, { token: operator })).toMatchObject({
        code: 1,
        msg: adminMessages.vipFormat,
      });
    expect(await t.call(setUserVip, { id: m.id, expire_time: '' }, { token: operator })).toMatchObject({ code: 0 });
    const audit = (await auditOf('user.vip')).filter((r) => r.target === `user:${m.id}`);
    expect(audit.map((a) => a.after)).toEqual([{ vip_expire_time: '2031-02-03 04:05:06' }, { vip_expire_time: '' }]);
  });

  it('resets a password: old sessions end, the new password logs in, the password is not audited', async () => {
    const m = await member();
    expect(await t.call(resetUserPassword, { id: m.id, password: 'short' }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.passwordRule,
    });
    expect(await t.call(resetUserPassword, { id: m.id, password: 'newpass99' }, { token: operator })).toMatchObject({
      code: 0,
    });
    expect(await t.call(getCredits, {}, { token: m.token })).toMatchObject({ code: 100 });
    await loginAs(t, m.username, 'newpass99');
    const audit = (await auditOf('user.password')).filter((r) => r.target === `user:${m.id}`);
    expect(JSON.stringify(audit)).not.toContain('newpass99');
    expect(audit).toHaveLength(1);
  });

  it('disabling revokes every token at once and refuses login; enabling lets them back in', async () => {
    const m = await member();
    const second = await loginAs(t, m.username, 'abc12345');
    // Warm the session cache on a read, which may trust it for a few seconds.
    expect(await t.call(getCredits, {}, { token: second })).toMatchObject({ code: 0 });
    expect(await t.call(setUserDisabled, { id: m.id, disabled: 1 }, { token: operator })).toMatchObject({
      code: 0,
      msg: adminMessages.disabled,
    });
    for (const token of [m.token, second]) expect(await t.call(getCredits, {}, { token })).toMatchObject({ code: 100 });
    expect(await t.call(login, { username: m.username, password: 'abc12345' })).toMatchObject({
      code: 1,
      msg: accountMessages.accountDisabled,
    });
    expect(await t.call(setUserDisabled, { id: operatorId, disabled: 1 }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.selfDisable,
    });
    expect(await t.call(setUserDisabled, { id: m.id, disabled: 0 }, { token: operator })).toMatchObject({ code: 0 });
    await loginAs(t, m.username, 'abc12345');
    const audit = (await auditOf('user.disable'))
      .concat(await auditOf('user.enable'))
      .filter((r) => r.target === `user:${m.id}`);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.disable', { disabled: 0 }, { disabled: 1 }],
      ['user.enable', { disabled: 1 }, { disabled: 0 }],
    ]);
  });
});

describe('redeem code batches', () => {
  it('makes 10,000 unique codes in one batch', async () => {
    const r = await t.call(
      createCodeBatch,
      { batch: '双十一', count: 10_000, credits: 100, days: 30 },
      { token: operator },
    );
    expect(r).toMatchObject({
      code: 0,
      data: { batch: '双十一', count: 10_000 },
      msg: adminMessages.codesMade(10_000),
    });
    const rows = await db().select({ code: redeemCodes.code }).from(redeemCodes).where(eq(redeemCodes.batch, '双十一'));
    expect(new Set(rows.map((c) => c.code)).size).toBe(10_000);
    expect(
      await t.call(createCodeBatch, { batch: 'x', count: 10_001, credits: 1, days: 1 }, { token: operator }),
    ).toMatchObject({
      code: 1,
    });
  });

  it('lists with filters, exports CSV, voids unused codes, and a voided code cannot be redeemed', async () => {
    await t.call(
      createCodeBatch,
      { batch: 'shop-a', count: 3, credits: 50, days: 7, vip_days: 2, expire_days: 5 },
      { token: operator },
    );
    const codes = (
      await t.call<{ list: CodeRow[]; total: number }>(listCodes, { batch: 'shop-a' }, { token: operator })
    ).data;
    expect(codes.total).toBe(3);
    expect(codes.list[0]).toMatchObject({ credits: 50, days: 7, vip_days: 2, state: 'unused', batch: 'shop-a' });
    const used = codes.list[0]!;
    const reg = await t.call(redeemCode, { username: 'buyer_1', password: 'abc12345', code: used.code });
    expect(reg.code).toBe(0);

    const usedList = await t.call<{ list: CodeRow[] }>(
      listCodes,
      { batch: 'shop-a', state: 'used' },
      { token: operator },
    );
    expect(usedList.data.list).toEqual([
      expect.objectContaining({ code: used.code, used_by: 'buyer_1', state: 'used' }),
    ]);
    expect(usedList.data.list[0]!.used_time).not.toBe('');

    const csv = await t.call<{ filename: string; csv: string }>(
      exportCodeBatch,
      { batch: 'shop-a' },
      { token: operator },
    );
    expect(csv.data.filename).toBe('cdkeys-shop-a.csv');
    const lines = csv.data.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('兑换码,积分,积分有效天数,VIP天数,兑换截止,状态,使用者,使用时间');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(used.code))).toMatch(/,50,7,2,.*,已使用,buyer_1,\d{4}-/);
    expect(await t.call(exportCodeBatch, { batch: 'nope' }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.batchMissing,
    });

    expect(await t.call(voidCodes, { batch: 'shop-a' }, { token: operator })).toMatchObject({
      code: 0,
      data: { count: 2 },
    });
    expect(await t.call(voidCodes, { batch: 'shop-a' }, { token: operator })).toMatchObject({
      code: 1,
      msg: adminMessages.nothingToVoid,
    });
    const voided = codes.list[1]!;
    expect(await t.call(redeemCode, { username: 'buyer_2', password: 'abc12345', code: voided.code })).toMatchObject({
      code: 1,
      msg: accountMessages.codeUnknown,
    });
    const batches = await t.call<{ list: { batch: string }[] }>(listCodeBatches, {}, { token: operator });
    expect(batches.data.list.find((b) => b.batch === 'shop-a')).toMatchObject({
      total: 3,
      used: 1,
      void: 2,
      unused: 0,
    });
    const states = await t.call<{ total: number }>(listCodes, { batch: 'shop-a', state: 'void' }, { token: operator });
    expect(states.data.total).toBe(2);

    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.target, 'cdkeys:shop-a')));
    expect(audit.map((a) => a.action)).toEqual(['cdkeys.create', 'cdkeys.export', 'cdkeys.void']);
  });

  it('counts users, credits sold and spent per day for the dashboard', async () => {
    const r = await t.call<ConsoleDashboard>(consoleDashboard, {}, { token: operator });
    expect(r.code).toBe(0);
    const { users: u, credits } = r.data;
    expect(u.total).toBeGreaterThan(u.guests);
    expect(u.per_day.reduce((n, d) => n + d.users + d.guests, 0)).toBe(u.total);
    // Every member here redeemed a code (1 credit, or 50 for buyer_1); 21 were taken back from one of them.
    const sold = credits.reduce((n, d) => n + d.sold, 0);
    const registered = u.per_day.reduce((n, d) => n + d.users, 0) - 1; // the seeded admin redeemed nothing
    expect(sold).toBe(registered - 1 + 50);
    expect(credits.reduce((n, d) => n + d.spent, 0)).toBeGreaterThanOrEqual(21);
    expect(r.data.works).toEqual([]);
  });

  it('shows the audit log newest first, filtered by action', async () => {
    const r = await t.call<{ list: AuditRow[]; total: number }>(
      listAudit,
      { action: 'cdkeys.void' },
      { token: operator },
    );
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.list[0]).toMatchObject({ actor: 'ops_one', action: 'cdkeys.void', after: { voided: 2 } });
  });
});

describe('site, branding and notices', () => {
  it('saves settings (footer HTML sanitized), shows them on the public call, audits only what changed', async () => {
    const r = await t.call<ConsoleSiteSettings>(
      saveConsoleSite,
      {
        site_title: '星河数字人',
        logo: '/files/brand/logo.png',
        icp: '<a href="https://beian.miit.gov.cn" onclick="steal()">京ICP备12345678号</a><script>alert(1)</script>',
        trial_credits: 300,
      },
      { token: operator },
    );
    expect(r).toMatchObject({
      code: 0,
      msg: siteConsoleMessages.saved,
      data: { settings: { site_title: '星河数字人' } },
    });
    expect(r.data.settings.icp).toContain('京ICP备12345678号');
    expect(r.data.settings.icp).not.toMatch(/script|onclick/);
    expect(r.data.settings.trial_credits).toBe(300);
    const pub = await t.call<{ site_title: string; logo: string; icp: string }>(getSiteSettings);
    expect(pub.data).toMatchObject({ site_title: '星河数字人', logo: '/files/brand/logo.png' });
    expect(pub.data.icp).not.toContain('<script');

    await t.call(saveConsoleSite, { site_title: '星河数字人', seo_desc: '新的描述' }, { token: operator });
    const audit = await auditOf('site.settings');
    expect(audit.at(-1)).toMatchObject({ before: { seo_desc: expect.any(String) }, after: { seo_desc: '新的描述' } });
    expect(Object.keys(audit.at(-1)!.after as object)).toEqual(['seo_desc']);
    expect(await t.call(saveConsoleSite, {}, { token: operator })).toMatchObject({
      code: 1,
      msg: siteConsoleMessages.nothingChanged,
    });
    expect(await t.call(saveConsoleSite, { trial_credits: -1 }, { token: operator })).toMatchObject({ code: 1 });
    expect(await t.call(saveConsoleSite, { color: 'red' }, { token: operator })).toMatchObject({ code: 1 });
  });

  it('saves an agreement with its HTML sanitized, read back by the public call', async () => {
    expect(
      await t.call(
        saveConsoleSiteText,
        { key: 'agreement.user', title: '用户协议', content: '<p>第一条</p><img src=x onerror="alert(1)">' },
        { token: operator },
      ),
    ).toMatchObject({ code: 0 });
    const pub = await t.call<{ content: string }>(getAgreement, { type: 'user' });
    expect(pub.data.content).toContain('<p>第一条</p>');
    expect(pub.data.content).not.toContain('onerror');
    const read = await t.call<ConsoleSiteSettings>(getConsoleSite, {}, { token: operator });
    expect(read.data.texts.find((x) => x.key === 'agreement.user')!.content).toContain('第一条');
    expect(
      await t.call(saveConsoleSiteText, { key: 'nope', title: 'x', content: 'y' }, { token: operator }),
    ).toMatchObject({
      code: 1,
    });
  });

  it('drafts, publishes, edits, withdraws and deletes a notice; the notice centre shows only published ones', async () => {
    const made = await t.call<{ id: number }>(
      saveConsoleNotice,
      { title: '系统升级', desc: '今晚维护', content: '<p>22:00 开始</p><script>x</script>', published: 0 },
      { token: operator },
    );
    expect(made.code).toBe(0);
    const id = made.data.id;
    const publicIds = async () =>
      (await t.call<{ list: { id: number }[] }>(getNotices, {}, { token: admin })).data.list.map((n) => n.id);
    expect(await publicIds()).not.toContain(id);
    expect(await t.call(getNotices, { id }, { token: admin })).toMatchObject({ code: 1 });

    expect(await t.call(publishConsoleNotice, { id, published: 1 }, { token: operator })).toMatchObject({
      code: 0,
      msg: siteConsoleMessages.noticePublished,
    });
    expect(await publicIds()).toContain(id);
    const detail = await t.call<{ content: string }>(getNotices, { id }, { token: admin });
    expect(detail.data.content).toBe('<p>22:00 开始</p>');

    await t.call(saveConsoleNotice, { id, title: '系统升级（延期）', content: '<p>23:00</p>' }, { token: operator });
    const listed = await t.call<{ list: ConsoleNotice[] }>(listConsoleNotices, {}, { token: operator });
    expect(listed.data.list.find((n) => n.id === id)).toMatchObject({ title: '系统升级（延期）', published: 1 });

    await t.call(publishConsoleNotice, { id, published: 0 }, { token: operator });
    expect(await publicIds()).not.toContain(id);
    expect(await t.call(deleteConsoleNotice, { id }, { token: operator })).toMatchObject({ code: 0 });
    expect(await t.call(deleteConsoleNotice, { id }, { token: operator })).toMatchObject({
      code: 1,
      msg: siteConsoleMessages.noticeMissing,
    });
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `notice:${id}`));
    expect(audit.map((a) => a.action)).toEqual([
      'notice.create',
      'notice.publish',
      'notice.update',
      'notice.unpublish',
      'notice.delete',
    ]);
  });
});

describe('channels', () => {
  it('lists voice, video and photo channels and saves a price, switch and sort, audited', async () => {
    const r = await t.call<{ list: ConsoleChannel[] }>(listConsoleChannels, {}, { token: operator });
    expect(new Set(r.data.list.map((c) => c.kind))).toEqual(
      new Set(['voice', 'video', 'photo', 'image', 'aivideo', 'chat', 'translate', 'viral', 'live']),
    );
    const video = r.data.list.find((c) => c.kind === 'video')!;
    expect(
      await t.call(
        saveConsoleChannel,
        { kind: 'video', api: video.api, name: '极速版', credits: 7, sort: 3, enabled: 0 },
        { token: operator },
      ),
    ).toMatchObject({ code: 0, msg: channelConsoleMessages.saved });
    const after = (await t.call<{ list: ConsoleChannel[] }>(listConsoleChannels, {}, { token: operator })).data.list;
    expect(after.find((c) => c.kind === 'video' && c.api === video.api)).toMatchObject({
      name: '极速版',
      credits: 7,
      sort: 3,
      enabled: 0,
      desc: video.desc,
    });
    expect(
      await t.call(
        saveConsoleChannel,
        { kind: 'photo', api: 'nope', name: 'x', credits: 1, enabled: 1 },
        { token: operator },
      ),
    ).toMatchObject({ code: 1, msg: channelConsoleMessages.missing });
    expect(
      await t.call(
        saveConsoleChannel,
        { kind: 'video', api: video.api, name: 'x', credits: -1, enabled: 1 },
        { token: operator },
      ),
    ).toMatchObject({ code: 1 });
    const [row] = (await auditOf('channel.update')).filter((a) => a.target === `channel:video:${video.api}`);
    expect(row).toMatchObject({ before: { credits: video.credits }, after: { credits: 7, enabled: 0 } });
  });
});
