import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiMediaMessages,
  createImageGenerate,
  createUserPrompt,
  createVideoGenerate,
  deleteImageGenerate,
  deleteUserPrompt,
  deleteVideoGenerate,
  imagePrompt,
  listImageGenerate,
  listUserPrompt,
  listVideoGenerate,
  videoPrompt,
  videoPromptRecommend,
  type ImageRecord,
  type InspirationGroup,
  type RecommendedPrompt,
  type UserPreset,
  type VideoRecord,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { aiWorkflows } from '../../db/schema/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { pictureInfo } from '../../engines/image/index.js';
import { makeFakeMedia, startFakeKling, type FakeKling } from '../../engines/image/testing/fake-vendors.js';
import { testLedger } from '../billing/testing/ledger.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/** AI pictures and videos through the HTTP contract, on 可灵 (a loopback fake of its API). */
let t: TestApp;
let bare: TestApp;
let kling: FakeKling;
let dir: string;
let photo: string;
let tiny: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ai-media-'));
  const media = await makeFakeMedia(dir);
  photo = path.join(dir, 'photo.jpg');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', photo]);
  tiny = path.join(dir, 'tiny.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=200x200', '-frames:v', '1', tiny]);
  kling = await startFakeKling(media, { accessKey: 'ak', secretKey: 'sk', pollsBeforeDone: 2 });
  const common = { AI_MEDIA_POLL_INTERVAL_MS: '100' };
  t = await buildTestApp({
    ...common,
    KLING_ACCESS_KEY: 'ak',
    KLING_SECRET_KEY: 'sk',
    KLING_BASE_URL: kling.url,
    KLING_GENERATION_CONCURRENCY: '1',
    TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.1',
  });
  bare = await buildTestApp(common);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await kling?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const balance = (m: TestAccount, app = t) => testLedger(app.ctx.database.db).balance(m.id);

/** Puts a picture in the member's image folder, as a signed upload would, and returns its URL. */
async function ownPicture(m: TestAccount, file: string): Promise<string> {
  const key = `users/${m.id}/image/${path.basename(file, path.extname(file))}-${Date.now()}${path.extname(file)}`;
  await t.ctx.storage.putFile(key, file);
  return t.ctx.storage.signedUrl(key, { expiresIn: 600 });
}

async function images(m: TestAccount): Promise<ImageRecord[]> {
  const r = await t.call<{ list: ImageRecord[] }>(listImageGenerate, { type: 'text' }, { token: m.token });
  return r.data.list;
}
async function videos(m: TestAccount, type: 'text' | 'image'): Promise<VideoRecord[]> {
  const r = await t.call<{ list: VideoRecord[] }>(listVideoGenerate, { type }, { token: m.token });
  return r.data.list;
}
const ended = <T extends { id: number; status: number }>(what: string, list: () => Promise<T[]>, id: number) =>
  waitFor(
    what,
    async () => {
      const r = (await list()).find((x) => x.id === id);
      return r && (r.status === 3 || r.status === 4) ? r : null;
    },
    // Generous: on a loaded 2-core machine the first order also waits for the queue and the vendor fake.
    120_000,
  );

/** The stored file behind a URL the list hands out, read through the app. */
async function fetchResult(url: string) {
  const res = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
  return { status: res.statusCode, bytes: res.rawPayload };
}

