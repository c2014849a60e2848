import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { protocolMessages, SIGN_WINDOW_SECONDS, type Endpoint } from '@app/contract';
import { requestNonces } from '../../db/schema/index.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';

/** Clocks of API processes may differ a little: a signature is remembered this much past its window. */
const CLOCK_MARGIN_SECONDS = 60;
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Signatures past their window can never be accepted again; their rows go, at most once a minute per process. */
async function sweepExpired(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.delete(requestNonces).where(lt(requestNonces.expiresAt, new Date(now)));
}

/**
 * Refuses a signed write (any method but GET) whose exact `timestamp` and `sign` were already seen
 * inside the signing window, on any API process: the row's unique key decides which call is first.
 * Call after the signature was verified.
 */
export async function refuseReplay(
  ctx: AppContext,
  endpoint: Endpoint,
  params: Record<string, string>,
  token: string,
): Promise<void> {
  if (!ctx.config.SIGN_REQUIRED || endpoint.noSign || endpoint.method === 'GET') return;
  const db = ctx.database.db;
  const timestamp = Number(params.timestamp);
  // Neither path nor token is signed: without them two accounts' identical calls in one second would collide.
  // The signature check accepts either case of hex, so the key uses one.
  const key = createHash('sha256')
    .update(`${endpoint.method} ${endpoint.path} ${token}\n${timestamp}:${(params.sign ?? '').toLowerCase()}`)
    .digest('hex');
  const expiresAt = new Date((timestamp + SIGN_WINDOW_SECONDS + CLOCK_MARGIN_SECONDS) * 1000);
  const first = await db
    .insert(requestNonces)
    .values({ key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: requestNonces.key });
  if (!first.length) throw new AppError(protocolMessages.replayed);
  await sweepExpired(db);
}
