import { CHAT_STATUS, chatMessages } from '@app/contract';
import type { ChatTurn } from '../../engines/text/index.js';
import { AppError } from '../../platform/errors.js';
import type { MessageRow } from './repo.js';

/**
 * A rough token count that errs on the high side: a CJK character is about one token, other text
 * about four characters a token, plus a few tokens of framing per message.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4) + 4;
}

/**
 * The earlier turns that fit `budget` tokens beside the question, newest kept, oldest dropped
 * first; a question and its answer leave together so the context never starts on a lone answer.
 */
export function fitContext(history: ChatTurn[], question: ChatTurn, budget: number): ChatTurn[] {
  let left = budget - estimateTokens(question.content);
  const kept: ChatTurn[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]!;
    const cost = estimateTokens(turn.content);
    if (cost > left) break;
    left -= cost;
    kept.unshift(turn);
  }
  while (kept[0]?.role === 'assistant') kept.shift();
  return [...kept, question];
}

/** What the model is told before the conversation. */
const SYSTEM_PROMPT = '你是一个乐于助人的中文AI助手，擅长短视频文案、营销写作和日常问答。回答清晰、准确、有条理。';

/** The conversation before the question `mid` answers, as the model reads it: finished turns only. */
export function contextOf(before: MessageRow[], budget: number): ChatTurn[] {
  const question = before.at(-1);
  if (!question || question.role !== 'user') throw new AppError(chatMessages.messageMissing);
  const history: ChatTurn[] = before
    .slice(0, -1)
    .filter(
      (r) => r.role === 'user' || (r.content && (r.status === CHAT_STATUS.done || r.status === CHAT_STATUS.stopped)),
    )
    .map((r) => ({ role: r.role === 'assistant' ? 'assistant' : 'user', content: r.content }));
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...fitContext(history, { role: 'user', content: question.content }, budget),
  ];
}
