import { afterEach, describe, expect, it } from 'vitest';
import { createChatStreamModel, TextModelError, type ChatDelta } from './index.js';
import { finished, startFakeChatStream, textChunks, type FakeChatService } from './testing/fake-chat-stream.js';

let fake: FakeChatService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ask = [{ role: 'user' as const, content: '你好' }];
async function collect(it: AsyncIterable<ChatDelta>): Promise<{ content: string; reasoning: string; deltas: number }> {
  let content = '';
  let reasoning = '';
  let deltas = 0;
  for await (const d of it) {
    deltas++;
    if (d.kind === 'content') content += d.text;
    else reasoning += d.text;
  }
  return { content, reasoning, deltas };
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as TextModelError,
  );

describe('OpenAI-compatible streaming chat', () => {
  it('streams content deltas to [DONE] with the model, stream flag and bearer key', async () => {
    fake = await startFakeChatStream(() => ({ chunks: [...textChunks('你好！我是你的助手。', 3), finished] }));
    const model = createChatStreamModel({ baseUrl: fake.url, apiKey: 'sk-1', model: 'deepseek-chat' });
    const out = await collect(model.stream(ask, new AbortController().signal));
    expect(out).toEqual({ content: '你好！我是你的助手。', reasoning: '', deltas: 4 });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-1');
    expect(req.body).toMatchObject({ model: 'deepseek-chat', stream: true, messages: ask });
  });

  it('keeps reasoning_content apart from the answer, and <think> blocks too', async () => {
    fake = await startFakeChatStream((_r, i) =>
      i === 0
        ? { chunks: [...textChunks('先想一想。', 2, 'reasoning'), ...textChunks('答案是42。', 2), finished] }
        : { chunks: [{ content: '<thi' }, { content: 'nk>嗯</th' }, { content: 'ink>好的' }, finished] },
    );
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'deepseek-reasoner' });
    expect(await collect(model.stream(ask, new AbortController().signal))).toMatchObject({
      content: '答案是42。',
      reasoning: '先想一想。',
    });
    expect(await collect(model.stream(ask, new AbortController().signal))).toMatchObject({
      content: '好的',
      reasoning: '嗯',
    });
  });

  it('fails with the vendor’s error mid-stream, and on a stream cut before [DONE]', async () => {
    fake = await startFakeChatStream((_r, i) =>
      i === 0
        ? { chunks: [{ content: '一半' }, { error: { message: 'overloaded', type: 'server_error' } }] }
        : { chunks: [{ content: '一半' }], done: false },
    );
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'm' });
    const seen: string[] = [];
    const err = await failure(
      (async () => {
        for await (const d of model.stream(ask, new AbortController().signal)) seen.push(d.text);
      })(),
    );
    expect(seen).toEqual(['一半']);
    expect(err).toBeInstanceOf(TextModelError);
    expect(err?.kind).toBe('service_down');
    const cut = await failure(collect(model.stream(ask, new AbortController().signal)));
    expect(cut?.kind).toBe('service_down');
  });

  it('reports a 429 at once as rate-limited, and an exhausted balance as quota', async () => {
    fake = await startFakeChatStream((_r, i) => ({
      status: 429,
      errorBody: { error: { message: i === 0 ? 'Rate limit reached' : 'insufficient_quota', type: 'rate_limit' } },
      chunks: [],
    }));
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'm', retries: 2, retryDelayMs: 5 });
    const err = await failure(collect(model.stream(ask, new AbortController().signal)));
    expect(err?.kind).toBe('rate_limited');
    expect(err?.message).toBe('文本模型繁忙，请稍后重试');
    expect(fake.requests).toHaveLength(1);
    expect((await failure(collect(model.stream(ask, new AbortController().signal))))?.kind).toBe('quota');
  });

  it('waits out a slow first byte and keep-alive comments, but not a silent service', async () => {
    fake = await startFakeChatStream((_r, i) =>
      i === 0
        ? { firstByteDelayMs: 300, thinkMs: 400, chunks: [{ content: '终于' }, finished] }
        : { firstByteDelayMs: 1500, chunks: [{ content: '太迟' }, finished] },
    );
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'm', idleTimeoutMs: 800, retries: 0 });
    const started = Date.now();
    expect((await collect(model.stream(ask, new AbortController().signal))).content).toBe('终于');
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    const err = await failure(collect(model.stream(ask, new AbortController().signal)));
    expect(err?.kind).toBe('timeout');
  });

  it('retries a service that is down before the stream, then streams', async () => {
    fake = await startFakeChatStream((_r, i) =>
      i === 0 ? { status: 503, chunks: [] } : { chunks: [{ content: '好' }, finished] },
    );
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'm', retries: 1, retryDelayMs: 5 });
    expect((await collect(model.stream(ask, new AbortController().signal))).content).toBe('好');
    expect(fake.requests).toHaveLength(2);
  });

  it('aborts the upstream request when the caller stops', async () => {
    fake = await startFakeChatStream(() => ({
      chunks: [...textChunks('很长的回答'.repeat(40), 2), finished],
      chunkDelayMs: 20,
    }));
    const model = createChatStreamModel({ baseUrl: fake.url, model: 'm' });
    const stop = new AbortController();
    let got = 0;
    const err = await failure(
      (async () => {
        for await (const _d of model.stream(ask, stop.signal)) if (++got === 3) stop.abort();
      })(),
    );
    expect(err).not.toBeInstanceOf(TextModelError);
    await expect.poll(() => fake?.requests[0]?.aborted, { timeout: 2000 }).toBe(true);
    expect(fake.requests[0]!.sent).toBeLessThan(20);
  });
});
