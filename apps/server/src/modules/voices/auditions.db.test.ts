import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiWrite,
  getAudition,
  listVoices,
  polishText,
  startAudition,
  translateText,
  voiceMessages,
  type Voice,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { voices } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake } from '../../../test/loopback-fake.js';
import { newAccount } from '../../../test/accounts.js';

type Poll = { status: number; url: string; file_id: number; duration: number; fail_reason: string };

/** A loopback stand-in for an OpenAI-compatible chat service that echoes what it was asked. */
async function fakeChatModel(): Promise<{ url: string; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server = await startLoopbackFake((req) => {
    const messages = req.json<{ messages: { content: string }[] }>().messages;
    const user = messages[messages.length - 1]?.content ?? '';
    asked.push(messages.map((m) => m.content).join('\n'));
    return { json: { choices: [{ message: { role: 'assistant', content: `模型回答：${user}` } }] } };
  });
  return { url: `${server.url}/v1`, asked, close: server.close };
}

let app: TestApp;
let bare: TestApp;
let chat: Awaited<ReturnType<typeof fakeChatModel>>;
let user: { id: number; token: string };
let publicVoice: Voice;

beforeAll(async () => {
  chat = await fakeChatModel();
  // Auditions use the public voices only: no demo actors or photos to prepare with ffmpeg first.
  app = await buildTestApp({ TEXT_MODEL_URL: chat.url, AUDITION_PER_MINUTE: '4' });
  bare = await buildTestApp();
  user = await newAccount(app, { username: 'listen01' });
  const list = await app.call<{ list: Voice[] }>(listVoices, { source: '2' }, { token: user.token });
  const first = list.data.list[0];
  if (!first) throw new Error('no public voice');
  publicVoice = first;
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  await chat?.close();
});