describe('nothing configured', () => {
  it('lists say the service is not open, and orders are refused without charging', async () => {
    const m = await newAccount(bare, { credits: 5000 });
    const list = await bare.call<{ service: { available: boolean; message: string } }>(
      listImageGenerate,
      {},
      {
        token: m.token,
      },
    );
    expect(list.data.service).toEqual({
      available: false,
      message: aiMediaMessages.imageUnavailable,
      prices: [{ api: 'image', credits: 10, enabled: true }],
    });
    // What to configure is said on the console's engines screen, never to a user.
    expect(aiMediaMessages.imageUnavailable).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
    const v = await bare.call<{ service: { available: boolean; message: string } }>(
      listVideoGenerate,
      {},
      {
        token: m.token,
      },
    );
    expect(v.data.service.message).toBe(aiMediaMessages.videoUnavailable);
    expect(await bare.call(createImageGenerate, { text: '山', num: 1 }, { token: m.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.imageUnavailable,
    });
    expect(await bare.call(createVideoGenerate, { type: 'text', prompt: '山' }, { token: m.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.videoUnavailable,
    });
    expect(await balance(m, bare)).toBe(5000);
  });
});

describe('text-to-image', () => {
  let m: TestAccount;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 1000 });
  });

  it('checks the description, ratio and count', async () => {
    const post = (p: Record<string, string | number>) => t.call(createImageGenerate, p, { token: m.token });
    expect(await post({ text: '  ', num: 1 })).toMatchObject({ code: 1, msg: aiMediaMessages.promptRequired });
    expect(await post({ num: 1 })).toMatchObject({ code: 1, msg: aiMediaMessages.promptRequired });
    expect((await post({ text: '山', num: 5 })).code).toBe(1);
    expect((await post({ text: '山', num: 0 })).code).toBe(1);
    expect((await post({ text: '山', ratio: '4:3' })).code).toBe(1);
    expect(await balance(m)).toBe(1000);
  });

  it('holds 10 a picture, shows it in progress, then done with stored pictures and the price settled', async () => {
    const r = await t.call<{ id: number }>(
      createImageGenerate,
      { type: 'text', text: '雪山日出', ratio: '16:9', num: 3 },
      { token: m.token },
    );
    expect(r).toMatchObject({ code: 0, msg: aiMediaMessages.submitted });
    expect(await balance(m)).toBe(970);
    const first = (await images(m)).find((x) => x.id === r.data.id)!;
    expect([1, 2]).toContain(first.status);
    const done = await ended('pictures', () => images(m), r.data.id);
    expect(done).toMatchObject({ status: 3, text: '雪山日出', ratio: '16:9', num: 3, credits: 30 });
    expect(done.url).toHaveLength(3);
    const got = await fetchResult(done.url[0]!);
    expect(got.status).toBe(200);
    const copy = path.join(dir, 'copy.png');
    await fsp.writeFile(copy, got.bytes);
    expect((await pictureInfo(copy))?.width).toBe(512);
    expect(await balance(m)).toBe(970);
    expect(
      kling.requests.find((q) => q.method === 'POST' && (q.body as { prompt?: string }).prompt === '雪山日出')?.body,
    ).toMatchObject({
      n: 3,
      aspect_ratio: '16:9',
    });
  }, 240_000);

  it('refunds in full when the vendor refuses the content, at submit or in the task', async () => {
    for (const text of ['违规画面', '风控画面']) {
      const before = await balance(m);
      const r = await t.call<{ id: number }>(createImageGenerate, { text, num: 2 }, { token: m.token });
      expect(await balance(m)).toBe(before - 20);
      const done = await ended('refused pictures', () => images(m), r.data.id);
      expect(done).toMatchObject({ status: 4, fail_reason: aiMediaMessages.contentRejected, url: [] });
      expect(await balance(m)).toBe(before);
    }
  });

  it('takes a reference picture of the caller only, png/jpg at least 300 px, and sends it', async () => {
    const other = await newAccount(t, { credits: 100 });
    const post = (image: string) =>
      t.call<{ id: number }>(createImageGenerate, { text: '参考图', num: 1, image }, { token: m.token });
    expect(await post(await ownPicture(other, photo))).toMatchObject({ code: 1, msg: aiMediaMessages.imageMissing });
    expect(await post('https://evil.example.com/x.png')).toMatchObject({ code: 1, msg: aiMediaMessages.imageMissing });
    expect(await post(await ownPicture(m, tiny))).toMatchObject({ code: 1, msg: aiMediaMessages.imageTooSmall });
    const big = path.join(dir, 'big.png');
    await fsp.writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(await post(await ownPicture(m, big))).toMatchObject({ code: 1, msg: aiMediaMessages.imageTooLarge });
    const url = await ownPicture(m, photo);
    const r = await post(url);
    expect(r.code).toBe(0);
    const done = await ended('with reference', () => images(m), r.data.id);
    expect(done.status).toBe(3);
    expect(done.image).toContain(`users/${m.id}/image/`);
    const sent = kling.requests.find((q) => (q.body as { prompt?: string } | undefined)?.prompt === '参考图');
    expect((sent?.body as { image: string }).image).toBe((await fsp.readFile(photo)).toString('base64'));
  });

  it('deletes only the caller\u2019s finished records, with their pictures and storage', async () => {
    const other = await newAccount(t, { credits: 100 });
    const [rec] = await images(m);
    expect(await t.call(deleteImageGenerate, { id: rec!.id }, { token: other.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.recordMissing,
    });
    const url = rec!.url[0];
    expect(await t.call(deleteImageGenerate, { id: rec!.id }, { token: m.token })).toMatchObject({
      code: 0,
      msg: aiMediaMessages.deleted,
    });
    expect((await images(m)).some((x) => x.id === rec!.id)).toBe(false);
    if (url) expect((await fetchResult(url)).status).toBe(404);
  });
});

