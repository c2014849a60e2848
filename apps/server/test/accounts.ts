import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createRedeemCodes, login, redeemCode } from '@app/contract';
import { users } from '../src/db/schema/index.js';
import { testLedger } from '../src/modules/billing/testing/ledger.js';
import { issueToken } from '../src/platform/auth/tokens.js';
import type { TestApp } from './helper.js';

/**
 * The one account factory of the server tests. `newAccount` writes the account straight into the
 * database (fast: most tests only need someone signed in, perhaps holding credits); `registerAccount`
 * goes the way a person does, through a redeem code the operator made, for tests of what
 * registration itself leaves behind; `loginAs` signs an existing account in through the API.
 */
export interface TestAccount {
  id: number;
  token: string;
  username: string;
}

/** A registered account, signed in, holding `credits` for a month (none by default). */
export async function newAccount(
  t: Pick<TestApp, 'ctx'>,
  o: { username?: string; credits?: number } = {},
): Promise<TestAccount> {
  const db = t.ctx.database.db;
  const username = o.username ?? `u_${randomBytes(5).toString('hex')}`;
  const [row] = await db.insert(users).values({ username }).returning({ id: users.id });
  if (!row) throw new Error(`no account was made for ${username}`);
  if (o.credits)
    await testLedger(db).grantCredits(row.id, o.credits, new Date(Date.now() + 30 * 86_400_000), '测试赠送');
  return { id: row.id, token: await issueToken(db, row.id), username };
}

/** Signs in through the login call and returns the session token. */
export async function loginAs(t: Pick<TestApp, 'call'>, username: string, password: string): Promise<string> {
  const r = await t.call<{ token: string }>(login, { username, password });
  expect(r.code).toBe(0);
  return r.data.token;
}

/**
 * Registers through the redeem-code form's call, with a code for `credits` (1 by default) that the
 * operator signed in as `adminToken` makes first. The password is `abc12345` unless given.
 */
export async function registerAccount(
  t: Pick<TestApp, 'call' | 'ctx'>,
  adminToken: string,
  o: { username?: string; credits?: number; password?: string } = {},
): Promise<TestAccount> {
  const username = o.username ?? `person_${randomBytes(4).toString('hex')}`;
  const [code] = (
    await t.call<{ list: string[] }>(
      createRedeemCodes,
      { credits: o.credits ?? 1, count: 1, days: 30 },
      { token: adminToken },
    )
  ).data.list;
  const r = await t.call<{ token: string }>(redeemCode, {
    username,
    password: o.password ?? 'abc12345',
    code: code!,
  });
  expect(r.code).toBe(0);
  const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return { id: row!.id, token: r.data.token, username };
}
