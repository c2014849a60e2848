import type { FakeOpenAiTranscription } from '../../apps/server/src/engines/transcription/testing/fake-openai-transcription';
import { startListeningTranscriber } from '../../apps/server/src/engines/transcription/testing/listening-fake';

/**
 * What the e2e's fakes say for the viral-content journey: the speech heard in the viral video and the
 * model's JSON answers, chosen by the task the viral tools' system prompt names.
 */
export const e2eViral = {
  heard: ['家人们谁懂啊！', '这杯咖啡只要九块九。', '豆子是云南小粒，现磨现做。', '今天下单再送一杯，赶紧冲！'],
  hook: '开头一句“家人们谁懂啊”制造共鸣和好奇，让人停下来',
  beats: [
    { title: '共鸣钩子', text: '家人们谁懂啊' },
    { title: '价格冲击', text: '咖啡只要九块九' },
    { title: '品质背书', text: '云南小粒现磨现做' },
    { title: '限时号召', text: '下单再送一杯' },
  ],
  why: '低价与品质的反差加上限时福利，让人忍不住转发给朋友',
  mimicLine: (i: number) => `我的咖啡店第${i + 1}段台词，欢迎来坐坐。`,
} as const;

/** The model's answer for a viral tool's request, or null when the request is not one of theirs. */
export function viralAnswer(system: string): string | null {
  if (system.includes('爆款结构分析师'))
    return JSON.stringify({
      hook: e2eViral.hook,
      beats: e2eViral.beats,
      selling_points: ['九块九低价', '现磨品质'],
      emotions: ['好奇', '占便宜'],
      why: e2eViral.why,
    });
  if (system.includes('爆款文案仿写')) {
    const n = Number(/恰好 (\d+) 段/.exec(system)?.[1] ?? 1);
    return JSON.stringify({
      beats: Array.from({ length: n }, (_, i) => ({ title: `第${i + 1}段`, text: e2eViral.mimicLine(i) })),
    });
  }
  if (system.includes('账号定位顾问'))
    return JSON.stringify({
      positioning: '社区咖啡店主理人',
      audience: '附近上班族',
      pillars: ['平价手冲', '探店日常'],
      style: '亲切接地气',
      suggestions: ['固定开头口号'],
    });
  if (system.includes('选题策划')) {
    const n = Number(/提出 (\d+) 个/.exec(system)?.[1] ?? 3);
    return JSON.stringify({
      topics: Array.from({ length: n }, (_, i) => ({ title: `咖啡选题${i + 1}`, angle: '反差开头' })),
    });
  }
  if (system.includes('短视频编导')) {
    const n = Number(/恰好 (\d+) 个场景/.exec(system)?.[1] ?? 3);
    return JSON.stringify({
      scenes: Array.from({ length: n }, (_, i) => ({ text: `场景${i + 1}：欢迎来我的咖啡店。` })),
    });
  }
  if (system.includes('短视频口播文案')) return '新店开业第一天，咖啡九块九，快来尝尝！';
  return null;
}

/**
 * The OpenAI-compatible transcription the app under test uses. The viral share video's sound (6 s of
 * one steady tone, a single stretch) is heard as the viral script; any other upload is segmented at its
 * silences, as the translation journey needs.
 */
export function startE2eTranscription(): Promise<FakeOpenAiTranscription> {
  return startListeningTranscriber((stretches, duration) =>
    stretches.length === 1 && Math.abs(duration - 6) < 0.5
      ? e2eViral.heard.map((text, i) => ({ start: i * 1.5, end: i * 1.5 + 1.5, text }))
      : undefined,
  );
}
