import { and, count, eq, gt, lt } from 'drizzle-orm';
import { accountAttempts } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** Failures within this window count (issue 3: 5 failures in 10 minutes). */
export const LOGIN_WINDOW_MS = 10 * 60_000;
/** From this many failures per username or per IP the image code is required. */
export const CAPTCHA_AFTER_FAILURES = 5;
/** Even with the image code, logins stop for the window after this many failures per username or per IP. */
export const LOCK_AFTER_FAILURES = { username: 20, ip: 50 } as const;
/** Attempts older than this are swept. */
export const ATTEMPT_RETENTION_MS = 24 * 3600_000;

type Kind = 'login_failure' | 'guest';
const since = (ms: number) => new Date(Date.now() - ms);

async function countSince(
  db: Db,
  kind: Kind,
  field: 'username' | 'ip',
  value: string,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountAttempts)
    .where(
      and(
        eq(accountAttempts.kind, kind),
        eq(accountAttempts[field], value),
        gt(accountAttempts.createdAt, since(windowMs)),
      ),
    );
  return row?.n ?? 0;
}

export interface LoginPressure {
  byUsername: number;
  byIp: number;
}

export async function recentLoginFailures(db: Db, username: string, ip: string): Promise<LoginPressure> {
  const [byUsername, byIp] = await Promise.all([
    countSince(db, 'login_failure', 'username', username.slice(0, 64), LOGIN_WINDOW_MS),
    countSince(db, 'login_failure', 'ip', ip.slice(0, 64), LOGIN_WINDOW_MS),
  ]);
  return { byUsername, byIp };
}

export async function recordLoginFailure(db: Db, username: string, ip: string): Promise<void> {
  await db
    .insert(accountAttempts)
    .values({ kind: 'login_failure', username: username.slice(0, 64), ip: ip.slice(0, 64) });
}

/** A successful login forgives that username's failures (the IP's stay, so one good account can't reset them). */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db
    .delete(accountAttempts)
    .where(and(eq(accountAttempts.kind, 'login_failure'), eq(accountAttempts.username, username.slice(0, 64))));
}

export const guestsCreatedLastHour = (db: Db, ip: string) => countSince(db, 'guest', 'ip', ip.slice(0, 64), 3600_000);

export async function recordGuestCreated(db: Db, ip: string): Promise<void> {
  await db.insert(accountAttempts).values({ kind: 'guest', ip: ip.slice(0, 64) });
}

export async function sweepAttempts(db: Db): Promise<number> {
  const gone = await db
    .delete(accountAttempts)
    .where(lt(accountAttempts.createdAt, since(ATTEMPT_RETENTION_MS)))
    .returning({ id: accountAttempts.id });
  return gone.length;
}
