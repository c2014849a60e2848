import type { FastifyInstance } from 'fastify';
import { COMING_SOON_API, viralMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { envelope } from '../../platform/protocol/envelope.js';

/**
 * Calls of screens that are not open yet (employee bots, music, product cards): every method answers
 * the envelope with code 1 功能暂未开放 — never a 404 page.
 */
export async function comingSoonRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = async () => envelope(ctx.config, 1, viralMessages.comingSoon, null);
  for (const prefix of COMING_SOON_API) {
    if (prefix.endsWith('/')) scope.all(`${prefix}*`, answer);
    else scope.all(prefix, answer);
  }
}
