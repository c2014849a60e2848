import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser that logged in to an account before is a known device for it: after a successful login the
 * server hands the browser a signed note (`kd` cookie, HttpOnly) naming the account. A login from a
 * known device is not held back by the account's failure count, so guesses from elsewhere cannot lock
 * its owner out; the per-address limit and the image code still apply to everyone.
 */
export const KNOWN_DEVICE_COOKIE = 'kd';
export const KNOWN_DEVICE_DAYS = 180;
/** Accounts one browser is remembered for (the newest login first). */
const MAX_ACCOUNTS = 5;
const DAY_MS = 86_400_000;

const macOf = (secret: string, userId: number, stamp: string) =>
  createHmac('sha256', `known-device:${secret}`).update(`${userId}.${stamp}`).digest('base64url').slice(0, 27);

interface Entry {
  userId: number;
  stamp: string;
  mac: string;
}

function entries(cookie: string | undefined): Entry[] {
  if (!cookie) return [];
  return cookie
    .slice(0, 1024)
    .split('~')
    .map((part) => {
      const [id, stamp, mac] = part.split('.');
      const userId = Number(id);
      return Number.isSafeInteger(userId) && userId > 0 && stamp && mac ? { userId, stamp, mac } : null;
    })
    .filter((e): e is Entry => e !== null);
}

function valid(secret: string, e: Entry, now: number): boolean {
  const issued = parseInt(e.stamp, 36);
  if (!Number.isFinite(issued) || issued > now || now - issued > KNOWN_DEVICE_DAYS * DAY_MS) return false;
  const want = Buffer.from(macOf(secret, e.userId, e.stamp));
  const got = Buffer.from(e.mac);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** True when the cookie carries a valid, unexpired note for this account. */
export function isKnownDevice(secret: string, cookie: string | undefined, userId: number, now = Date.now()): boolean {
  return entries(cookie).some((e) => e.userId === userId && valid(secret, e, now));
}

/** The cookie after a successful login: this account's fresh note first, the other valid ones kept. */
export function rememberDevice(secret: string, cookie: string | undefined, userId: number, now = Date.now()): string {
  const stamp = now.toString(36);
  const others = entries(cookie).filter((e) => e.userId !== userId && valid(secret, e, now));
  return [{ userId, stamp, mac: macOf(secret, userId, stamp) }, ...others]
    .slice(0, MAX_ACCOUNTS)
    .map((e) => `${e.userId}.${e.stamp}.${e.mac}`)
    .join('~');
}
