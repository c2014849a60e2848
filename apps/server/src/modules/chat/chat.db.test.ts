import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  CHAT_STATUS,
  chatAnswerStream,
  chatMessages,
  deleteChatRecord,
  deleteTextMaterial,
  editTextMaterial,
  listChatMessages,
  listChatRecords,
  listTextMaterials,
  saveTextMaterial,
  sendChatMessage,
  type ChatMessage,
  type ChatRecord,
  type TextMaterial,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { chatMessages as messageRows, creditReservations } from '../../db/schema/index.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatPlan,
  type FakeChatRequest,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import { testLedger } from '../billing/testing/ledger.js';
import { estimateTokens } from './context-budget.js';
import { createChatModule } from './module.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

const BUDGET = 400;
let t: TestApp;
let fake: FakeChatService;
let port: number;
/** What the fake model does with the next request. */
let plan: (req: FakeChatRequest) => FakeChatPlan = () => ({ chunks: [...textChunks('这是回答。'), finished] });

beforeAll(async () => {
  fake = await startFakeChatStream((req) => plan(req));
  t = await buildTestApp({ CHAT_MODEL_URL: fake.url, CHAT_CONTEXT_TOKENS: String(BUDGET) });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);
const lastRequest = () => fake.requests.at(-1)!;

async function send(m: TestAccount, content: string, extra: Record<string, string | number> = {}) {
  return t.call<{ cid: number; mid: number }>(sendChatMessage, { content, ...extra }, { token: m.token });
}

interface Streamed {
  events: { event: string; data: Record<string, unknown> }[];
  answer: string;
  reasoning: string;
  json?: { code: number; msg: string };
}
function parse(text: string): Streamed {
  const events = text
    .split('\n\n')
    .filter((b) => b.startsWith('event: '))
    .map((b) => {
      const [name, data] = b.split('\n');
      return { event: name!.slice(7), data: JSON.parse(data!.slice(6)) as Record<string, unknown> };
    });
  const joined = (kind: string) =>
    events
      .filter((e) => e.event === kind)
      .map((e) => String(e.data.message))
      .join('');
  return { events, answer: joined('message'), reasoning: joined('reasoning') };
}

/** Reads the answer stream; with `leaveAfter` the client goes away after that many answer characters. */
function stream(m: TestAccount, cid: number, mid: number, leaveAfter?: number): Promise<Streamed> {
  const qs = new URLSearchParams({ token: m.token, cid: String(cid), mid: String(mid) });
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `${chatAnswerStream.path}?${qs}` }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += String(c);
        if (leaveAfter !== undefined && parse(text).answer.length >= leaveAfter) {
          req.destroy();
          resolve(parse(text));
        }
      });
      res.on('end', () =>
        resolve(
          String(res.headers['content-type']).includes('json')
            ? { ...parse(''), json: JSON.parse(text) as { code: number; msg: string } }
            : parse(text),
        ),
      );
    });
    req.on('error', (e) => (leaveAfter === undefined ? reject(e) : undefined));
  });
}

async function answerRow(mid: number) {
  const [row] = await t.ctx.database.db.select().from(messageRows).where(eq(messageRows.id, mid));
  return row!;
}
const reservationOf = async (mid: number) => {
  const row = await answerRow(mid);
  const [r] = await t.ctx.database.db
    .select()
    .from(creditReservations)
    .where(eq(creditReservations.jobKey, row.jobKey!));
  return r!;
};

