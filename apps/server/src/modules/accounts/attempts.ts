import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH, CAPTCHA_SIZE } from '@app/contract';
import { loginCaptchas } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { takeSlot, type Counters } from '../../platform/limits/counters.js';

/** Login failures count for this long (per address and per username). */
export const LOGIN_WINDOW_MS = 10 * 60_000;
/** Guest creations per address count for an hour. */
export const GUEST_WINDOW_MS = 3600_000;
/** An image code answers within this time, once. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

const failuresByIp = 'login-fail-ip';
const failuresByName = 'login-fail-user';
const captchasByIp = 'captcha-ip';
const guestsByIp = 'guest-ip';
const subject = (s: string) => s.slice(0, 64).toLowerCase();

/**
 * Takes one failure slot on the address and one on the username before the password is checked,
 * so parallel guesses are counted before any of them is answered. Returns how many slots are left
 * after this one (the fewer of the two), or null (nothing taken) when either is full: the image
 * code is then required.
 */
export async function takeLoginSlot(
  counters: Counters,
  username: string,
  ip: string,
  limits: { perIp: number; perName: number },
): Promise<number | null> {
  const byIp = await counters.hit(failuresByIp, subject(ip), LOGIN_WINDOW_MS);
  const byName = byIp <= limits.perIp ? await counters.hit(failuresByName, subject(username), LOGIN_WINDOW_MS) : 0;
  if (byIp <= limits.perIp && byName <= limits.perName) return Math.min(limits.perIp - byIp, limits.perName - byName);
  await counters.giveBack(failuresByIp, subject(ip));
  if (byName) await counters.giveBack(failuresByName, subject(username));
  return null;
}

/** A failure checked with a correct image code still counts (it keeps the code required). */
export async function countLoginFailure(counters: Counters, username: string, ip: string): Promise<void> {
  await counters.hit(failuresByIp, subject(ip), LOGIN_WINDOW_MS);
  await counters.hit(failuresByName, subject(username), LOGIN_WINDOW_MS);
}

/**
 * The right password: its slot on the address is returned and the username's failures are forgiven
 * (the address keeps the others' failures, so one good account cannot reset them).
 */
export async function loginSucceeded(
  counters: Counters,
  username: string,
  ip: string,
  heldSlot: boolean,
): Promise<void> {
  if (heldSlot) await counters.giveBack(failuresByIp, subject(ip));
  await counters.reset(failuresByName, subject(username));
}

/** One guest slot of `limit` per address and hour; false when the hour's guests are all made. */
export const takeGuestSlot = (counters: Counters, ip: string, limit: number) =>
  takeSlot(counters, guestsByIp, subject(ip), GUEST_WINDOW_MS, limit);

/** The guest could not be made after all: its slot is free again. */
export const returnGuestSlot = (counters: Counters, ip: string) => counters.giveBack(guestsByIp, subject(ip));

const answerHash = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

/** Draws a new image code; null when the address drew `perWindow` codes in the last 10 minutes. */
export async function drawCaptcha(
  db: Db,
  counters: Counters,
  ip: string,
  perWindow: number,
): Promise<{ id: string; svg: string } | null> {
  if (!(await takeSlot(counters, captchasByIp, subject(ip), LOGIN_WINDOW_MS, perWindow))) return null;
  const { text, data } = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    width: CAPTCHA_SIZE.width,
    height: CAPTCHA_SIZE.height,
    fontSize: 42,
    // Characters that cannot be confused with each other.
    ignoreChars: '0oO1lIi',
    noise: 2,
    color: true,
    background: '#eef2f7',
  });
  const id = randomBytes(16).toString('hex');
  await db
    .insert(loginCaptchas)
    .values({ id, answerHash: answerHash(id, text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { id, svg: data };
}

/**
 * Checks an answer and uses the code up in the same statement, whatever the answer: a code can be
 * tried once. 'expired' when it was never drawn, already used or too old.
 */
export async function checkCaptcha(db: Db, id: string, answer: string): Promise<'right' | 'wrong' | 'expired'> {
  const [row] = await db
    .delete(loginCaptchas)
    .where(eq(loginCaptchas.id, id.slice(0, 32)))
    .returning({ answerHash: loginCaptchas.answerHash, expiresAt: loginCaptchas.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired';
  return row.answerHash === answerHash(id.slice(0, 32), answer) ? 'right' : 'wrong';
}

/** Codes nobody answered in time. */
export async function sweepCaptchas(db: Db): Promise<number> {
  const gone = await db
    .delete(loginCaptchas)
    .where(lt(loginCaptchas.expiresAt, new Date()))
    .returning({ id: loginCaptchas.id });
  return gone.length;
}