async function poll(jobId: string): Promise<Poll> {
  for (let i = 0; i < 200; i++) {
    const { data } = await app.call<Poll>(getAudition, { job_id: jobId }, { token: user.token });
    if (data.status === 3 || data.status === 4) return data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('audition never finished');
}

describe('audition', () => {
  it('speaks the text with pauses into a playable file of the caller', async () => {
    const started = await app.call<{ job_id: string }>(
      startAudition,
      {
        voice_id: publicVoice.id,
        text: '你好，欢迎收听。<break time="1s"/>这是一段试听。',
        rate: 1,
        volume: 1,
        pitch: 1,
      },
      { token: user.token },
    );
    expect(started.code, started.msg).toBe(0);
    const done = await poll(started.data.job_id);
    expect(done).toMatchObject({ status: 3, fail_reason: '' });
    expect(done.file_id).toBeGreaterThan(0);
    expect(done.duration).toBeGreaterThan(1.5);
    const res = await app.app.inject({ method: 'GET', url: done.url });
    expect(res.statusCode).toBe(200);
    const other = await newAccount(app, { username: 'listen02' });
    expect((await app.call(getAudition, { job_id: started.data.job_id }, { token: other.token })).msg).toBe(
      voiceMessages.auditionMissing,
    );
    expect((await app.call(getAudition, { job_id: 'not-a-job' }, { token: user.token })).msg).toBe(
      voiceMessages.auditionMissing,
    );
  });

  it('is slower at a lower rate', async () => {
    const text = '数字人视频创作平台让每个人都能拥有自己的虚拟主播。';
    const at = async (rate: number) => {
      const s = await app.call<{ job_id: string }>(
        startAudition,
        { voice_id: publicVoice.id, text, rate },
        { token: user.token },
      );
      return (await poll(s.data.job_id)).duration;
    };
    const normal = await at(1);
    const slow = await at(0.5);
    expect(slow).toBeGreaterThan(normal * 1.5);
    expect(normal).toBeGreaterThan(0);
  });

  it('refuses empty text, cloning and failed voices, too long scripts, and more than the per-minute limit', async () => {
    const base = { voice_id: publicVoice.id };
    expect((await app.call(startAudition, { ...base, text: '<break time="1s"/>' }, { token: user.token })).msg).toBe(
      voiceMessages.auditionNeeds,
    );
    expect((await app.call(startAudition, { ...base, text: '字'.repeat(10001) }, { token: user.token })).msg).toBe(
      voiceMessages.scriptTooLong(10000),
    );
    const db = app.ctx.database.db;
    const [mine] = await db
      .insert(voices)
      .values({ userId: user.id, name: '训练中', api: 'local', generateStatus: 1 })
      .returning();
    if (!mine) throw new Error('no voice');
    expect((await app.call(startAudition, { voice_id: mine.id, text: '你好' }, { token: user.token })).msg).toBe(
      voiceMessages.cloning,
    );
    await db.update(voices).set({ generateStatus: 3 }).where(eq(voices.id, mine.id));
    expect((await app.call(startAudition, { voice_id: mine.id, text: '你好' }, { token: user.token })).msg).toBe(
      voiceMessages.cloneFailed,
    );
    const stranger = await newAccount(app, { username: 'listen03' });
    expect((await app.call(startAudition, { voice_id: mine.id, text: '你好' }, { token: stranger.token })).msg).toBe(
      voiceMessages.voiceMissing,
    );
    // Three auditions ran above within this minute; the limit here is four.
    expect((await app.call(startAudition, { ...base, text: '第四次' }, { token: user.token })).code).toBe(0);
    expect((await app.call(startAudition, { ...base, text: '第五次' }, { token: user.token })).msg).toBe(
      voiceMessages.auditionTooFrequent,
    );
    expect((await app.call(startAudition, { ...base, text: '别人不受影响' }, { token: stranger.token })).code).toBe(0);
  });
});

describe('script tools', () => {
  it('adds tone marks offline, without a text model', async () => {
    const bareUser = await newAccount(bare, { username: 'tones01' });
    const { data, code } = await bare.call<{ content: string }>(
      polishText,
      { text: '我们去银行，不要长大。', action: 'emotion' },
      { token: bareUser.token },
    );
    expect(code).toBe(0);
    expect(data.content).toContain('行(háng)');
    expect(data.content).toContain('<break time="0.3s"/>');
    expect((await bare.call(polishText, { text: '  ' }, { token: bareUser.token })).msg).toBe(
      voiceMessages.textRequired,
    );
  });

  it('says the text model is not configured instead of making text up', async () => {
    const bareUser = await newAccount(bare, { username: 'tones02' });
    for (const [ep, params] of [
      [polishText, { text: '你好' }],
      [translateText, { text: '你好', target: 'en' }],
      [aiWrite, { keyword: '咖啡店开业', length: '150' }],
    ] as const) {
      expect(await bare.call(ep, params, { token: bareUser.token })).toMatchObject({
        code: 1,
        msg: voiceMessages.textModelMissing,
      });
    }
  });

  it('polishes, translates and writes through the configured model', async () => {
    const polished = await app.call<{ content: string }>(polishText, { text: '今天天气好' }, { token: user.token });
    expect(polished.data.content).toBe('模型回答：今天天气好');
    const translated = await app.call<{ text: string; target: string }>(
      translateText,
      { text: '你好', source: 'zh', target: 'en' },
      { token: user.token },
    );
    expect(translated.data).toEqual({ text: '模型回答：你好', target: 'en' });
    expect(chat.asked.at(-1)).toContain('英语');
    const written = await app.call<{ content: string }>(
      aiWrite,
      { keyword: '咖啡店开业', length: '300' },
      { token: user.token },
    );
    expect(written).toMatchObject({ code: 0, msg: voiceMessages.writeDone });
    expect(written.data.content).toContain('咖啡店开业');
    expect(chat.asked.at(-1)).toContain('约300字');
    expect((await app.call(aiWrite, { keyword: ' ', length: '0' }, { token: user.token })).msg).toBe(
      voiceMessages.topicRequired,
    );
    expect((await app.call(aiWrite, { keyword: '字'.repeat(501) }, { token: user.token })).code).toBe(1);
  });
});
