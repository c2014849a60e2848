import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { takeSlot } from '../../platform/limits/counters.js';
import { accountRows } from '../accounts/index.js';
import { apiKeyStore } from './keys.js';
import { ApiFailure, type ApiCaller } from './rest.js';

const MINUTE_MS = 60_000;

/**
 * The caller of an open API call, from its `X-Api-Key`: a live key, the site's and the account's API
 * switched on, an account that is not disabled, and the key's budget of calls this minute not spent
 * (counted in the shared counters, so every process counts into one budget).
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<ApiCaller> {
  const sent = req.headers['x-api-key'];
  const key = (Array.isArray(sent) ? sent[0] : sent)?.trim();
  if (!key) throw new ApiFailure('keyMissing');
  const db = ctx.database.db;
  const found = key.length <= 128 ? await apiKeyStore.byKey(db, key) : null;
  if (!found || found.revokedAt) throw new ApiFailure('keyInvalid');
  if (!found.siteOn) throw new ApiFailure('siteOff');
  if (found.userBlocked) throw new ApiFailure('userOff');
  const standing = await accountRows.standing(db, found.userId);
  if (!standing || standing.disabled) throw new ApiFailure('accountDisabled');
  const limit = ctx.config.API_KEY_CALLS_PER_MINUTE;
  if (limit > 0 && !(await takeSlot(ctx.counters, 'api-key', found.id, MINUTE_MS, limit)))
    throw new ApiFailure('rateLimited');
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > MINUTE_MS) await apiKeyStore.touch(db, found.id);
  return { keyId: found.id, userId: found.userId };
}
