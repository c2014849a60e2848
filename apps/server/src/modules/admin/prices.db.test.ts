import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiMediaMessages,
  analysisVideo,
  channelConsoleMessages,
  chatMessages,
  createImageGenerate,
  createVideoGenerate,
  generateScript,
  listChatRecords,
  listConsoleChannels,
  listImageGenerate,
  listTranslateLanguages,
  listVideoGenerate,
  protocolMessages,
  saveConsoleChannel,
  sendChatMessage,
  setUserRole,
  submitVideoTranslate,
  videoTranslateMessages,
  viralMessages,
  type ConsoleChannel,
  type ImageRecord,
  type VideoRecord,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { adminAudit } from '../../db/schema/index.js';
import { makeFakeMedia, startFakeKling, type FakeKling } from '../../engines/image/testing/fake-vendors.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { registerUpload } from '../works/testing/studio.js';
import { loginAs, newAccount, registerAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * Prices edited in the console are what the product charges next: AI pictures, AI videos per mode and
 * length, chat per model, video translation per second and the viral analysis, each written by an
 * operator or an admin, audited, refused to an ordinary user.
 */
let t: TestApp;
let kling: FakeKling;
let chat: FakeChatService;
let dir: string;
let admin: string;
let operator: string;
let plain: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'prices-'));
  kling = await startFakeKling(await makeFakeMedia(dir), { accessKey: 'ak', secretKey: 'sk', pollsBeforeDone: 1 });
  chat = await startFakeChatStream(() => ({ chunks: [...textChunks('这是一条为你生成的口播文案。'), finished] }));
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local',
    AI_MEDIA_POLL_INTERVAL_MS: '100',
    KLING_ACCESS_KEY: 'ak',
    KLING_SECRET_KEY: 'sk',
    KLING_BASE_URL: kling.url,
    CHAT_MODEL_URL: chat.url,
    TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.1',
    // Translation: configured, never reached (the orders below stop at the price).
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: 'http://127.0.0.1:9/v1',
    TEXT_MODEL_URL: 'http://127.0.0.1:9/v1',
  });
  admin = await loginAs(t, 'admin', 'admin12345');
  plain = (await registerAccount(t, admin, { username: 'price_user' })).token;
  const ops = await registerAccount(t, admin, { username: 'price_ops' });
  expect(await t.call(setUserRole, { id: ops.id, role: 'operator' }, { token: admin })).toMatchObject({ code: 0 });
  operator = await loginAs(t, 'price_ops', 'abc12345');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await kling?.close();
  await chat?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const channels = async (token = admin) =>
  (await t.call<{ list: ConsoleChannel[] }>(listConsoleChannels, {}, { token })).data.list;
const priceOf = async (kind: ConsoleChannel['kind'], api: string) =>
  (await channels()).find((c) => c.kind === kind && c.api === api)!;
/** Saves one price; name and sort stay as they are unless given. */
const setPrice = async (
  token: string,
  kind: ConsoleChannel['kind'],
  api: string,
  p: { credits: number; enabled?: number; name?: string; sort?: number },
) => {
  const now = (await channels()).find((c) => c.kind === kind && c.api === api);
  return t.call(
    saveConsoleChannel,
    {
      kind,
      api,
      name: p.name ?? now?.name ?? api,
      credits: p.credits,
      enabled: p.enabled ?? 1,
      sort: p.sort ?? now?.sort ?? 0,
    },
    { token },
  );
};
const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);