describe('text-to-video and image-to-video', () => {
  let m: TestAccount;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 5000 });
  });
  const post = (p: Record<string, string | number>) =>
    t.call<{ id: number }>(createVideoGenerate, p, { token: m.token });

  it('needs a description, refuses pro mode, and checks ratio, duration and creativity', async () => {
    expect(await post({ type: 'text', prompt: '' })).toMatchObject({ code: 1, msg: aiMediaMessages.promptRequired });
    expect(await post({ type: 'text', prompt: '海', mode: 'pro' })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.proUnavailable,
    });
    expect((await post({ type: 'text', prompt: '海', duration: '7' })).code).toBe(1);
    expect((await post({ type: 'text', prompt: '海', aspect_ratio: '2:3' })).code).toBe(1);
    expect((await post({ type: 'text', prompt: '海', cfg_scale: '1.5' })).code).toBe(1);
    expect(await balance(m)).toBe(5000);
  });

  it('charges 360 for standard 5 s and 720 for 10 s; the record keeps its order and org_data', async () => {
    const org = JSON.stringify({
      html: '<p>海边<span data-word="1">特写镜头</span></p>',
      words: [{ id: 1, is_multi: 0, name: '特写镜头' }],
    });
    const r5 = await post({
      type: 'text',
      prompt: '金毛在海边奔跑',
      negative_prompt: '模糊',
      cfg_scale: '0.8',
      mode: 'std',
      duration: '5',
      aspect_ratio: '9:16',
      org_data: org,
    });
    expect(r5).toMatchObject({ code: 0, msg: aiMediaMessages.submitted });
    expect(await balance(m)).toBe(5000 - 360);
    const r10 = await post({ type: 'text', prompt: '城市延时', duration: '10' });
    expect(await balance(m)).toBe(5000 - 360 - 720);
    const done = await ended('video', () => videos(m, 'text'), r5.data.id);
    expect(done).toMatchObject({
      status: 3,
      type: 'text',
      prompt: '金毛在海边奔跑',
      negative_prompt: '模糊',
      cfg_scale: 0.8,
      mode: 'std',
      aspect_ratio: '9:16',
      org_data: org,
      credits: 360,
    });
    expect(done.url).toMatch(/\.mp4/);
    expect(done.cover).toMatch(/\.jpg/);
    expect((await fetchResult(done.url)).status).toBe(200);
    const ten = await ended('10 s video', () => videos(m, 'text'), r10.data.id);
    expect(ten).toMatchObject({ credits: 720, duration: 10 });
    expect(await balance(m)).toBe(5000 - 360 - 720);
    expect(await videos(m, 'image')).toEqual([]);
    const sent = kling.requests.find((q) => (q.body as { prompt?: string } | undefined)?.prompt === '金毛在海边奔跑');
    expect(sent).toMatchObject({
      path: '/v1/videos/text2video',
      body: { cfg_scale: 0.8, duration: '5', aspect_ratio: '9:16' },
    });
  });

  it('refunds a failed task in full', async () => {
    const before = await balance(m);
    const r = await post({ type: 'text', prompt: '生成失败的视频' });
    const done = await ended('failed video', () => videos(m, 'text'), r.data.id);
    expect(done).toMatchObject({ status: 4, fail_reason: aiMediaMessages.remoteFailed, url: '' });
    expect(await balance(m)).toBe(before);
  });

  it('image-to-video asks for the first frame or the reference, checks its size, and sends image and image_tail', async () => {
    expect(await post({ type: 'image', prompt: '动起来', image_mode: '1' })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.firstFrameRequired,
    });
    expect(await post({ type: 'image', prompt: '动起来', image_mode: '2' })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.referenceRequired,
    });
    const big = path.join(dir, 'big.jpg');
    await fsp.writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(await post({ type: 'image', image: await ownPicture(m, big) })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.imageTooLarge,
    });
    const recs = await t.call<{ list: RecommendedPrompt[] }>(
      videoPromptRecommend,
      { type: 'image' },
      { token: m.token },
    );
    const sample = recs.data.list[0]!;
    const tail = await ownPicture(m, photo);
    const r = await post({
      type: 'image',
      prompt: sample.content,
      image: sample.image,
      image_tail: tail,
      image_mode: '1',
    });
    expect(r.code).toBe(0);
    const done = await ended('image video', () => videos(m, 'image'), r.data.id);
    expect(done).toMatchObject({ status: 3, type: 'image' });
    expect(done.image).toContain('public/ai-media/');
    expect(done.image_tail).toContain(`users/${m.id}/image/`);
    const sent = kling.requests.filter((q) => q.path === '/v1/videos/image2video').at(-1)!;
    expect((sent.body as { image_tail: string }).image_tail).toBe((await fsp.readFile(photo)).toString('base64'));
  });

  it('a busy engine queues records in order with their positions', async () => {
    const a = await post({ type: 'text', prompt: '慢慢来的视频一' });
    const b = await post({ type: 'text', prompt: '慢慢来的视频二' });
    const seen = await waitFor('a queue position', async () => {
      const list = await videos(m, 'text');
      const wa = list.find((x) => x.id === a.data.id);
      const wb = list.find((x) => x.id === b.data.id);
      return wa?.status === 2 && wb?.queue_position === 1 ? wb : null;
    });
    expect(seen.queue_position).toBe(1);
    await ended('slow one', () => videos(m, 'text'), a.data.id);
    expect((await ended('slow two', () => videos(m, 'text'), b.data.id)).status).toBe(3);
  });

  it('in-progress records cannot be deleted; finished ones only by their owner', async () => {
    const r = await post({ type: 'text', prompt: '慢慢删除' });
    expect(await t.call(deleteVideoGenerate, { id: r.data.id }, { token: m.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.stillRunning,
    });
    await ended('to delete', () => videos(m, 'text'), r.data.id);
    const other = await newAccount(t);
    expect((await t.call(deleteVideoGenerate, { id: r.data.id }, { token: other.token })).code).toBe(1);
    expect(await t.call(deleteVideoGenerate, { id: r.data.id }, { token: m.token })).toMatchObject({ code: 0 });
  });
});