describe('asking and answering', () => {
  it('streams the answer, charges 10 points once, titles the conversation by its first question', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [...textChunks('你好，我可以帮你写文案。', 4), finished], chunkDelayMs: 5 });
    const sent = await send(m, '  帮我写一段夏季防晒霜的口播文案，要求活泼有趣，适合抖音短视频使用  ');
    expect(sent.code).toBe(0);
    expect(await balance(m)).toBe(90);
    const out = await stream(m, sent.data.cid, sent.data.mid);
    expect(out.answer).toBe('你好，我可以帮你写文案。');
    expect(out.events.filter((e) => e.event === 'message').length).toBeGreaterThan(1);
    expect(out.events.at(-1)).toMatchObject({ event: 'done', data: { status: CHAT_STATUS.done, credits: 10 } });
    expect(lastRequest().body).toMatchObject({ model: 'deepseek-chat', stream: true });
    expect(await balance(m)).toBe(90);
    expect((await reservationOf(sent.data.mid)).status).toBe('settled');

    const records = await t.call<{ list: ChatRecord[] }>(
      listChatRecords,
      { page: 1, limit: 99999 },
      { token: m.token },
    );
    expect(records.data.list).toEqual([
      {
        id: sent.data.cid,
        title: '帮我写一段夏季防晒霜的口播文案，要求活泼有趣，适合抖音短视频…',
        create_time: expect.any(String) as string,
      },
    ]);
    const list = await t.call<{ list: ChatMessage[] }>(listChatMessages, { cid: sent.data.cid }, { token: m.token });
    expect(list.data.list.map((x) => [x.role, x.content, x.status])).toEqual([
      ['user', '帮我写一段夏季防晒霜的口播文案，要求活泼有趣，适合抖音短视频使用', CHAT_STATUS.done],
      ['assistant', '你好，我可以帮你写文案。', CHAT_STATUS.done],
    ]);
    // Opened again, a finished answer is replayed whole and charges nothing more.
    expect((await stream(m, sent.data.cid, sent.data.mid)).answer).toBe('你好，我可以帮你写文案。');
    expect(await balance(m)).toBe(90);
  });

  it('sends r1 to the reasoner and keeps its reasoning apart from the answer', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({
      chunks: [...textChunks('用户想要一句问候。', 3, 'reasoning'), ...textChunks('早上好！'), finished],
    });
    const sent = await send(m, '说句问候', { model: 'r1' });
    const out = await stream(m, sent.data.cid, sent.data.mid);
    expect(lastRequest().body.model).toBe('deepseek-reasoner');
    expect(out).toMatchObject({ answer: '早上好！', reasoning: '用户想要一句问候。' });
    const row = await answerRow(sent.data.mid);
    expect(row).toMatchObject({ content: '早上好！', reasoning: '用户想要一句问候。', model: 'r1' });
  });

  it('refuses a blank question, an unknown model and a short balance, writing nothing', async () => {
    const m = await newAccount(t, { credits: 5 });
    for (const content of ['', '   \n '])
      expect(await send(m, content)).toMatchObject({ code: 1, msg: chatMessages.contentRequired });
    expect(await t.call(sendChatMessage, {}, { token: m.token })).toMatchObject({
      code: 1,
      msg: chatMessages.contentRequired,
    });
    expect((await send(m, '你好', { model: 'gpt' })).code).toBe(1);
    expect(await send(m, '你好')).toMatchObject({ code: 1, msg: accountMessages.creditsShort });
    const records = await t.call<{ total: number }>(listChatRecords, { page: 1, limit: 99999 }, { token: m.token });
    expect(records.data.total).toBe(0);
    expect(await balance(m)).toBe(5);
  });
});

