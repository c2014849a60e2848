import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editTextMaterial,
  analysisIp,
  analysisVideo,
  cozeDraft,
  deleteViralProject,
  generateScript,
  listCopyTrace,
  listCozeRuns,
  listViralProjects,
  listWorks,
  mimicScript,
  proposeTopics,
  readTikTokProfile,
  submitCozeRun,
  viralMessages as m,
  VIRAL_STATUS,
  type Avatar,
  type CopyTrace,
  type CozeRun,
  type IpReport,
  type TikTokProfile,
  type ViralBeat,
  type ViralProject,
  type ViralReport,
  type ViralTopic,
  type Work,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { productModulesWith } from '../../../test/modules.js';
import { multiScenes } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import {
  startFakeChatStream,
  textChunks,
  finished,
  type FakeChatPlan,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import { testLedger } from '../billing/testing/ledger.js';
import { makeSiteMedia, startFakeSite, type FakeSite } from '../extraction/testing/fake-site.js';
import { uploadedFiles } from '../files/index.js';
import { studioVoices } from '../voices/index.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { createViralModule } from './module.js';
import { VIRAL_PRICES, viralTestEnv } from './testing.js';
import type { Transcribe } from './transcriber.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * The viral tools through the HTTP contract: a fake chat model (the loopback OpenAI-compatible
 * stream) answers by the task its system prompt names, a fake transcription hears a fixed script,
 * and the viral video is a real extraction of a page on 127.0.0.2.
 */
const { chat: CHAT, extract: EXTRACT, transcribe: TRANSCRIBE } = VIRAL_PRICES;

let t: TestApp;
let dir: string;
let site: FakeSite;
let fake: FakeChatService;
let profileSite: FakeServer;
let profileUrl: string;
/** What the next requests of the fake model do. */
let mode: { mimicBeats?: number; fail?: boolean } = {};
let heard = '家人们谁懂啊！这杯咖啡只要九块九。豆子是云南小粒，现磨现做。今天下单再送一杯，赶紧冲！';

const REPORT: ViralReport = {
  hook: '开头一句“家人们谁懂啊”制造共鸣和好奇',
  beats: [
    { title: '钩子', text: '家人们谁懂啊' },
    { title: '价格冲击', text: '只要九块九' },
    { title: '品质背书', text: '云南小粒现磨' },
    { title: '行动号召', text: '下单再送一杯' },
  ],
  selling_points: ['低价', '现磨'],
  emotions: ['好奇', '占便宜'],
  why: '低价反差加上限时福利',
};
const IP: IpReport = {
  positioning: '咖啡探店',
  audience: '城市白领',
  pillars: ['探店', '测评'],
  style: '亲切',
  suggestions: ['固定开头'],
};

function answer(system: string): string {
  if (system.includes('爆款结构分析师')) return JSON.stringify(REPORT);
  if (system.includes('仿写')) {
    const n = mode.mimicBeats ?? Number(/恰好 (\d+) 段/.exec(system)?.[1] ?? 1);
    return `好的：\n\`\`\`json\n${JSON.stringify({ beats: Array.from({ length: n }, (_, i) => ({ title: `第${i + 1}段`, text: `咖啡店台词${i + 1}。` })) })}\n\`\`\``;
  }
  if (system.includes('账号定位顾问')) return JSON.stringify(IP);
  if (system.includes('选题策划')) {
    const n = Number(/提出 (\d+) 个/.exec(system)?.[1] ?? 3);
    return JSON.stringify({
      topics: Array.from({ length: n }, (_, i) => ({ title: `选题${i + 1}`, angle: '反差开头' })),
    });
  }
  if (system.includes('编导')) {
    const n = Number(/恰好 (\d+) 个场景/.exec(system)?.[1] ?? 3);
    return JSON.stringify({
      scenes: Array.from({ length: n }, (_, i) => ({ text: `场景台词${i + 1}，欢迎来我的咖啡店。` })),
    });
  }
  return '这是一条为你生成的口播文案。';
}