describe('recommendations, inspiration words and presets', () => {
  it('serves three random image and text-video prompts and five image-to-video ones with samples', async () => {
    const m = await newAccount(t);
    const img = await t.call<{ list: RecommendedPrompt[] }>(imagePrompt, { type: 'text' }, { token: m.token });
    expect(img.data.list).toHaveLength(3);
    const text = await t.call<{ list: RecommendedPrompt[] }>(
      videoPromptRecommend,
      { type: 'text' },
      { token: m.token },
    );
    expect(text.data.list).toHaveLength(3);
    const image = await t.call<{ list: RecommendedPrompt[] }>(
      videoPromptRecommend,
      { type: 'image' },
      { token: m.token },
    );
    expect(image.data.list).toHaveLength(5);
    for (const p of image.data.list) expect((await fetchResult(p.image)).status).toBe(200);
    const groups = await t.call<{ list: InspirationGroup[] }>(videoPrompt, {}, { token: m.token });
    expect(groups.data.list.some((g) => g.is_multi === 0 && g.list.every((w) => w.is_multi === 0))).toBe(true);
    expect(groups.data.list.some((g) => g.is_multi === 1)).toBe(true);
    // The operator's ComfyUI templates start as the defaults, one per kind.
    const templates = await t.ctx.database.db.select().from(aiWorkflows);
    expect(templates.map((w) => w.kind).sort()).toEqual(['image2video', 'text2image', 'text2video']);
  });

  it('presets: title and content required, search, and only the owner deletes', async () => {
    const m = await newAccount(t);
    const other = await newAccount(t);
    const add = (p: Record<string, string>) => t.call<{ id: number }>(createUserPrompt, p, { token: m.token });
    expect(await add({ title: '', content: '内容' })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.presetTitleRequired,
    });
    expect(await add({ title: '名称', content: ' ' })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.presetContentRequired,
    });
    const a = await add({ title: '海边', content: '海边的日落，电影质感' });
    const b = await add({ content: '城市夜景延时摄影，车流光轨' });
    expect(a.code).toBe(0);
    const list = (search: string, token = m.token) =>
      t.call<{ list: UserPreset[] }>(listUserPrompt, { search }, { token }).then((r) => r.data.list);
    expect((await list('')).map((p) => p.id)).toEqual([b.data.id, a.data.id]);
    expect((await list('日落')).map((p) => p.title)).toEqual(['海边']);
    expect((await list('')).find((p) => p.id === b.data.id)?.title).toBe('城市夜景延时摄影，车流光轨'.slice(0, 12));
    expect(await list('', other.token)).toEqual([]);
    expect(await t.call(deleteUserPrompt, { id: a.data.id }, { token: other.token })).toMatchObject({
      code: 1,
      msg: aiMediaMessages.presetMissing,
    });
    expect((await t.call(deleteUserPrompt, { id: a.data.id }, { token: m.token })).code).toBe(0);
    expect((await list('')).map((p) => p.id)).toEqual([b.data.id]);
  });
});