describe('charging when an answer ends early', () => {
  it('refunds when the model fails before answering (429) and says why', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ status: 429, errorBody: { error: { message: 'Rate limit reached' } }, chunks: [] });
    const sent = await send(m, '你好');
    const out = await stream(m, sent.data.cid, sent.data.mid);
    expect(out.events).toEqual([{ event: 'error', data: { code: 1, msg: '文本模型繁忙，请稍后重试' } }]);
    expect(await balance(m)).toBe(100);
    expect(await answerRow(sent.data.mid)).toMatchObject({ status: CHAT_STATUS.failed, creditsCharged: 0 });
    expect((await reservationOf(sent.data.mid)).status).toBe('refunded');
  });

  it('keeps and charges the part received when the model fails mid-answer', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [{ content: '前半段' }, { error: { message: 'overloaded' } }] });
    const sent = await send(m, '你好');
    const out = await stream(m, sent.data.cid, sent.data.mid);
    expect(out.answer).toBe('前半段');
    expect(out.events.at(-1)?.event).toBe('error');
    expect(await balance(m)).toBe(90);
    expect(await answerRow(sent.data.mid)).toMatchObject({
      status: CHAT_STATUS.stopped,
      content: '前半段',
      creditsCharged: 10,
    });
  });

  it('a client that stops mid-answer aborts the upstream request; the part is saved and charged', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [...textChunks('一'.repeat(400), 2), finished], chunkDelayMs: 20 });
    const sent = await send(m, '写长一点');
    const out = await stream(m, sent.data.cid, sent.data.mid, 10);
    expect(out.answer.length).toBeGreaterThanOrEqual(10);
    await expect.poll(() => lastRequest().aborted, { timeout: 5000 }).toBe(true);
    expect(lastRequest().sent).toBeLessThan(150);
    await expect.poll(async () => (await answerRow(sent.data.mid)).status, { timeout: 5000 }).toBe(CHAT_STATUS.stopped);
    const row = await answerRow(sent.data.mid);
    expect(row.content.length).toBeGreaterThanOrEqual(10);
    expect(row.creditsCharged).toBe(10);
    expect(await balance(m)).toBe(90);
  });

  it('a client that leaves before any answer is refunded', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ thinkMs: 3000, chunks: [{ content: '迟到' }, finished] });
    const asked = fake.requests.length;
    const sent = await send(m, '你好', { model: 'r1' });
    const qs = new URLSearchParams({ token: m.token, cid: String(sent.data.cid), mid: String(sent.data.mid) });
    const req = http.get({ host: '127.0.0.1', port, path: `${chatAnswerStream.path}?${qs}` });
    req.on('error', () => undefined);
    await expect
      .poll(() => fake.requests.length > asked && fake.requests.at(-1)?.body.messages.at(-1)?.content === '你好')
      .toBe(true);
    req.destroy();
    await expect.poll(async () => (await answerRow(sent.data.mid)).status, { timeout: 5000 }).toBe(CHAT_STATUS.stopped);
    await expect.poll(() => lastRequest().aborted, { timeout: 5000 }).toBe(true);
    expect(await balance(m)).toBe(100);
  });

  it('one answer opened twice at once streams to one client and is charged once', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [...textChunks('只回答一次。', 2), finished], chunkDelayMs: 5 });
    const sent = await send(m, '同时打开两次');
    const requestsBefore = fake.requests.length;
    const both = await Promise.all([stream(m, sent.data.cid, sent.data.mid), stream(m, sent.data.cid, sent.data.mid)]);
    const whole = both.filter((o) => o.events.at(-1)?.event === 'done');
    const refused = both.filter((o) => o.events.at(-1)?.event !== 'done');
    expect(whole).toHaveLength(1);
    expect(whole[0]!.answer).toBe('只回答一次。');
    expect(refused).toHaveLength(1);
    const why = refused[0]!.json?.msg ?? refused[0]!.events.at(-1)?.data.msg;
    expect(why).toBe(chatMessages.alreadyStreaming);
    expect(fake.requests.length - requestsBefore).toBeLessThanOrEqual(2);
    expect(await answerRow(sent.data.mid)).toMatchObject({ status: CHAT_STATUS.done, content: '只回答一次。' });
    expect(await balance(m)).toBe(90);
    expect((await reservationOf(sent.data.mid)).status).toBe('settled');
  });

  it('an answer another process claimed first is not streamed here, saved or settled', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [...textChunks('这里不该出现。', 2), finished], chunkDelayMs: 5 });
    const sent = await send(m, '另一个进程先打开了');
    // Another API process took the answer for its stream between the question and this stream.
    await t.ctx.database.db
      .update(messageRows)
      .set({ status: CHAT_STATUS.streaming })
      .where(eq(messageRows.id, sent.data.mid));
    const out = await stream(m, sent.data.cid, sent.data.mid);
    expect(out.events.at(-1)).toMatchObject({ event: 'error', data: { code: 1, msg: chatMessages.alreadyStreaming } });
    expect(await answerRow(sent.data.mid)).toMatchObject({ status: CHAT_STATUS.streaming, content: '' });
    expect((await reservationOf(sent.data.mid)).status).toBe('held');
    expect(await balance(m)).toBe(90);
  });

  it('a question whose stream never opens is given up by the sweep and refunded', async () => {
    const m = await newAccount(t, { credits: 100 });
    const sent = await send(m, '你好');
    expect(await balance(m)).toBe(90);
    await t.ctx.database.db
      .update(messageRows)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(messageRows.id, sent.data.mid));
    const handlers = createChatModule().jobs!.handlers(t.ctx);
    await (handlers['chat.sweep-open-answers'] as (p: object) => Promise<void>)({});
    expect(await answerRow(sent.data.mid)).toMatchObject({ status: CHAT_STATUS.failed });
    expect(await balance(m)).toBe(100);
  });
});

