import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  askEmbedLive,
  askLive,
  beatLiveSession,
  deleteLiveConfig,
  embedLiveAvatar,
  embedLiveConfig,
  endLiveSession,
  hearLiveQuestion,
  LIVE_VISEME_BYTES,
  listLiveConfigs,
  liveOptions,
  liveSessionMessages as sm,
  publishLiveConfig,
  saveConsoleLiveSettings,
  saveLiveConfig,
  saveLiveQa,
  startEmbedLiveSession,
  startLiveSession,
  stopLiveAnswer,
  type DataOf,
  type Endpoint,
  type Envelope,
  type LiveConfig,
} from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { loginAs, newAccount, type TestAccount } from '../../../test/accounts.js';
import { users } from '../../db/schema/index.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatPlan,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import {
  startFakeOpenAiTranscription,
  type FakeOpenAiTranscription,
} from '../../engines/transcription/testing/fake-openai-transcription.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { multipart } from '../files/test-support.js';
import { addVoice } from '../works/testing/studio.js';
import { livePartsOf } from './parts.js';

type Started = DataOf<typeof startLiveSession>;
type Beat = DataOf<typeof beatLiveSession>;
const PRICE = 5;
const CHAT_PRICE = 10;

let t: TestApp;
let port: number;
let fake: FakeChatService;
/** The speech recogniser the spoken questions go to: it hears 几点开门. */
let stt: FakeOpenAiTranscription;
let plan: () => FakeChatPlan = () => ({ chunks: [...textChunks('好的。'), finished] });
let admin: string;
let actor: number;
let publicVoice: number;
/** The sessions' clock, moved by the tests. */
let now = Date.now();

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);

