import { randomBytes } from 'node:crypto';
import { accountMessages, creditActions, PASSWORD_PATTERN, protocolMessages, USERNAME_PATTERN } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError, loginRequired } from '../../platform/errors.js';
import {
  forgetSessions,
  issueToken,
  revokeAllTokens,
  revokeToken,
  type SessionUser,
} from '../../platform/auth/tokens.js';
import { grantCredits, redeemCodeFor } from '../billing/index.js';
import { readSiteSettings } from '../site/index.js';
import { addDays } from '../../platform/protocol/date-time.js';
import type { Counters } from '../../platform/limits/counters.js';
import * as attempts from './attempts.js';
import { isKnownDevice, rememberDevice } from './known-device.js';
import { accountsServerMessages } from './messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { findUserById, findUserByUsername, insertUser, isUniqueViolation, updateUser } from './repo.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The browser's known-device note (its `kd` cookie), if any. */
  knownDevices?: string;
}

const captchaRefusal = (msg: string) => new AppError(msg, 1, { need_captcha: 1 });

export interface LoginLimits {
  /** Signs and checks known-device notes. */
  deviceSecret: string;
  /** Failures per username in 10 minutes before the image code is required. */
  failuresBeforeCaptcha: number;
  /** Failures per address in 10 minutes before the image code is required. */
  failuresPerAddress: number;
  /** Image codes one address may draw in 10 minutes. */
  captchasPerWindow: number;
}

/**
 * Username and password. Without an image code each attempt first takes a failure slot on its address
 * and its username, so parallel guesses get at most `failuresPerAddress` answers per address and
 * `failuresBeforeCaptcha` per username; past that the image code is required. With a correct image code the password is always checked, so the owner is never
 * locked out by someone else's guesses; each code answers one attempt.
 */
export async function login(
  db: Db,
  counters: Counters,
  p: { username: string; password: string; captcha?: string; captcha_id?: string },
  client: ClientInfo,
  limits: LoginLimits,
): Promise<{ token: string; knownDevices: string }> {
  const username = p.username.trim();
  if (!username || !p.password) throw new AppError(accountMessages.credentialsRequired);
  const withCaptcha = p.captcha_id !== undefined || p.captcha !== undefined;
  const user = await findUserByUsername(db, username);
  // The owner's own browser is not held back by failures others caused on the name.
  const known = user ? isKnownDevice(limits.deviceSecret, client.knownDevices, user.id) : false;
  let slotsLeft: number | null = null;
  if (withCaptcha) {
    if (!p.captcha?.trim()) throw captchaRefusal(accountMessages.captchaRequired);
    const verdict = p.captcha_id ? await attempts.checkCaptcha(db, p.captcha_id, p.captcha) : 'expired';
    if (verdict === 'expired') throw captchaRefusal(accountMessages.captchaExpired);
    if (verdict === 'wrong') throw captchaRefusal(accountMessages.captchaWrong);
  } else {
    slotsLeft = await attempts.takeLoginSlot(counters, username, client.ip, {
      perIp: limits.failuresPerAddress,
      perName: known ? Number.POSITIVE_INFINITY : limits.failuresBeforeCaptcha,
    });
    if (slotsLeft === null) throw captchaRefusal(accountMessages.loginCaptchaNeeded);
  }

  const passed = await verifyPassword(user?.passwordHash ?? null, p.password);
  if (!user || !user.passwordHash || !passed) {
    if (withCaptcha) await attempts.countLoginFailure(counters, username, client.ip);
    // The failure that used the last free slot already says what the next attempt needs.
    if (slotsLeft === 0) throw captchaRefusal(accountMessages.loginCaptchaNeeded);
    throw withCaptcha
      ? captchaRefusal(accountMessages.wrongCredentials)
      : new AppError(accountMessages.wrongCredentials);
  }
  if (user.disabledAt) throw new AppError(accountMessages.accountDisabled);
  await attempts.loginSucceeded(counters, username, client.ip, !withCaptcha);
  await updateUser(db, user.id, { lastLoginAt: new Date() });
  return {
    token: await issueToken(db, user.id, client),
    knownDevices: rememberDevice(limits.deviceSecret, client.knownDevices, user.id),
  };
}

/** A login image code for the address, or code 1 when it drew too many lately. */
export async function loginCaptcha(db: Db, counters: Counters, client: ClientInfo, limits: LoginLimits) {
  const drawn = await attempts.drawCaptcha(db, counters, client.ip, limits.captchasPerWindow);
  if (!drawn) throw new AppError(accountMessages.captchaTooMany);
  return drawn;
}

/** Registration checks of spec 000 §5, in the order the form shows them. */
function checkRegistration(p: { username?: string; password?: string; code: string }): {
  username: string;
  password: string;
} {
  const username = (p.username ?? '').trim();
  const password = p.password ?? '';
  if (!username || !password) throw new AppError(accountMessages.credentialsRequired);
  if (!p.code.trim()) throw new AppError(accountMessages.codeRequired);
  if (!USERNAME_PATTERN.test(username)) throw new AppError(accountMessages.usernameRule);
  if (!PASSWORD_PATTERN.test(password)) throw new AppError(accountMessages.passwordWeak);
  return { username, password };
}

