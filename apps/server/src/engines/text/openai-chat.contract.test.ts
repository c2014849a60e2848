import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { createTextModel, TextModelError } from './index.js';
import { textMessages } from './messages.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const answer = (content: string) => ({
  body: {
    id: 'c1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

describe('OpenAI-compatible text model', () => {
  it('polishes through /chat/completions with the model and bearer key', async () => {
    fake = await startLoopbackFake(() => answer('<think>想一想</think>大家好，欢迎光临！'));
    const model = createTextModel({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-1', model: 'deepseek-chat' });
    expect(await model.polish('大家好欢迎光临')).toBe('大家好，欢迎光临！');
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-1');
    const body = req.json<{ model: string; messages: { role: string; content: string }[] }>();
    expect(body.model).toBe('deepseek-chat');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: '大家好欢迎光临' });
  });

  it('asks for the chosen length when writing and names both languages when translating', async () => {
    fake = await startLoopbackFake(() => answer('文案'));
    const model = createTextModel({ baseUrl: fake.url, model: 'm' });
    await model.aiWrite('春季新品上市', 300);
    await model.translate('你好', '中文', '英语');
    const write = fake.requests[0]!.json<{ messages: { content: string }[] }>();
    expect(write.messages[0]?.content).toContain('约300字');
    expect(write.messages[1]?.content).toContain('春季新品上市');
    const translate = fake.requests[1]!.json<{ messages: { content: string }[] }>();
    expect(translate.messages[0]?.content).toContain('从中文翻译成英语');
  });

  it('without configuration fails with the exact message', async () => {
    const err = await createTextModel(undefined)
      .polish('x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextModelError);
    expect((err as TextModelError).message).toBe(textMessages.notConfigured);
  });

  it('retries 5xx, not 4xx, and recognises an exhausted balance', async () => {
    fake = await startLoopbackFake((_r, i) => (i < 2 ? { status: 500, body: 'oops' } : answer('好')));
    const model = createTextModel({ baseUrl: fake.url, model: 'm', retries: 2, retryDelayMs: 5 });
    expect(await model.polish('好')).toBe('好');
    expect(fake.requests).toHaveLength(3);
    await fake.close();

    fake = await startLoopbackFake(() => ({
      status: 429,
      body: { error: { code: 'insufficient_quota', message: 'You exceeded your quota' } },
    }));
    const broke = createTextModel({ baseUrl: fake.url, model: 'm', retries: 2, retryDelayMs: 5 });
    const err = await broke.polish('好').catch((e: unknown) => e);
    expect((err as TextModelError).kind).toBe('quota');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out with a clear message', async () => {
    fake = await startLoopbackFake(() => ({ ...answer('慢'), delayMs: 1000 }));
    const model = createTextModel({ baseUrl: fake.url, model: 'm', timeoutMs: 150, retries: 0 });
    const err = await model.polish('好').catch((e: unknown) => e);
    expect((err as TextModelError).message).toBe(textMessages.timeout);
  });
});