describe('ownership', () => {
  it('refuses another user’s conversation and answer on every call', async () => {
    const owner = await newAccount(t, { credits: 100 });
    const other = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [{ content: '秘密' }, finished] });
    const sent = await send(owner, '我的问题');
    const { cid, mid } = sent.data;
    expect(await t.call(listChatMessages, { cid }, { token: other.token })).toMatchObject({
      code: 1,
      msg: chatMessages.conversationMissing,
    });
    expect(await send(other, '插一句', { cid })).toMatchObject({ code: 1, msg: chatMessages.conversationMissing });
    expect((await stream(other, cid, mid)).json).toMatchObject({ code: 1, msg: chatMessages.messageMissing });
    const mine = await send(other, '我自己的');
    // An own answer under someone else's conversation id, and the reverse, are refused too.
    expect((await stream(other, cid, mine.data.mid)).json).toMatchObject({ code: 1 });
    expect((await stream(owner, mine.data.cid, mid)).json).toMatchObject({ code: 1 });
    expect(await t.call(deleteChatRecord, { id: cid }, { token: other.token })).toMatchObject({ code: 1 });
    const records = await t.call<{ list: ChatRecord[] }>(
      listChatRecords,
      { page: 1, limit: 99999 },
      { token: other.token },
    );
    expect(records.data.list.map((r) => r.id)).toEqual([mine.data.cid]);
    // Without a token the stream answers code 100 before opening.
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port, path: `${chatAnswerStream.path}?cid=${cid}&mid=${mid}` }, resolve),
    );
    let body = '';
    for await (const c of res) body += String(c);
    expect(JSON.parse(body)).toMatchObject({ code: 100 });
    // The owner's answer is still there to stream.
    expect((await stream(owner, cid, mid)).answer).toBe('秘密');
  });
});

describe('deletion', () => {
  it('deletes a conversation with its messages; an answer still waiting is refunded', async () => {
    const m = await newAccount(t, { credits: 100 });
    plan = () => ({ chunks: [{ content: '好' }, finished] });
    const first = await send(m, '第一问');
    await stream(m, first.data.cid, first.data.mid);
    const waiting = await send(m, '第二问', { cid: first.data.cid });
    expect(await balance(m)).toBe(80);
    expect(await t.call(deleteChatRecord, { id: first.data.cid }, { token: m.token })).toMatchObject({
      code: 0,
      msg: chatMessages.deleted,
    });
    expect(await balance(m)).toBe(90);
    expect(
      (await t.call<{ total: number }>(listChatRecords, { page: 1, limit: 99999 }, { token: m.token })).data.total,
    ).toBe(0);
    expect(await t.call(listChatMessages, { cid: first.data.cid }, { token: m.token })).toMatchObject({ code: 1 });
    expect((await stream(m, first.data.cid, waiting.data.mid)).json).toMatchObject({ code: 1 });
    expect(await t.call(deleteChatRecord, { id: first.data.cid }, { token: m.token })).toMatchObject({ code: 1 });
  });
});

