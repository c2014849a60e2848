import { randomInt } from 'node:crypto';
import { PASSWORD_PATTERN } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from './passwords.js';
import { findUserByUsername, insertUser } from './repo.js';

const ALPHANUMERIC = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 random letters and digits, meeting the password rule. */
function generatedPassword(): string {
  for (;;) {
    const pw = Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
    if (PASSWORD_PATTERN.test(pw)) return pw;
  }
}

/** First start: the operator account from ADMIN_USERNAME / ADMIN_PASSWORD, or with a generated password shown once. */
export async function seedAdmin(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const username = ctx.config.ADMIN_USERNAME;
  if (await findUserByUsername(db, username)) return;
  const password = ctx.config.ADMIN_PASSWORD ?? generatedPassword();
  const created = await insertUser(db, { username, passwordHash: await hashPassword(password), role: 'admin' });
  // Another process may have created it a moment earlier; only the creator speaks.
  if (!created) return;
  if (ctx.config.ADMIN_PASSWORD)
    ctx.log.info({ username }, 'admin account created from ADMIN_USERNAME / ADMIN_PASSWORD');
  else
    ctx.log.warn(
      { username },
      `admin account created with the generated password ${password} — shown only this once; change it after logging in`,
    );
}
