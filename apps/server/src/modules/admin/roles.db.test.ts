import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adjustUserCredits,
  adminMessages,
  login,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  setUserVip,
  type Endpoint,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { adminAudit, users } from '../../db/schema/index.js';
import { loginAs, registerAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * Who may change whom on the console's Users screen: an operator manages users only, never an
 * administrator or another operator; an administrator's account is changed by nobody but itself.
 * Every call is tried for every pair of roles; a refusal changes nothing and is in the audit log.
 */
let t: TestApp;
let adminToken: string;
const people: Record<'admin' | 'admin2' | 'op' | 'op2' | 'user', TestAccount & { role: string }> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await loginAs(t, 'admin', 'admin12345');
  const [root] = await t.ctx.database.db.select().from(users).where(eq(users.username, 'admin'));
  people.admin = { id: root!.id, token: adminToken, username: 'admin', role: 'admin' };
  for (const [key, role] of [
    ['admin2', 'admin'],
    ['op', 'operator'],
    ['op2', 'operator'],
    ['user', 'user'],
  ] as const) {
    const a = await registerAccount(t, adminToken, { username: `role_${key}` });
    if (role !== 'user') expect(await t.call(setUserRole, { id: a.id, role }, { token: adminToken })).toMatchObject({ code: 0 });
    people[key] = { ...a, token: await loginAs(t, a.username, 'abc12345'), role };
  }
});
afterAll(async () => t?.close());

const calls: [string, Endpoint, (id: number) => Record<string, string | number>][] = [
  ['password', resetUserPassword, (id) => ({ id, password: 'new12345a' })],
  ['disable', setUserDisabled, (id) => ({ id, disabled: 1 })],
  ['credits', adjustUserCredits, (id) => ({ id, credits: 5, reason: '测试' })],
  ['vip', setUserVip, (id) => ({ id, expire_time: '' })],
];

type Who = keyof typeof people;
/** What each actor may do to each other account (itself aside). */
const allowed = (actor: Who, target: Who): boolean =>
  people[target].role === 'admin' ? false : people[target].role === 'operator' ? people[actor].role === 'admin' : true;

describe('console users: who may change whom', () => {
  const pairs = (['admin', 'op'] as const).flatMap((actor) =>
    (['admin', 'admin2', 'op', 'op2', 'user'] as const).filter((x) => x !== actor).map((target) => [actor, target] as const),
  );
  it.each(pairs)('%s → %s', async (actor, target) => {
    const db = t.ctx.database.db;
    for (const [name, endpoint, params] of calls) {
      const auditsBefore = (await db.select().from(adminAudit).where(eq(adminAudit.action, 'user.refused'))).length;
      const r = await t.call(endpoint, params(people[target].id), { token: people[actor].token });
      if (allowed(actor, target)) {
        expect(r.code, `${name}: ${r.msg}`).toBe(0);
        // Undo what changes how the account is used later in the matrix (both also end its sessions).
        if (name === 'disable') await t.call(setUserDisabled, { id: people[target].id, disabled: 0 }, { token: adminToken });
        if (name === 'password') {
          await loginAs(t, people[target].username, 'new12345a');
          await t.call(resetUserPassword, { id: people[target].id, password: 'abc12345' }, { token: adminToken });
        }
        if (name === 'disable' || name === 'password')
          people[target].token = await loginAs(t, people[target].username, 'abc12345');
      } else {
        expect(r, name).toMatchObject({
          code: 1,
          msg: people[target].role === 'admin' ? adminMessages.adminProtected : adminMessages.staffProtected,
        });
        const refused = await db.select().from(adminAudit).where(eq(adminAudit.action, 'user.refused'));
        expect(refused.length, name).toBe(auditsBefore + 1);
        expect(refused.at(-1)).toMatchObject({ actorId: people[actor].id, target: `user:${people[target].id}` });
      }
    }
    // A refused password reset leaves the old password working.
    if (!allowed(actor, target) && target !== 'admin')
      expect((await t.call(login, { username: people[target].username, password: 'abc12345' })).code).toBe(0);
  });

  it('an administrator cannot be demoted or disabled by another administrator', async () => {
    expect(await t.call(setUserRole, { id: people.admin.id, role: 'user' }, { token: people.admin2.token })).toMatchObject({
      code: 1,
      msg: adminMessages.adminProtected,
    });
    const [root] = await t.ctx.database.db.select().from(users).where(eq(users.id, people.admin.id));
    expect(root).toMatchObject({ role: 'admin', disabledAt: null });
    expect((await t.call(login, { username: 'admin', password: 'admin12345' })).code).toBe(0);
  });

  it('an administrator still promotes and demotes operators and users', async () => {
    expect(await t.call(setUserRole, { id: people.user.id, role: 'operator' }, { token: adminToken })).toMatchObject({ code: 0 });
    expect(await t.call(setUserRole, { id: people.user.id, role: 'user' }, { token: adminToken })).toMatchObject({ code: 0 });
  });
});