describe('context budget', () => {
  it('sends earlier turns within the budget, oldest dropped first, never starting on an answer', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const long = (n: number) => `第${n}轮：${'文'.repeat(70)}`;
    plan = (req) => ({ chunks: [{ content: `答${req.body.messages.length}${'案'.repeat(60)}` }, finished] });
    let cid: number | undefined;
    for (let n = 1; n <= 5; n++) {
      const sent = await send(m, long(n), cid ? { cid } : {});
      cid = sent.data.cid;
      await stream(m, cid, sent.data.mid);
    }
    const messages = lastRequest().body.messages;
    expect(messages[0]?.role).toBe('system');
    expect(messages.at(-1)).toEqual({ role: 'user', content: long(5) });
    const context = messages.slice(1);
    expect(context.reduce((s, x) => s + estimateTokens(x.content), 0)).toBeLessThanOrEqual(BUDGET);
    expect(context[0]?.role).toBe('user');
    expect(context.map((x) => x.content)).not.toContain(long(1));
    expect(context.map((x) => x.content)).toContain(long(4));
    // The first questions of the conversation went whole while they fitted.
    expect(
      fake.requests
        .at(-4)
        ?.body.messages.slice(1)
        .map((x) => x.content),
    ).toContain(long(1));
  });
});

describe('text materials', () => {
  it('saves, lists, edits and deletes the caller’s own texts only', async () => {
    const m = await newAccount(t);
    const other = await newAccount(t);
    expect(await t.call(saveTextMaterial, { name: '', source: 'chat', text: '  ' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: chatMessages.materialTextRequired,
    });
    const saved = await t.call<{ id: number }>(
      saveTextMaterial,
      { name: '', source: 'chat', text: '夏天到了，防晒霜要选对。' },
      { token: m.token },
    );
    expect(saved).toMatchObject({ code: 0, msg: chatMessages.materialSaved });
    const list = await t.call<{ list: TextMaterial[] }>(listTextMaterials, { page: 1, limit: 20 }, { token: m.token });
    expect(list.data.list).toMatchObject([
      { id: saved.data.id, name: '夏天到了，防晒霜要选对。', source: 'chat', text: '夏天到了，防晒霜要选对。' },
    ]);
    expect(
      (await t.call<{ total: number }>(listTextMaterials, { page: 1, limit: 20 }, { token: other.token })).data.total,
    ).toBe(0);
    expect(await t.call(editTextMaterial, { id: saved.data.id, name: '偷改' }, { token: other.token })).toMatchObject({
      code: 1,
      msg: chatMessages.materialMissing,
    });
    expect(await t.call(deleteTextMaterial, { id: saved.data.id }, { token: other.token })).toMatchObject({ code: 1 });
    expect((await t.call(editTextMaterial, { id: saved.data.id, name: '防晒文案' }, { token: m.token })).code).toBe(0);
    const after = await t.call<{ list: TextMaterial[] }>(
      listTextMaterials,
      { page: 1, limit: 20, source: 'chat' },
      { token: m.token },
    );
    expect(after.data.list[0]?.name).toBe('防晒文案');
    expect((await t.call(deleteTextMaterial, { id: saved.data.id }, { token: m.token })).code).toBe(0);
    expect(
      (await t.call<{ total: number }>(listTextMaterials, { page: 1, limit: 20 }, { token: m.token })).data.total,
    ).toBe(0);
  });
});