const transcribe: Transcribe = async ({ file }) => {
  expect(fs.existsSync(file)).toBe(true);
  return { language: 'zh', text: heard, segments: [{ id: 0, start: 0, end: 6, text: heard }], duration: 6 };
};

const db = () => t.ctx.database.db;
const balance = (who: TestAccount) => testLedger(db()).balance(who.id);
const projects = async (who: TestAccount, id?: number) =>
  (await t.call<{ list: ViralProject[]; total: number }>(listViralProjects, id ? { id } : {}, { token: who.token }))
    .data;
const settled = (who: TestAccount, id: number) =>
  waitFor(
    `project ${id}`,
    async () => (await projects(who, id)).list.find((p) => p.status !== VIRAL_STATUS.running),
    120_000,
  );
const share = (p: string) => `复制打开抖音，看看【咖啡爆款】 ${site.url}${p} 复制此链接，打开Dou音搜索`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'viral-'));
  site = await startFakeSite(await makeSiteMedia(dir));
  fake = await startFakeChatStream((req): FakeChatPlan => {
    if (mode.fail)
      return {
        status: 402,
        errorBody: { error: { message: 'Insufficient Balance', code: 'insufficient_quota' } },
        chunks: [],
      };
    const system = req.body.messages.find((x) => x.role === 'system')?.content ?? '';
    return { chunks: [...textChunks(answer(system), 40), finished] };
  });
  profileSite = await startLoopbackFake({
    host: '127.0.0.2',
    handle: () => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body:
        '<html><head><title>小咖的咖啡日记 - 抖音</title><meta name="description" content="每天一家咖啡店，带你喝遍城市"></head>' +
        '<body><h1>小咖的咖啡日记</h1><ul><li>九块九的咖啡能喝吗</li><li>城市最美咖啡店TOP5</li></ul><script>var x=1</script></body></html>',
    }),
  });
  profileUrl = `${profileSite.url}/user/xiaoka`;
  const viral = createViralModule({ uploads: uploadedFiles, voices: studioVoices, transcriber: () => transcribe });
  t = await buildTestApp(
    {
      ...viralTestEnv(fake.url),
    },
    { onlyModules: productModulesWith(viral) },
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await fake?.close();
  await profileSite?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('爆款复刻: video → extraction → transcription → report → mimic', () => {
  let alice: TestAccount;
  let bob: TestAccount;
  let project: ViralProject;

  beforeAll(async () => {
    alice = await newAccount(t, { credits: 1000 });
    bob = await newAccount(t, { credits: 1000 });
  });

  it('refuses a missing or private link with the spec message and holds nothing', async () => {
    expect((await t.call(analysisVideo, {}, { token: alice.token })).msg).toBe(m.linkRequired);
    const r = await t.call(analysisVideo, { link: '看看 http://127.0.0.1:9/x' }, { token: alice.token });
    expect(r.code).toBe(1);
    expect(r.msg).toMatch(/内网|私有|地址/);
    expect(await balance(alice)).toBe(1000);
  });

  it('analyses a loopback video into a report with every section, charging extraction, transcription and the model', async () => {
    const r = await t.call<{ id: number }>(analysisVideo, { link: share('/share/video.html') }, { token: alice.token });
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(m.analyseSubmitted);
    project = await settled(alice, r.data.id);
    expect(project.status, project.fail_reason).toBe(VIRAL_STATUS.done);
    expect(project.transcript).toBe(heard);
    expect(project.link).toBe(`${site.url}/share/video.html`);
    expect(project.video_url).toMatch(/^http|^\//);
    // The list shows the video's cover, a picture kept in our own storage.
    const cover = new URL(project.cover, 'http://x');
    expect(cover.pathname).toMatch(/\.jpg$/);
    const picture = await t.app.inject({ method: 'GET', url: cover.pathname + cover.search });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const report = project.report!;
    expect(report.hook).toBeTruthy();
    expect(report.beats).toHaveLength(4);
    expect(report.selling_points.length).toBeGreaterThan(0);
    expect(report.emotions.length).toBeGreaterThan(0);
    expect(report.why).toBeTruthy();
    // The model read the transcript.
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('九块九');
    expect(await balance(alice)).toBe(1000 - EXTRACT - TRANSCRIBE - CHAT);
    expect(project.credits).toBe(TRANSCRIBE + CHAT);
  });

  it('keeps the analysis as the owner\u2019s project only', async () => {
    expect((await projects(alice)).list.map((p) => p.id)).toContain(project.id);
    expect((await projects(bob, project.id)).list).toHaveLength(0);
    const steal = await t.call(mimicScript, { id: project.id, topic: '我的咖啡店' }, { token: bob.token });
    expect(steal.msg).toBe(m.projectMissing);
    expect((await t.call(deleteViralProject, { id: project.id }, { token: bob.token })).msg).toBe(m.projectMissing);
    expect(await balance(bob)).toBe(1000);
  });

  it('mimics for 我的咖啡店 with exactly the original\u2019s beat count', async () => {
    expect((await t.call(mimicScript, { id: project.id }, { token: alice.token })).msg).toBe(m.topicRequired);
    const before = await balance(alice);
    const r = await t.call<{ id: number; beats: ViralBeat[]; script: string }>(
      mimicScript,
      { id: project.id, topic: '我的咖啡店' },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data.beats).toHaveLength(project.report!.beats.length);
    expect(r.data.script.split('\n')).toHaveLength(4);
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('我的咖啡店');
    expect(await balance(alice)).toBe(before - CHAT);
  });

  it('folds extra beats into the last and refunds when the model loses beats', async () => {
    mode = { mimicBeats: 6 };
    const more = await t.call<{ beats: ViralBeat[] }>(
      mimicScript,
      { id: project.id, topic: '我的咖啡店' },
      { token: alice.token },
    );
    expect(more.data.beats).toHaveLength(4);
    expect(more.data.beats[3]!.text).toContain('咖啡店台词6');
    mode = { mimicBeats: 2 };
    const before = await balance(alice);
    const fewer = await t.call(mimicScript, { id: project.id, topic: '我的咖啡店' }, { token: alice.token });
    expect(fewer.code).toBe(1);
    expect(fewer.msg).toBe(m.structureBroken);
    expect(await balance(alice)).toBe(before);
    mode = {};
  });

  it('fails clearly and refunds the analysis hold when the model fails or nothing is said', async () => {
    mode = { fail: true };
    const a = await t.call<{ id: number }>(
      analysisVideo,
      { link: share('/share/video.html?again=1') },
      { token: bob.token },
    );
    expect(a.code, a.msg).toBe(0);
    const failed = await settled(bob, a.data.id);
    mode = {};
    expect(failed.status).toBe(VIRAL_STATUS.failed);
    expect(failed.fail_reason).toMatch(/文本模型/);
    // Only the extraction, which did its work, is paid.
    expect(await balance(bob)).toBe(1000 - EXTRACT);

    heard = '   ';
    const b = await t.call<{ id: number }>(
      analysisVideo,
      { link: share('/share/video.html?silent=1') },
      { token: bob.token },
    );
    const quiet = await settled(bob, b.data.id);
    heard = '家人们谁懂啊！这杯咖啡只要九块九。';
    expect(quiet.fail_reason).toBe(m.noSpeech);
    expect(await balance(bob)).toBe(1000 - 2 * EXTRACT);
  });

  it('refuses a mimic of a failed analysis and deletes the owner\u2019s project', async () => {
    const failed = (await projects(bob)).list.find((p) => p.status === VIRAL_STATUS.failed)!;
    expect((await t.call(mimicScript, { id: failed.id, topic: '咖啡' }, { token: bob.token })).msg).toBe(
      m.projectFailed,
    );
    expect((await t.call(deleteViralProject, { id: failed.id }, { token: bob.token })).msg).toBe(m.deleted);
    expect((await projects(bob, failed.id)).list).toHaveLength(0);
  });

  it('analyses a pasted text the same way, kept as a project', async () => {
    expect((await t.call(editTextMaterial, {}, { token: alice.token })).msg).toBe(m.textRequired);
    const r = await t.call<{ id: number; report: ViralReport }>(
      editTextMaterial,
      { text: heard },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data.report.beats).toHaveLength(4);
    expect((await projects(alice, r.data.id)).list[0]!.status).toBe(VIRAL_STATUS.done);
  });
});

describe('account analysis, topics and copywriting', () => {
  let carol: TestAccount;
  beforeAll(async () => {
    carol = await newAccount(t, { credits: 200 });
  });

  it('reads a public profile page and refuses private addresses', async () => {
    const r = await t.call<TikTokProfile>(readTikTokProfile, { link: profileUrl }, { token: carol.token });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.nickname).toContain('小咖的咖啡日记');
    expect(r.data.bio).toBe('每天一家咖啡店，带你喝遍城市');
    expect(r.data.text).toContain('九块九的咖啡能喝吗');
    expect(r.data.text).not.toContain('var x');
    const inside = await t.call(readTikTokProfile, { link: 'http://127.0.0.1:1/me' }, { token: carol.token });
    expect(inside.code).toBe(1);
    expect((await t.call(readTikTokProfile, {}, { token: carol.token })).msg).toBe(m.profileRequired);
  });

  it('analyses an account from its link or pasted text, then proposes topics; each call billed once', async () => {
    expect((await t.call(analysisIp, {}, { token: carol.token })).msg).toBe(m.profileRequired);
    const byLink = await t.call<{ report: IpReport; profile: string }>(
      analysisIp,
      { link: profileUrl },
      { token: carol.token },
    );
    expect(byLink.code, byLink.msg).toBe(0);
    expect(byLink.data.report.pillars).toEqual(IP.pillars);
    expect(byLink.data.profile).toContain('每天一家咖啡店');
    const unreadable = await t.call(analysisIp, { link: 'http://127.0.0.2:1/gone' }, { token: carol.token });
    expect(unreadable.msg).toBe(m.profileUnreadable);
    const byText = await t.call(
      analysisIp,
      { link: 'http://127.0.0.2:1/gone', text: '咖啡探店博主' },
      { token: carol.token },
    );
    expect(byText.code).toBe(0);
    const topics = await t.call<{ list: ViralTopic[] }>(
      proposeTopics,
      { text: IP.positioning, count: 5 },
      { token: carol.token },
    );
    expect(topics.data.list).toHaveLength(5);
    expect(await balance(carol)).toBe(200 - 3 * CHAT);
  });

  it('generates, rewrites and polishes copy, and the trace lists it for its owner only', async () => {
    expect((await t.call(generateScript, {}, { token: carol.token })).msg).toBe(m.topicRequired);
    expect((await t.call(generateScript, { action: 'polish' }, { token: carol.token })).msg).toBe(m.copyTextRequired);
    for (const p of [
      { action: 'generate', topic: '我的咖啡店开业', style: '探店测评', length: '100' },
      { action: 'rewrite', text: '咖啡很好喝' },
      { action: 'polish', text: '咖啡很好喝' },
    ] as Record<string, string>[]) {
      const r = await t.call<{ content: string }>(generateScript, p, { token: carol.token });
      expect(r.code, r.msg).toBe(0);
      expect(r.msg).toBe(m.generated);
      expect(r.data.content).toBeTruthy();
    }
    const trace = await t.call<{ list: CopyTrace[]; total: number }>(listCopyTrace, {}, { token: carol.token });
    expect(trace.data.list.map((x) => x.kind)).toEqual(['polish', 'rewrite', 'generate', 'topic', 'ip', 'ip']);
    expect(trace.data.list[2]!.style).toBe('探店测评');
    const other = await newAccount(t);
    expect((await t.call<{ total: number }>(listCopyTrace, {}, { token: other.token })).data.total).toBe(0);
  });

  it('refuses with 积分不足 and refunds a failed model call', async () => {
    const poor = await newAccount(t, { credits: CHAT - 1 });
    const r = await t.call(generateScript, { topic: '咖啡' }, { token: poor.token });
    expect(r.msg).toBe('积分不足');
    mode = { fail: true };
    const before = await balance(carol);
    const failed = await t.call(generateScript, { topic: '咖啡' }, { token: carol.token });
    mode = {};
    expect(failed.code).toBe(1);
    expect(failed.msg).toMatch(/文本模型/);
    expect(await balance(carol)).toBe(before);
  });
});

describe('coming-soon calls', () => {
  it('answer 功能暂未开放 with code 1 on every method', async () => {
    const who = await newAccount(t);
    for (const [method, url] of [
      ['GET', '/api/bot/botList'],
      ['POST', '/api/bot/sendMessage'],
      ['POST', '/api/music/createMusic'],
      ['GET', '/api/music/myTask'],
      ['GET', '/api/tikTok/product'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-token': who.token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 1, msg: m.comingSoon });
    }
  });
});

describe('一键爆款视频: topic → scenes → one multi-scene work', () => {
  let dave: TestAccount;
  let avatar: Avatar;
  let voice: number;
  let run: CozeRun;

  beforeAll(async () => {
    dave = await newAccount(t, { credits: 5000 });
    avatar = await cloneAvatar(
      t,
      dave,
      await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
    );
    voice = await addVoice(t, { userId: null });
  }, 180_000);

  it('drafts scenes for the chosen avatar and voice', async () => {
    expect(
      (await t.call(cozeDraft, { video_ids: String(avatar.id), voice_id: voice }, { token: dave.token })).msg,
    ).toBe(m.topicRequired);
    expect((await t.call(cozeDraft, { topic: '咖啡', voice_id: voice }, { token: dave.token })).msg).toBe(
      m.avatarRequired,
    );
    expect((await t.call(cozeDraft, { topic: '咖啡', video_ids: String(avatar.id) }, { token: dave.token })).msg).toBe(
      m.voiceRequired,
    );
    const stranger = await newAccount(t, { credits: 100 });
    const notMine = await t.call(
      cozeDraft,
      { topic: '咖啡', video_ids: String(avatar.id), voice_id: voice },
      { token: stranger.token },
    );
    expect(notMine.msg).toBe(m.avatarRequired);
    expect(await balance(stranger)).toBe(100);
    const r = await t.call<CozeRun>(
      cozeDraft,
      { topic: '我的咖啡店', video_ids: String(avatar.id), voice_id: voice, api: 'local', scenes: 3 },
      { token: dave.token },
    );
    expect(r.code, r.msg).toBe(0);
    run = r.data;
    expect(run.scenes).toHaveLength(3);
    expect(run.scenes.every((s) => s.video_id === avatar.id && s.voice_id === voice)).toBe(true);
  });

  it('submits the edited scenes as one multi-scene work; another account cannot', async () => {
    const bobby = await newAccount(t, { credits: 5000 });
    expect((await t.call(submitCozeRun, { id: run.id }, { token: bobby.token })).msg).toBe(m.runMissing);
    const edited = [{ ...run.scenes[0]!, text: '改过的开头，欢迎光临。' }, run.scenes[1]!];
    const r = await t.call<{ work_id: number; credits: number }>(
      submitCozeRun,
      { id: run.id, api: 'local', scenes: JSON.stringify(edited), name: '咖啡店爆款' },
      { token: dave.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data.credits).toBeGreaterThan(0);
    const works = await t.call<{ list: Work[] }>(listWorks, { limit: 0, is_multi: 1 }, { token: dave.token });
    expect(works.data.list.map((w) => w.id)).toContain(r.data.work_id);
    const scenes = await db()
      .select({ script: multiScenes.script })
      .from(multiScenes)
      .where(eq(multiScenes.workId, r.data.work_id))
      .orderBy(multiScenes.position);
    expect(scenes.map((x) => x.script)).toEqual(['改过的开头，欢迎光临。', run.scenes[1]!.text]);
    const again = await t.call(submitCozeRun, { id: run.id }, { token: dave.token });
    expect(again.msg).toBe(m.runSubmitted);
    const history = await t.call<{ list: CozeRun[] }>(listCozeRuns, {}, { token: dave.token });
    expect(history.data.list[0]).toMatchObject({ id: run.id, status: 2, work_id: r.data.work_id });
  });
});
