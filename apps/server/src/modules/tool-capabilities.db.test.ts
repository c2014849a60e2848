import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  analysisIp,
  analysisVideo,
  commonMessages,
  cozeDraft,
  createImageGenerate,
  createVideoGenerate,
  editTextMaterial,
  generateScript,
  getSiteSettings,
  listEngineSettings,
  mimicScript,
  proposeTopics,
  saveConsoleSite,
  saveEngineSettings,
  sendChatMessage,
  submitVideoTranslate,
  type EngineToolRow,
  type Endpoint,
  type SiteSettings,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { loginAs, newAccount, type TestAccount } from '../../test/accounts.js';
import { creditBatches, creditLogs, creditReservations } from '../db/schema/index.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatService,
} from '../engines/text/testing/fake-chat-stream.js';

/** What an operator configures (a variable name): never in a user's words. */
const OPERATOR_WORDS = /[A-Z]{3,}_[A-Z_]+/;

/** Every tool of the default install that needs an engine, each with one paying call a user would make. */
const refusedCalls: [tool: string, call: Endpoint, params: Record<string, string | number>][] = [
  ['explosiveAnalysis', analysisVideo, { link: 'https://v.douyin.com/abc123/' }],
  ['copywrite', generateScript, { action: 'generate', topic: '夏季防晒' }],
  ['copywrite', mimicScript, { id: 1, topic: '夏季防晒' }],
  ['copywrite', analysisIp, { text: '美妆博主，分享平价好物' }],
  ['copywrite', proposeTopics, { text: '美妆博主', count: 3 }],
  ['cozeVideo', cozeDraft, { topic: '夏季防晒', video_ids: '1', voice_id: 1 }],
  ['aiChat', sendChatMessage, { content: '你好' }],
  ['wsImage', createImageGenerate, { text: '一只橘猫' }],
  ['wsVideo', createVideoGenerate, { type: 'text', prompt: '海边日落' }],
  ['tsVideo', createVideoGenerate, { type: 'image', prompt: '海边日落', image_mode: '1' }],
  ['sea', submitVideoTranslate, { file_id: 1, source_lang: 'zh', target_lang: 'en', mode: '2' }],
  // A pasted text's analysis (爆款复刻's text tab) goes through the text materials call.
  ['copywrite', editTextMaterial, { text: '开头三秒抓住注意力……', name: '脚本' }],
];

let t: TestApp;
let user: TestAccount;
let admin: string;
let chat: FakeChatService;

beforeAll(async () => {
  chat = await startFakeChatStream(() => ({ chunks: [...textChunks('好'), finished] }));
  t = await buildTestApp();
  user = await newAccount(t, { credits: 1000 });
  admin = await loginAs(t, 'admin', 'admin12345');
});
afterAll(async () => {
  await t?.close();
  await chat?.close();
});

const settings = async () => (await t.call<SiteSettings>(getSiteSettings)).data;
const ledger = async () => {
  const db = t.ctx.database.db;
  const batches = await db.select().from(creditBatches).where(eq(creditBatches.userId, user.id));
  return {
    balance: batches.reduce((s, b) => s + b.creditsLeft, 0),
    logs: (await db.select().from(creditLogs).where(eq(creditLogs.userId, user.id))).length,
    holds: (await db.select().from(creditReservations).where(eq(creditReservations.userId, user.id))).length,
  };
};

describe('tools whose engine is not configured', () => {
  it('are marked unavailable in the site settings, in the user words; offline tools are not listed', async () => {
    const states = (await settings()).tool_states;
    for (const [tool] of refusedCalls)
      expect(states[tool], tool).toEqual({ available: false, reason: commonMessages.toolUnavailable });
    // Extraction, photo speak and the copy trace work offline: nothing to say about them.
    for (const tool of ['extraction', 'audioExtraction', 'imageSpeak', 'copyTrace'])
      expect(states[tool]).toBeUndefined();
  });

  it('refuse every paying call with code 1 and the user words, before anything is held or charged', async () => {
    const before = await ledger();
    expect(before).toMatchObject({ balance: 1000, holds: 0 });
    for (const [tool, call, params] of refusedCalls) {
      const r = await t.call(call, params, { token: user.token });
      expect({ tool, path: call.path, code: r.code, msg: r.msg }).toEqual({
        tool,
        path: call.path,
        code: 1,
        msg: commonMessages.toolUnavailable,
      });
      expect(r.msg).not.toMatch(OPERATOR_WORDS);
    }
    expect(await ledger()).toEqual(before);
  });

  it('list on the console engines screen what the operator still has to configure, and follow a change at once', async () => {
    const tools = async () =>
      (await t.call<{ tools: EngineToolRow[] }>(listEngineSettings, {}, { token: admin })).data.tools;
    const chatTool = (list: EngineToolRow[]) => list.find((x) => x.key === 'aiChat')!;
    const sea = (await tools()).find((x) => x.key === 'sea')!;
    expect(sea.available).toBe(false);
    expect(sea.missing.join('\n')).toMatch(/TRANSCRIPTION_ENGINE[\s\S]*TEXT_MODEL_URL/);
    expect(chatTool(await tools())).toMatchObject({
      available: false,
      missing: [expect.stringMatching(/CHAT_MODEL_URL/)],
    });

    const saved = await t.call(
      saveEngineSettings,
      { engine: 'chat', values: JSON.stringify({ CHAT_MODEL_URL: chat.url }) },
      { token: admin },
    );
    expect(saved.code).toBe(0);
    expect(chatTool(await tools())).toMatchObject({ available: true, missing: [] });
    const states = (await settings()).tool_states;
    expect(states.aiChat).toEqual({ available: true, reason: '' });
    expect(states.cozeVideo?.available).toBe(true);
    // 爆款复刻 also needs speech recognition.
    expect(states.explosiveAnalysis?.available).toBe(false);
  });

  it('are hidden from users when the operator says so on the console site screen', async () => {
    expect((await settings()).unavailable_features).toBe('disable');
    const r = await t.call(saveConsoleSite, { unavailable_features: 'hide' }, { token: admin });
    expect(r.code).toBe(0);
    expect((await settings()).unavailable_features).toBe('hide');
    expect(await t.call(saveConsoleSite, { unavailable_features: 'never' }, { token: admin })).toMatchObject({
      code: 1,
    });
  });
});
