import { chatMessages, sendChatMessage } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { handlersOf, needsEngines, type FeatureModule } from '../module.js';
import { chatJobs } from './jobs.js';
import { chatPriceKind } from './prices.js';
import { chatRepo } from './repo.js';
import { chatRoutes, type TextAnalyser } from './routes.js';
import { ChatService, type LiveAnswers, type PreparedAnswers } from './service.js';

/** An answer open this long without a word from its stream is given up. */
export const OPEN_ANSWER_MAX_MS = 30 * 60_000;

/** The chat assistant (/store/aiChat): conversations, streamed answers at a price per question, text materials. */
export interface ChatModuleDeps {
  /** Analysis of a pasted text (POST /api/text/analyse without an id). */
  analyseText?: (ctx: AppContext) => TextAnalyser;
}

export function createChatModule(deps: ChatModuleDeps = {}): FeatureModule<typeof chatJobs> {
  // One map per process: a delete reaches the streams this process runs.
  const live: LiveAnswers = new Map();
  const prepared: PreparedAnswers = new Map();
  return {
    name: 'chat',
    channels: [chatPriceKind],
    tools: [{ key: 'aiChat' }],
    capabilities: [{ key: 'aiChat', label: 'AI 对话', missing: needsEngines('chatModel'), gates: [sendChatMessage] }],
    routes: (ctx) =>
      chatRoutes(
        new ChatService(ctx, live, prepared),
        deps.analyseText?.(ctx) ?? (() => Promise.reject(new AppError(chatMessages.materialMissing))),
      ),
    jobs: handlersOf(chatJobs, (ctx) => ({
      'chat.sweep-open-answers': async () => {
        const s = new ChatService(ctx, live, prepared);
        for (const row of await chatRepo.staleOpenAnswers(s.db, new Date(Date.now() - OPEN_ANSWER_MAX_MS)))
          if (!live.has(row.id)) await s.giveUp(row, chatMessages.interrupted);
      },
    })),
  };
}