async function addAvatar(userId: number | null): Promise<number> {
  const rows = (await t.ctx.database.db.execute(
    sql`insert into avatars (user_id, name, source, status, source_key, source_name, hs, duration, width, height, fps)
        values (${userId}, ${userId ? '我的分身' : '演员'}, ${userId ? 1 : 2}, 2, ${'public/actors/x/source.mp4'}, ${'source.mp4'}, 2, 6, 360, 640, 25) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return rows.rows[0]!.id;
}

async function saveConfig(m: TestAccount, p: Record<string, string | number> = {}) {
  return t.call<LiveConfig>(
    saveLiveConfig,
    { name: '前台', avatar_id: actor, voice_id: publicVoice, source: 1, greeting: '欢迎光临。', ...p },
    { token: m.token },
  );
}
async function configFor(m: TestAccount, p: Record<string, string | number> = {}) {
  const r = await saveConfig(m, p);
  expect(r.code, r.msg).toBe(0);
  return r.data;
}
const start = (m: TestAccount, configId: number) =>
  t.call<Started>(startLiveSession, { config_id: configId }, { token: m.token });
const beat = (m: TestAccount, id: string) => t.call<Beat>(beatLiveSession, { session_id: id }, { token: m.token });

/** A call as a page of another site makes it: signed like the widget, with that site's Origin. */
const fromSite = <T>(ep: Endpoint, params: Record<string, string | number>, origin?: string) =>
  t.call<T>(ep, params, { origin });

interface Event {
  event: string;
  data: Record<string, unknown>;
  at: number;
}
interface Asked {
  events: Event[];
  json?: { code: number; msg: string };
  endedAt: number;
}

/** Opens an answer stream; `onEvent` sees each event as it arrives. */
function ask(
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  onEvent?: (e: Event) => void,
): Promise<Asked> {
  const qs = new URLSearchParams(params);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `${path}?${qs}`, headers }, (res) => {
      let text = '';
      const events: Event[] = [];
      res.on('data', (c) => {
        text += String(c);
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const b of blocks) {
          if (!b.startsWith('event: ')) {
            if (b.startsWith('{')) text = b + text;
            continue;
          }
          const [name, data] = b.split('\n');
          const e = {
            event: name!.slice(7),
            data: JSON.parse(data!.slice(6)) as Record<string, unknown>,
            at: Date.now(),
          };
          events.push(e);
          onEvent?.(e);
        }
      });
      res.on('end', () => {
        const json = String(res.headers['content-type']).includes('json')
          ? (JSON.parse(text) as { code: number; msg: string })
          : undefined;
        resolve({ events, json, endedAt: Date.now() });
      });
    });
    req.on('error', reject);
  });
}
const askWeb = (m: TestAccount, sessionId: string, question: string, onEvent?: (e: Event) => void) =>
  ask(askLive.path, { token: m.token, session_id: sessionId, question }, {}, onEvent);

beforeAll(async () => {
  fake = await startFakeChatStream(() => plan());
  stt = await startFakeOpenAiTranscription({ duration: 2, segments: [{ start: 0, end: 1.6, text: ' 几点开门 ' }] });
  // A built web app of one page: what the widget's iframe page serves.
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'live-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>web app</title>');
  t = await buildTestApp({
    CHAT_MODEL_URL: fake.url,
    PAID_CALLS_PER_MINUTE: '0',
    CHAT_CREDITS: String(CHAT_PRICE),
    WEB_DIST: web,
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: stt.baseUrl,
    TRANSCRIPTION_OPENAI_KEY: 'sk-test',
  });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  admin = await loginAs(t, 'admin', 'admin12345');
  actor = await addAvatar(null);
  publicVoice = await addVoice(t, { userId: null });
  livePartsOf(t.ctx).sessions.now = () => new Date(now);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await stt?.close();
});
beforeEach(() => {
  now = Date.now();
});

async function rules(p: Partial<Record<string, number>> = {}) {
  const r = await t.call(
    saveConsoleLiveSettings,
    { max_minutes: 30, max_sessions: 2, guests_allowed: 0, embed_starts_per_minute: 10, embed_max_sessions: 5, ...p },
    { token: admin },
  );
  expect(r.code, r.msg).toBe(0);
}

describe('live configurations', () => {
  it('take the caller’s own prepared avatar or a public actor, and the caller’s or a public voice', async () => {
    const alice = await newAccount(t);
    const bob = await newAccount(t);
    const own = await addAvatar(alice.id);
    const aliceVoice = await addVoice(t, { userId: alice.id });
    const mine = await configFor(alice, { avatar_id: own, voice_id: aliceVoice, persona: '你是门店前台' });
    expect(mine).toMatchObject({ avatar_id: own, avatar_name: '我的分身', voice_name: '测试声音', source: 1 });
    expect(mine.embed).toEqual({ enabled: false, key: null, origins: [] });
    expect((await saveConfig(bob, { avatar_id: own })).msg).toBe(sm.avatarNotUsable);
    expect((await saveConfig(bob, { voice_id: aliceVoice })).msg).toBe(sm.voiceNotUsable);
    expect((await saveConfig(bob, { avatar_id: 999_999 })).msg).toBe(sm.avatarNotUsable);
    // Bob can neither see, change, start, publish nor delete Alice's configuration.
    expect((await t.call<{ list: LiveConfig[] }>(listLiveConfigs, {}, { token: bob.token })).data.list).toEqual([]);
    expect((await saveConfig(bob, { id: mine.id })).msg).toBe(sm.configNotFound);
    expect((await start(bob, mine.id)).msg).toBe(sm.configNotFound);
    const pub = await t.call(
      publishLiveConfig,
      { id: mine.id, enabled: 1, origins: 'https://a.example.com' },
      { token: bob.token },
    );
    expect(pub.msg).toBe(sm.configNotFound);
    expect((await t.call(deleteLiveConfig, { id: mine.id }, { token: bob.token })).msg).toBe(sm.configNotFound);
    const listed = await t.call<{ list: LiveConfig[] }>(listLiveConfigs, {}, { token: alice.token });
    expect(listed.data.list.map((c) => c.id)).toEqual([mine.id]);
    expect((await t.call(deleteLiveConfig, { id: mine.id }, { token: alice.token })).code).toBe(0);
    expect((await t.call<{ list: LiveConfig[] }>(listLiveConfigs, {}, { token: alice.token })).data.list).toEqual([]);
  });
});

describe('live sessions, billed per started minute', () => {
  it('charge minute 1 at the start, each new minute at its first beat, and nothing more at the end', async () => {
    await rules();
    const m = await newAccount(t, { credits: 100 });
    const config = await configFor(m);
    const s = await start(m, config.id);
    expect(s.code, s.msg).toBe(0);
    expect(s.data).toMatchObject({
      minutes_charged: 1,
      price_per_minute: PRICE,
      max_minutes: 30,
      greeting: '欢迎光临。',
    });
    expect(await balance(m)).toBe(100 - PRICE);
    now += 30_000;
    expect((await beat(m, s.data.session_id)).data).toMatchObject({ minutes_charged: 1, ended: false });
    expect(await balance(m)).toBe(95);
    now += 31_000;
    expect((await beat(m, s.data.session_id)).data).toMatchObject({ minutes_charged: 2, ended: false });
    expect(await balance(m)).toBe(90);
    now += 20_000;
    const end = await t.call<{ minutes: number; credits: number }>(
      endLiveSession,
      { session_id: s.data.session_id },
      { token: m.token },
    );
    expect(end.data).toEqual({ minutes: 2, credits: 2 * PRICE });
    expect(await balance(m)).toBe(90);
    expect((await beat(m, s.data.session_id)).data.ended).toBe(true);
  });

  it('end a session that stopped beating: its last minute is given back when nothing was answered in it', async () => {
    const m = await newAccount(t, { credits: 100 });
    const config = await configFor(m);
    const s = (await start(m, config.id)).data;
    now += 65_000;
    await beat(m, s.session_id);
    expect(await balance(m)).toBe(90);
    now += 61_000;
    expect(await livePartsOf(t.ctx).sessions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await balance(m)).toBe(95);
    const end = await t.call<{ minutes: number; credits: number }>(
      endLiveSession,
      { session_id: s.session_id },
      { token: m.token },
    );
    expect(end.data).toEqual({ minutes: 2, credits: PRICE });
  });

  it('end at the longest length the operator allows', async () => {
    await rules({ max_minutes: 2 });
    const m = await newAccount(t, { credits: 100 });
    const s = (await start(m, (await configFor(m)).id)).data;
    expect(s.max_minutes).toBe(2);
    now += 70_000;
    expect((await beat(m, s.session_id)).data).toMatchObject({ minutes_charged: 2, ended: false });
    now += 55_000;
    expect((await beat(m, s.session_id)).data).toMatchObject({ minutes_charged: 2, ended: true });
    expect(await balance(m)).toBe(90);
    await rules();
  });

  it('refuse more open sessions than allowed, and of two starts with credits for one, one goes through', async () => {
    await rules({ max_sessions: 1 });
    const m = await newAccount(t, { credits: 100 });
    const config = await configFor(m);
    expect((await start(m, config.id)).code).toBe(0);
    expect((await start(m, config.id)).msg).toBe(sm.tooManySessions(1));
    await rules();
    const poor = await newAccount(t, { credits: PRICE });
    const c2 = await configFor(poor);
    const both = await Promise.all([start(poor, c2.id), start(poor, c2.id)]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(both.find((r) => r.code === 1)!.msg).toBe(accountMessages.creditsShort);
    expect(await balance(poor)).toBe(0);
  });

  it('refuse guests unless the operator allows them', async () => {
    const g = await newAccount(t, { credits: 100 });
    await t.ctx.database.db.update(users).set({ isTourist: 1 }).where(eq(users.id, g.id));
    const config = await configFor(g);
    const opts = await t.call<DataOf<typeof liveOptions>>(liveOptions, {}, { token: g.token });
    expect(opts.data).toMatchObject({
      guests_allowed: false,
      allowed_now: false,
      price_per_minute: PRICE,
      chat_ready: true,
    });
    expect((await start(g, config.id)).msg).toBe(sm.guestsRefused);
    expect(await balance(g)).toBe(100);
    await rules({ guests_allowed: 1 });
    expect((await t.call<DataOf<typeof liveOptions>>(liveOptions, {}, { token: g.token })).data.allowed_now).toBe(true);
    expect((await start(g, config.id)).code).toBe(0);
    await rules();
  });
});

/** The PCM samples of a base64 WAV (16-bit mono), checked as a WAV. */
function wavSamples(b64: string): Int16Array {
  const wav = Buffer.from(b64, 'base64');
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
  const at = wav.indexOf('data');
  const data = wav.subarray(at + 8);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length - (data.length % 2)));
}

describe('answers, spoken sentence by sentence', () => {
  let m: TestAccount;
  let sessionId: string;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 1000 });
    await t.call(
      saveLiveQa,
      { questions: '你们几点营业', answer: '我们早上九点开门。晚上九点关门！' },
      { token: m.token },
    );
    await t.call(
      saveLiveQa,
      {
        questions: '介绍一下你们的产品',
        answer: '我们有很多产品。第一种是茶叶。第二种是茶具。第三种是点心。第四种是礼盒。第五种是会员卡。欢迎选购。',
      },
      { token: m.token },
    );
    sessionId = (await start(m, (await configFor(m)).id)).data.session_id;
  }, 60_000);

  it('sends each sentence, then its speech with mouth shapes for every frame of it, then the whole answer', async () => {
    const r = await askWeb(m, sessionId, '请问几点营业？');
    const names = r.events.map((e) => `${e.event}${e.data.index ?? ''}`);
    expect(names.filter((n) => n.startsWith('sentence') || n.startsWith('audio'))).toEqual(
      expect.arrayContaining(['sentence0', 'sentence1', 'audio0', 'audio1']),
    );
    expect(names.indexOf('sentence0')).toBeLessThan(names.indexOf('audio0'));
    expect(names.indexOf('audio0')).toBeLessThan(names.indexOf('audio1'));
    expect(names.at(-1)).toBe('done');
    expect(r.events.filter((e) => e.event === 'sentence').map((e) => e.data.text)).toEqual([
      '我们早上九点开门。',
      '晚上九点关门！',
    ]);
    for (const a of r.events.filter((e) => e.event === 'audio')) {
      expect(a.data.mime).toBe('audio/wav');
      const samples = wavSamples(String(a.data.audio));
      expect(samples.length).toBeGreaterThan(1000);
      expect(samples.some((v) => Math.abs(v) > 1000)).toBe(true);
      const ms = Number(a.data.duration_ms);
      expect(ms).toBeGreaterThan(300);
      expect(a.data.fps).toBe(25);
      const visemes = Buffer.from(String(a.data.visemes), 'base64');
      expect(visemes.length).toBe(Math.ceil((ms / 1000) * 25) * LIVE_VISEME_BYTES);
      // The mouth opens somewhere in a spoken sentence.
      expect(visemes.some((v, i) => i % LIVE_VISEME_BYTES === 0 && v > 60)).toBe(true);
    }
    expect(r.events.at(-1)!.data).toMatchObject({
      answer: '我们早上九点开门。晚上九点关门！',
      source: 'qa',
      credits: 0,
    });
  }, 60_000);

  it('a new question stops the answer in progress at once', async () => {
    let second: Promise<Asked> | null = null;
    let askedAt = 0;
    const first = await askWeb(m, sessionId, '介绍一下你们的产品', (e) => {
      if (e.event === 'audio' && !second) {
        askedAt = Date.now();
        second = askWeb(m, sessionId, '几点营业');
      }
    });
    expect(first.events.at(-1)!.event).toBe('stopped');
    expect(first.events.some((e) => e.event === 'done')).toBe(false);
    expect(first.endedAt - askedAt).toBeLessThan(1000);
    const next = await second!;
    expect(next.events.at(-1)).toMatchObject({ event: 'done', data: { source: 'qa' } });
  }, 60_000);

  it('stop ends the answer with `stopped`', async () => {
    let stoppedAt = 0;
    const r = await askWeb(m, sessionId, '介绍一下你们的产品', (e) => {
      if (e.event === 'sentence' && !stoppedAt) {
        stoppedAt = Date.now();
        void t.call(stopLiveAnswer, { session_id: sessionId }, { token: m.token });
      }
    });
    expect(r.events.at(-1)!.event).toBe('stopped');
    expect(r.endedAt - stoppedAt).toBeLessThan(1000);
  }, 60_000);

  it('a stop another process sends reaches the answer this one speaks; a stop older than the answer does not', async () => {
    const executor = t.ctx.database.executor;
    const epochNow = async () =>
      Number(
        (
          (await executor.executeSql('select stop_epoch from live_sessions where id = $1', [sessionId])).rows[0] as {
            stop_epoch: number;
          }
        ).stop_epoch,
      );
    // Another API process's stop: it raises the session's stop epoch and says so on the channel.
    const notify = (epoch: number) =>
      executor.executeSql('select pg_notify($1, $2)', ['live_stop', `${sessionId}:${epoch}`]);
    const stopFromElsewhere = async () => {
      await executor.executeSql('update live_sessions set stop_epoch = stop_epoch + 1 where id = $1', [sessionId]);
      await notify(await epochNow());
    };
    let stoppedAt = 0;
    const stopped = await askWeb(m, sessionId, '介绍一下你们的产品', (e) => {
      if (e.event === 'sentence' && !stoppedAt) {
        stoppedAt = Date.now();
        void stopFromElsewhere();
      }
    });
    expect(stopped.events.at(-1)!.event).toBe('stopped');
    expect(stopped.endedAt - stoppedAt).toBeLessThan(1000);

    // A stop heard late, from before this answer began, leaves it speaking to the end.
    let late = false;
    const whole = await askWeb(m, sessionId, '介绍一下你们的产品', (e) => {
      if (e.event === 'sentence' && !late) {
        late = true;
        void epochNow().then(notify);
      }
    });
    expect(late).toBe(true);
    expect(whole.events.at(-1)!.event).toBe('done');
  }, 60_000);

  it('answers the fallback when the library has nothing, and refuses an empty question or another’s session', async () => {
    const r = await askWeb(m, sessionId, '今天天气怎么样');
    expect(r.events.at(-1)!.data).toMatchObject({ source: 'fallback', qa_id: null });
    expect((await askWeb(m, sessionId, '  ')).json?.msg).toBe(sm.questionEmpty);
    const other = await newAccount(t);
    expect((await askWeb(other, sessionId, '你好')).json?.msg).toBe(sm.sessionNotFound);
  }, 60_000);

  it('speaks the greeting when asked to', async () => {
    const r = await ask(askLive.path, { token: m.token, session_id: sessionId, greet: '1' });
    expect(r.events.at(-1)!.data).toMatchObject({ source: 'greeting', answer: '欢迎光临。' });
  }, 60_000);

  it('from the chat model: the persona leads, thinking is never spoken, the price is kept once something was said', async () => {
    const c = await configFor(m, { source: 2, persona: '你是茶叶店的店员小美' });
    const s = (await start(m, c.id)).data.session_id;
    plan = () => ({
      chunks: [
        ...textChunks('让我想想用户的问题', 4, 'reasoning'),
        ...textChunks('您好，我是小美。今天有新茶！', 4),
        finished,
      ],
    });
    const before = await balance(m);
    const r = await askWeb(m, s, '你是谁');
    const sentences = r.events.filter((e) => e.event === 'sentence').map((e) => String(e.data.text));
    expect(sentences).toEqual(['您好，我是小美。', '今天有新茶！']);
    expect(JSON.stringify(r.events)).not.toContain('让我想想');
    expect(r.events.at(-1)!.data).toMatchObject({
      source: 'chat',
      answer: '您好，我是小美。今天有新茶！',
      credits: CHAT_PRICE,
    });
    expect(await balance(m)).toBe(before - CHAT_PRICE);
    const sent = fake.requests.at(-1)!.body.messages;
    expect(sent[0]!.role).toBe('system');
    expect(sent[0]!.content).toContain('你是茶叶店的店员小美');
    expect(sent.at(-1)).toEqual({ role: 'user', content: '你是谁' });
    // A model that fails before saying anything costs nothing.
    plan = () => ({ status: 500, errorBody: { error: { message: 'boom' } }, chunks: [] });
    const failed = await askWeb(m, s, '你是谁');
    expect(failed.events.at(-1)!.event).toBe('error');
    expect(await balance(m)).toBe(before - CHAT_PRICE);
    plan = () => ({ chunks: [...textChunks('好的。'), finished] });
  }, 60_000);
});

describe('published widgets', () => {
  it('answer only the listed sites, bill the owner, and stop when switched off', async () => {
    const owner = await newAccount(t, { credits: 100 });
    await t.call(saveLiveQa, { questions: '你好', answer: '您好，欢迎光临。' }, { token: owner.token });
    const config = await configFor(owner);
    const bad = await t.call(
      publishLiveConfig,
      { id: config.id, enabled: 1, origins: 'shop.example.com/path' },
      { token: owner.token },
    );
    expect(bad.msg).toBe(sm.originInvalid('shop.example.com/path'));
    const pub = await t.call<DataOf<typeof publishLiveConfig>>(
      publishLiveConfig,
      { id: config.id, enabled: 1, origins: 'https://shop.example.com/\nhttp://localhost:5173' },
      { token: owner.token },
    );
    expect(pub.code, pub.msg).toBe(0);
    const key = pub.data.key;
    expect(pub.data.iframe_url).toContain(`#/embed/live/${key}`);
    expect(pub.data.script).toContain(`data-key="${key}"`);
    const shown = await fromSite<DataOf<typeof embedLiveConfig>>(embedLiveConfig, { key }, 'https://shop.example.com');
    expect(shown.data).toMatchObject({ name: '前台', greeting: '欢迎光临。', avatar_id: actor });
    expect((await fromSite(embedLiveConfig, { key }, 'https://evil.example.com')).msg).toBe(sm.embedOriginRefused);
    expect((await fromSite(embedLiveConfig, { key })).msg).toBe(sm.embedOriginRefused);
    expect((await fromSite(embedLiveConfig, { key: 'nope' }, 'https://shop.example.com')).msg).toBe(sm.embedNotFound);
    // Its avatar's assets go to the listed sites only (served in live-assets.db.test.ts).
    expect((await fromSite(embedLiveAvatar, { key }, 'https://evil.example.com')).msg).toBe(sm.embedOriginRefused);
    expect((await fromSite(embedLiveAvatar, { key: 'nope' }, 'https://shop.example.com')).msg).toBe(sm.embedNotFound);

    const started = await fromSite<Started>(startEmbedLiveSession, { key }, 'http://localhost:5173');
    expect(started.code, started.msg).toBe(0);
    expect(await balance(owner)).toBe(100 - PRICE);
    expect((await fromSite(startEmbedLiveSession, { key }, 'https://evil.example.com')).msg).toBe(
      sm.embedOriginRefused,
    );
    // The widget's own page (this site, in the iframe) names the page that frames it.
    const self = `http://127.0.0.1:${port}`;
    const r = await ask(
      askEmbedLive.path,
      { key, host: 'https://shop.example.com', session_id: started.data.session_id, question: '你好' },
      { referer: `${self}/live-embed.html?key=${key}` },
    );
    expect(r.events.at(-1)!.data).toMatchObject({ source: 'qa', answer: '您好，欢迎光临。' });
    const refused = await ask(
      askEmbedLive.path,
      { key, host: 'https://evil.example.com', session_id: started.data.session_id, question: '你好' },
      { referer: `${self}/live-embed.html?key=${key}` },
    );
    expect(refused.json?.msg).toBe(sm.embedOriginRefused);
    // Another user's web session is not this widget's.
    const m = await newAccount(t, { credits: 100 });
    const web = (await start(m, (await configFor(m)).id)).data.session_id;
    const foreign = await ask(
      askEmbedLive.path,
      { key, session_id: web, question: '你好' },
      { origin: 'https://shop.example.com' },
    );
    expect(foreign.json?.msg).toBe(sm.sessionNotFound);

    // The widget's own limits: sessions open at once, and starts a minute.
    await rules({ embed_max_sessions: 1 });
    expect((await fromSite(startEmbedLiveSession, { key }, 'https://shop.example.com')).msg).toBe(sm.embedBusy);
    await rules({ embed_starts_per_minute: 1, embed_max_sessions: 5 });
    expect((await fromSite(startEmbedLiveSession, { key }, 'https://shop.example.com')).msg).toBe(sm.embedBusy);
    await rules();
    expect(await balance(owner)).toBe(100 - PRICE);

    const off = await t.call(publishLiveConfig, { id: config.id, enabled: 0 }, { token: owner.token });
    expect(off.msg).toBe(sm.unpublished);
    expect((await fromSite(embedLiveConfig, { key }, 'https://shop.example.com')).msg).toBe(sm.embedNotFound);
    // Switching off ended the widget's session: its minute was kept (an answer was given).
    expect(await balance(owner)).toBe(100 - PRICE);
  }, 60_000);

  it('serve the loader script and the page the iframe opens, framed only by the listed sites', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/embed/live.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain('/live-embed.html?key=');
    const owner = await newAccount(t);
    const config = await configFor(owner);
    const pub = await t.call<DataOf<typeof publishLiveConfig>>(
      publishLiveConfig,
      { id: config.id, enabled: 1, origins: 'https://shop.example.com' },
      { token: owner.token },
    );
    const page = await t.app.inject({ method: 'GET', url: `/live-embed.html?key=${pub.data.key}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('web app');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://shop.example.com");
    expect(page.headers['x-frame-options']).toBeUndefined();
    // Any other page of the site, or an unknown widget's, is framed by the site alone.
    const other = await t.app.inject({ method: 'GET', url: '/live-embed.html?key=nope' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(other.headers['content-security-policy']).not.toContain('shop.example.com');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).not.toContain('shop.example.com');
  });
});

describe('spoken questions', () => {
  /** A recording as the browser sends it: WebM/Opus made by ffmpeg from a tone (sound) or from nothing (silence). */
  const recording = (seconds: number, sound: boolean) =>
    ffmpeg([
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i'],
      sound ? `sine=frequency=300:duration=${seconds}` : `anullsrc=r=48000:cl=mono:d=${seconds}`,
      ...(sound ? [] : ['-t', String(seconds)]),
      ...['-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
    ]);
  const hear = async (m: TestAccount, sessionId: string, content: Buffer) => {
    const query = new URLSearchParams(signedParams({ session_id: sessionId }, t.config.SIGN_SECRET)).toString();
    const { body, contentType } = multipart({}, { content, filename: 'question.webm' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${hearLiveQuestion.path}?${query}`,
      headers: { 'content-type': contentType, 'x-token': m.token },
      payload: body,
    });
    return res.json<Envelope<{ text: string }>>();
  };

  it('are heard as text by the speech recogniser, as 16 kHz WAV, and nothing more is charged', async () => {
    const m = await newAccount(t, { credits: 100 });
    const opened = await start(m, (await configFor(m)).id);
    expect(opened.code, opened.msg).toBe(0);
    expect(
      (await t.call<{ transcribe_ready: boolean }>(liveOptions, {}, { token: m.token })).data.transcribe_ready,
    ).toBe(true);
    const before = await balance(m);
    const asked = stt.requests.length;
    const r = await hear(m, opened.data.session_id, await recording(2, true));
    expect(r).toMatchObject({ code: 0, data: { text: '几点开门' } });
    // The recogniser got the question turned into WAV.
    expect(stt.requests.length).toBe(asked + 1);
    expect(stt.requests.at(-1)!.raw.includes(Buffer.from('WAVEfmt '))).toBe(true);
    expect(await balance(m)).toBe(before);
  });

  it('refuse silence and recordings over 30 s before the recogniser hears them, and another’s session', async () => {
    const m = await newAccount(t, { credits: 100 });
    const other = await newAccount(t, { credits: 100 });
    const id = (await start(m, (await configFor(m)).id)).data.session_id;
    const asked = stt.requests.length;
    expect(await hear(m, id, await recording(2, false))).toMatchObject({ code: 1, msg: sm.heardNothing });
    expect(await hear(m, id, await recording(35, true))).toMatchObject({ code: 1, msg: sm.hearTooLong });
    expect(await hear(m, id, Buffer.from('not a recording'))).toMatchObject({ code: 1, msg: sm.heardNothing });
    expect(stt.requests.length).toBe(asked);
    expect(await hear(other, id, await recording(2, true))).toMatchObject({ code: 1, msg: sm.sessionNotFound });
  });
});