describe('console prices', () => {
  it('lists every kind with the shipped prices; an ordinary user is refused, an operator and an admin may save', async () => {
    const list = await channels();
    expect(new Set(list.map((c) => c.kind))).toEqual(
      new Set(['voice', 'video', 'photo', 'image', 'aivideo', 'chat', 'translate', 'viral', 'live']),
    );
    expect(list.find((c) => c.kind === 'image')).toMatchObject({ api: 'image', credits: 10, enabled: 1 });
    expect(list.filter((c) => c.kind === 'aivideo').map((c) => [c.api, c.credits, c.enabled])).toEqual([
      ['std-5', 360, 1],
      ['std-10', 720, 1],
      ['pro-5', 600, 0],
      ['pro-10', 1200, 0],
    ]);
    expect(list.filter((c) => c.kind === 'chat').map((c) => [c.api, c.credits])).toEqual([
      ['v3', 10],
      ['r1', 10],
    ]);
    expect(list.filter((c) => c.kind === 'viral').map((c) => c.api)).toEqual(['transcribe', 'model']);
    expect(list.filter((c) => c.kind === 'translate').map((c) => c.api)).toEqual(['1', '2']);

    expect(await setPrice(plain, 'image', 'image', { credits: 1 })).toMatchObject({
      code: 1,
      msg: protocolMessages.consoleOnly,
    });
    expect(await t.call(listConsoleChannels, {}, {})).toMatchObject({ code: 100 });
    expect(await setPrice(admin, 'chat', 'nope', { credits: 1 })).toMatchObject({
      code: 1,
      msg: channelConsoleMessages.missing,
    });
    // An operator (not an admin) changes a price too.
    expect(await setPrice(operator, 'viral', 'model', { credits: 12, name: '模型调用' })).toMatchObject({
      code: 0,
      msg: channelConsoleMessages.saved,
    });
    expect(await priceOf('viral', 'model')).toMatchObject({ credits: 12, name: '模型调用', enabled: 1 });
  });

  it('AI pictures: the next order holds and settles the new price, and the page shows it; switched off it is refused', async () => {
    const m = await newAccount(t, { credits: 1000 });
    expect(await setPrice(operator, 'image', 'image', { credits: 7 })).toMatchObject({ code: 0 });
    const listed = await t.call<{ service: { prices: { api: string; credits: number }[] } }>(
      listImageGenerate,
      { type: 'text' },
      { token: m.token },
    );
    expect(listed.data.service.prices).toEqual([{ api: 'image', credits: 7, enabled: true }]);
    const r = await t.call<{ id: number }>(createImageGenerate, { text: '雪山', num: 2 }, { token: m.token });
    expect(r.code, r.msg).toBe(0);
    expect(await balance(m)).toBe(1000 - 14);
    // A later price change does not touch an order already made.
    expect(await setPrice(admin, 'image', 'image', { credits: 50 })).toMatchObject({ code: 0 });
    const done = await waitFor(
      'picture',
      async () =>
        (await t.call<{ list: ImageRecord[] }>(listImageGenerate, { type: 'text' }, { token: m.token })).data.list.find(
          (x) => x.id === r.data.id && x.status >= 3,
        ),
      120_000,
    );
    expect(done).toMatchObject({ status: 3, credits: 14 });
    expect(await balance(m)).toBe(1000 - 14);

    expect(await setPrice(admin, 'image', 'image', { credits: 50, enabled: 0 })).toMatchObject({ code: 0 });
    expect(await t.call(createImageGenerate, { text: '海边', num: 1 }, { token: m.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.imageOff,
    });
    expect(await balance(m)).toBe(1000 - 14);
    const [audit] = await t.ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, 'channel:image:image'))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'channel.update',
      actorName: 'admin',
      before: { credits: 50, enabled: 1 },
      after: { credits: 50, enabled: 0 },
    });
  });

  it('AI videos: each mode and length has its own price; a length switched off is refused; pro stays off until turned on', async () => {
    const m = await newAccount(t, { credits: 5000 });
    expect(await setPrice(operator, 'aivideo', 'std-10', { credits: 500 })).toMatchObject({ code: 0 });
    const listed = await t.call<{ service: { prices: { api: string; credits: number }[] } }>(
      listVideoGenerate,
      { type: 'text' },
      { token: m.token },
    );
    expect(listed.data.service.prices.find((p) => p.api === 'std-10')).toEqual({
      api: 'std-10',
      credits: 500,
      enabled: true,
    });
    const r = await t.call<{ id: number }>(
      createVideoGenerate,
      { type: 'text', prompt: '城市延时', duration: '10' },
      { token: m.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(await balance(m)).toBe(5000 - 500);
    expect(
      await t.call(createVideoGenerate, { type: 'text', prompt: '海浪', mode: 'pro' }, { token: m.token }),
    ).toMatchObject({ code: 1, msg: aiMediaMessages.proUnavailable });
    expect(await setPrice(admin, 'aivideo', 'std-5', { credits: 360, enabled: 0 })).toMatchObject({ code: 0 });
    expect(await t.call(createVideoGenerate, { type: 'text', prompt: '海浪' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.videoOptionOff,
    });
    expect(await setPrice(admin, 'aivideo', 'pro-5', { credits: 640, enabled: 1 })).toMatchObject({ code: 0 });
    const pro = await t.call<{ id: number }>(
      createVideoGenerate,
      { type: 'text', prompt: '海浪', mode: 'pro' },
      { token: m.token },
    );
    expect(pro.code, pro.msg).toBe(0);
    expect(await balance(m)).toBe(5000 - 500 - 640);
    const done = await waitFor(
      'videos',
      async () => {
        const list = (await t.call<{ list: VideoRecord[] }>(listVideoGenerate, { type: 'text' }, { token: m.token }))
          .data.list;
        return list.every((x) => x.status >= 3) ? list : undefined;
      },
      180_000,
    );
    expect(done.map((x) => [x.status, x.credits])).toEqual([
      [3, 640],
      [3, 500],
    ]);
  });

  it('chat: the price of the chosen model is held and charged, and the page reads it; a model switched off is refused', async () => {
    const m = await newAccount(t, { credits: 100 });
    expect(await setPrice(operator, 'chat', 'r1', { credits: 25 })).toMatchObject({ code: 0 });
    const records = await t.call<{ prices: { model: string; credits: number }[] }>(
      listChatRecords,
      { page: 1, limit: 10 },
      { token: m.token },
    );
    expect(records.data.prices).toEqual([
      { model: 'v3', credits: 10, enabled: true },
      { model: 'r1', credits: 25, enabled: true },
    ]);
    const sent = await t.call<{ cid: number; mid: number }>(
      sendChatMessage,
      { content: '写一句咖啡店的口号', model: 'r1' },
      { token: m.token },
    );
    expect(sent.code, sent.msg).toBe(0);
    expect(await balance(m)).toBe(75);
    expect(await setPrice(admin, 'chat', 'v3', { credits: 10, enabled: 0 })).toMatchObject({ code: 0 });
    expect(await t.call(sendChatMessage, { content: '你好', model: 'v3' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: chatMessages.modelOff,
    });
    expect(await balance(m)).toBe(75);
    expect(await setPrice(admin, 'chat', 'v3', { credits: 10, enabled: 1 })).toMatchObject({ code: 0 });
  });

  it('viral analysis: a model call and a video analysis hold the new prices; switched off is refused', async () => {
    const m = await newAccount(t, { credits: 100 });
    const r = await t.call(generateScript, { action: 'polish', text: '咖啡很好喝' }, { token: m.token });
    expect(r.code, r.msg).toBe(0);
    // The model price is 12 since the first test.
    expect(await balance(m)).toBe(88);
    expect(await setPrice(admin, 'viral', 'transcribe', { credits: 80 })).toMatchObject({ code: 0 });
    // 80 + 12 held before the link is read: 88 is not enough.
    expect(await t.call(analysisVideo, { link: 'https://v.douyin.com/abc/' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: '积分不足',
    });
    expect(await balance(m)).toBe(88);
    expect(await setPrice(admin, 'viral', 'model', { credits: 12, enabled: 0 })).toMatchObject({ code: 0 });
    expect(await t.call(generateScript, { action: 'polish', text: '咖啡' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: viralMessages.serviceOff,
    });
  });

  it('video translation: the page lists the new price per second and the order is priced by it', async () => {
    const m = await newAccount(t);
    const file = path.join(dir, 'talk.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240:d=6',
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:d=6',
      '-shortest',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
    const fileId = await registerUpload(t, m.id, 'video', file);
    expect(await setPrice(operator, 'translate', '2', { credits: 9, name: '仅配音' })).toMatchObject({ code: 0 });
    const langs = await t.call<{ modes: { mode: number; credits: number; name: string }[] }>(
      listTranslateLanguages,
      {},
      { token: m.token },
    );
    expect(langs.data.modes.find((x) => x.mode === 2)).toMatchObject({ credits: 9, name: '仅配音' });
    const order = { file_id: fileId, source_lang: 'zh', target_lang: 'en', mode: 2 };
    const r = await t.call(submitVideoTranslate, order, { token: m.token });
    expect(r).toMatchObject({ code: 1, msg: videoTranslateMessages.notEnoughCredits(54, 0) });
    expect(await setPrice(admin, 'translate', '2', { credits: 9, enabled: 0 })).toMatchObject({ code: 0 });
    expect(await t.call(submitVideoTranslate, order, { token: m.token })).toMatchObject({
      code: 1,
      msg: videoTranslateMessages.modeUnavailable,
    });
  });
});
