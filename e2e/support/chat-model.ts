import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatService,
} from '../../apps/server/src/engines/text/testing/fake-chat-stream';
import { viralAnswer } from './viral-fakes';

/** What the e2e's fake chat model answers, so the journey can check the page against it. */
export const e2eChat = {
  shortQuestion: '写一句防晒霜的广告语',
  shortAnswer: '清爽不油腻，一抹防晒一整天！夏日出门，就选它。',
  /** A question with this word gets a long answer streamed slowly, to be stopped part-way. */
  longQuestion: '详细介绍数字人视频的应用场景',
  longAnswer: '数字人视频可以用于电商带货、企业宣传、在线教育、新闻播报、客服讲解等多种场景。'.repeat(12),
  deepQuestion: '为什么夏天更需要防晒',
  reasoning: '用户问夏天防晒的原因，我应该从紫外线强度和日照时间两个角度回答。',
  deepAnswer: '夏天紫外线更强、日照时间更长，皮肤更容易晒伤晒黑，所以更需要防晒。',
} as const;

/**
 * The OpenAI-compatible model the app under test talks to in the e2e run: deepseek-reasoner
 * sends its reasoning first; the long question streams slowly; anything else answers at once.
 */
export function startE2eChatModel(): Promise<FakeChatService> {
  return startFakeChatStream((req) => {
    const question = req.body.messages.at(-1)?.content ?? '';
    // The viral tools ask for JSON by a system prompt naming their task.
    const viral = viralAnswer(req.body.messages.find((m) => m.role === 'system')?.content ?? '');
    if (viral !== null) return { chunks: [...textChunks(viral, 40), finished] };
    if (req.body.model === 'deepseek-reasoner')
      return {
        chunks: [...textChunks(e2eChat.reasoning, 4, 'reasoning'), ...textChunks(e2eChat.deepAnswer, 4), finished],
        chunkDelayMs: 30,
      };
    if (question.includes(e2eChat.longQuestion))
      return { chunks: [...textChunks(e2eChat.longAnswer, 3), finished], chunkDelayMs: 60 };
    return { chunks: [...textChunks(e2eChat.shortAnswer, 4), finished], chunkDelayMs: 10 };
  });
}