/**
 * Registers with a redeem code. A guest calling this becomes the new account itself, so its
 * works, files and credits stay. Nothing is written unless the code is good and the name is free.
 */
export async function registerWithCode(
  db: Db,
  p: { username?: string; password?: string; code: string },
  caller: SessionUser | null,
  client: ClientInfo,
): Promise<{ credits: number; token: string }> {
  const { username, password } = checkRegistration(p);
  if (await findUserByUsername(db, username)) throw new AppError(accountMessages.usernameTaken);
  const passwordHash = await hashPassword(password);
  const write = db.transaction(async (tx) => {
    const guest = caller?.isTourist ? await findUserById(tx, caller.id) : null;
    let userId: number;
    if (guest?.isTourist) {
      if (await findUserByUsername(tx, username)) throw new AppError(accountMessages.usernameTaken);
      await updateUser(tx, guest.id, { username, passwordHash, isTourist: 0, lastLoginAt: new Date() });
      userId = guest.id;
    } else {
      const created = await insertUser(tx, { username, passwordHash, lastLoginAt: new Date() });
      if (!created) throw new AppError(accountMessages.usernameTaken);
      userId = created;
    }
    const { credits } = await redeemCodeFor(tx, userId, p.code);
    // The guest's sessions end; the registered account starts with a fresh one.
    if (guest) await revokeAllTokens(tx, guest.id);
    return { guestId: guest?.id, credits, token: await issueToken(tx, userId, client) };
  });
  // Someone else took the name between the check and the write.
  const { guestId, ...result } = await write.catch((e: unknown) => {
    throw isUniqueViolation(e) ? new AppError(accountMessages.usernameTaken) : e;
  });
  // Sessions are cached per database handle, not per transaction: evict once the revocation is committed.
  if (guestId !== undefined) forgetSessions(db, (u) => u.id === guestId);
  return result;
}

/** Redeems a code for the logged-in account; guests register instead. */
export async function redeemForUser(db: Db, code: string, user: SessionUser | null): Promise<{ credits: number }> {
  if (!user) throw loginRequired();
  if (user.isTourist) throw new AppError(accountMessages.redeemNeedsLogin);
  if (!code.trim()) throw new AppError(accountMessages.codeRequired);
  const { credits } = await db.transaction((tx) => redeemCodeFor(tx, user.id, code));
  return { credits };
}

const guestName = () => `${accountsServerMessages.guestNamePrefix}${randomBytes(5).toString('hex')}`;

/**
 * A new guest with the site's trial credits; at most `guests_per_ip_hour` per address. The slot is taken
 * before the guest is made, in one statement, so parallel calls cannot pass the limit together.
 */
export async function startGuest(db: Db, counters: Counters, client: ClientInfo): Promise<string> {
  const settings = await readSiteSettings(db);
  if (!(await attempts.takeGuestSlot(counters, client.ip, settings.guests_per_ip_hour)))
    throw new AppError(protocolMessages.tooMany);
  try {
    return await db.transaction(async (tx) => {
      let userId: number | null = null;
      while (userId === null) userId = await insertUser(tx, { username: guestName(), isTourist: 1 });
      if (settings.trial_credits > 0)
        await grantCredits(
          tx,
          userId,
          settings.trial_credits,
          addDays(new Date(), settings.trial_days),
          creditActions.trial,
        );
      return issueToken(tx, userId, client);
    });
  } catch (e) {
    await attempts.returnGuestSlot(counters, client.ip);
    throw e;
  }
}

/** Checks of spec 000 §5; on success every session of the account ends. */
export async function changePassword(
  db: Db,
  user: SessionUser,
  p: { old_pass: string; password: string; confirm: string },
): Promise<void> {
  if (!p.old_pass) throw new AppError(accountMessages.oldPasswordRequired);
  if (!p.password) throw new AppError(accountMessages.newPasswordRequired);
  if (!p.confirm) throw new AppError(accountMessages.confirmPasswordRequired);
  if (p.password !== p.confirm) throw new AppError(accountMessages.passwordMismatch);
  if (!PASSWORD_PATTERN.test(p.password)) throw new AppError(accountMessages.passwordWeak);
  const account = await findUserById(db, user.id);
  if (!account?.passwordHash) throw new AppError(accountsServerMessages.guestHasNoPassword);
  if (!(await verifyPassword(account.passwordHash, p.old_pass))) throw new AppError(accountMessages.oldPasswordWrong);
  const passwordHash = await hashPassword(p.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeAllTokens(tx, user.id);
  });
  // Sessions are cached per database handle, not per transaction: evict once the revocation is committed.
  forgetSessions(db, (u) => u.id === user.id);
}

export const logout = (db: Db, user: SessionUser) => revokeToken(db, user.tokenId);
