import type { ChatTurn } from '../../engines/text/index.js';

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
