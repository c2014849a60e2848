import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMediaMessages } from '@app/contract';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { pictureInfo } from './picture.js';
import { createKlingVideoEngine } from '../video-generation/kling.js';
import { GenerationError } from './errors.js';
import { createKlingImageEngine } from './kling.js';
import { createOpenAiImageEngine, DEFAULT_OPENAI_SIZES } from './openai.js';
import {
  makeFakeMedia,
  startFakeKling,
  startFakeOpenAiImages,
  type FakeKling,
  type FakeMedia,
} from './testing/fake-vendors.js';

/** Each provider against a loopback fake of its published API: success, refusals and failed tasks. */
let dir: string;
let media: FakeMedia;
let kling: FakeKling;
let openai: Awaited<ReturnType<typeof startFakeOpenAiImages>>;
const keys = { accessKey: 'ak-test', secretKey: 'sk-test' };
const fast = {
  pollIntervalMs: 20,
  timeoutMs: 10_000,
  trustedHosts: ['127.0.0.1'],
  http: { timeoutMs: 5000, retries: 0, backoffMs: 10 },
};

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ai-gen-'));
  media = await makeFakeMedia(dir);
  kling = await startFakeKling(media, { ...keys, pollsBeforeDone: 2 });
  openai = await startFakeOpenAiImages(media, { apiKey: 'sk-openai' });
}, 60_000);
afterAll(async () => {
  await kling?.close();
  await openai?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const outDir = () => fsp.mkdtemp(path.join(dir, 'out-'));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof GenerationError ? e.message : String(e)),
  );

describe('可灵 images', () => {
  const engine = () => createKlingImageEngine({ ...fast, ...keys, baseUrl: kling.url });

  it('submits with a JWT, follows the task and copies every picture; the task id is handed out first', async () => {
    const tasks: string[] = [];
    const files = await engine().generate({
      prompt: '雪山日出',
      ratio: '16:9',
      count: 3,
      outDir: await outDir(),
      onTask: (id) => Promise.resolve(void tasks.push(id)),
    });
    expect(files).toHaveLength(3);
    expect((await pictureInfo(files[0]!))?.width).toBe(512);
    const submit = kling.requests.find((r) => r.method === 'POST')!;
    expect(submit.path).toBe('/v1/images/generations');
    expect(submit.body).toMatchObject({ model_name: 'kling-v1', prompt: '雪山日出', n: 3, aspect_ratio: '16:9' });
    expect(tasks).toHaveLength(1);
  });

  it('sends a reference picture as Base64 and resumes an accepted task without submitting again', async () => {
    const before = kling.requests.filter((r) => r.method === 'POST').length;
    const first = await engine().generate({
      prompt: '参考',
      ratio: '1:1',
      count: 1,
      reference: Buffer.from('png!'),
      outDir: await outDir(),
    });
    expect(first).toHaveLength(1);
    const posts = kling.requests.filter((r) => r.method === 'POST');
    expect((posts.at(-1)!.body as { image: string }).image).toBe(Buffer.from('png!').toString('base64'));
    const taskId = [...kling.tasks.keys()].at(-1)!;
    await engine().generate({ prompt: '参考', ratio: '1:1', count: 1, outDir: await outDir(), taskId });
    expect(kling.requests.filter((r) => r.method === 'POST')).toHaveLength(before + 1);
  });

  it('maps refusals and failed tasks to clear Chinese', async () => {
    const run = (prompt: string) => failure(engine().generate({ prompt, ratio: '1:1', count: 1, outDir: dir }));
    expect(await run('违规内容')).toBe(aiMediaMessages.contentRejected);
    expect(await run('风控内容')).toBe(aiMediaMessages.contentRejected);
    expect(await run('生成失败')).toBe(aiMediaMessages.remoteFailed);
    const wrongKey = createKlingImageEngine({ ...fast, accessKey: 'ak-test', secretKey: 'wrong', baseUrl: kling.url });
    expect(await failure(wrongKey.generate({ prompt: 'x', ratio: '1:1', count: 1, outDir: dir }))).toBe(
      aiMediaMessages.authFailed,
    );
  });

  it('waits out a rate refusal a few times, then says so', async () => {
    const e = createKlingImageEngine({ ...fast, ...keys, baseUrl: kling.url, pollIntervalMs: 5 });
    const before = kling.requests.length;
    expect(await failure(e.generate({ prompt: '限流', ratio: '1:1', count: 1, outDir: dir }))).toBe(
      aiMediaMessages.rateLimited,
    );
    expect(kling.requests.length - before).toBe(4);
  });
});

describe('可灵 videos', () => {
  const engine = () => createKlingVideoEngine({ ...fast, ...keys, baseUrl: kling.url });
  const base = {
    negativePrompt: '模糊',
    cfgScale: 0.5,
    mode: 'std' as const,
    duration: 5 as const,
    aspectRatio: '9:16',
  };

  it('text2video sends the order as documented and copies the mp4', async () => {
    const outFile = path.join(await outDir(), 'v.mp4');
    await engine().generate({ ...base, type: 'text', prompt: '海边奔跑', outFile });
    expect((await probe(outFile)).video?.width).toBe(640);
    const submit = kling.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(submit.path).toBe('/v1/videos/text2video');
    expect(submit.body).toMatchObject({
      prompt: '海边奔跑',
      negative_prompt: '模糊',
      cfg_scale: 0.5,
      mode: 'std',
      duration: '5',
      aspect_ratio: '9:16',
    });
  });

  it('image2video sends image and image_tail (no aspect ratio)', async () => {
    const outFile = path.join(await outDir(), 'v.mp4');
    await engine().generate({
      ...base,
      type: 'image',
      prompt: '',
      image: Buffer.from('first'),
      imageTail: Buffer.from('last'),
      outFile,
    });
    const submit = kling.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(submit.path).toBe('/v1/videos/image2video');
    const body = submit.body as Record<string, unknown>;
    expect(body.image).toBe(Buffer.from('first').toString('base64'));
    expect(body.image_tail).toBe(Buffer.from('last').toString('base64'));
    expect(body.aspect_ratio).toBeUndefined();
  });

  it('content safety at submit and in the task', async () => {
    const out = path.join(dir, 'never.mp4');
    expect(await failure(engine().generate({ ...base, type: 'text', prompt: '违规', outFile: out }))).toBe(
      aiMediaMessages.contentRejected,
    );
    expect(await failure(engine().generate({ ...base, type: 'text', prompt: '风控', outFile: out }))).toBe(
      aiMediaMessages.contentRejected,
    );
  });
});

describe('OpenAI-compatible images', () => {
  const engine = (format: string) =>
    createOpenAiImageEngine({
      baseUrl: `${openai.url}/v1`,
      apiKey: 'sk-openai',
      model: 'gpt-image-1',
      responseFormat: format,
      sizes: DEFAULT_OPENAI_SIZES,
      trustedHosts: ['127.0.0.1'],
      http: fast.http,
    });

  it('reads b64_json, one request per picture, with the size of the ratio', async () => {
    const files = await engine('b64_json').generate({
      prompt: '江南',
      ratio: '9:16',
      count: 2,
      outDir: await outDir(),
    });
    expect(files).toHaveLength(2);
    expect((await pictureInfo(files[1]!))?.height).toBe(512);
    const posts = openai.requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)!.body).toMatchObject({
      model: 'gpt-image-1',
      n: 1,
      size: '1024x1792',
      response_format: 'b64_json',
    });
  });

  it('downloads url replies; leaves response_format out when unset', async () => {
    const files = await engine('url').generate({ prompt: '江南', ratio: '1:1', count: 1, outDir: await outDir() });
    expect((await pictureInfo(files[0]!))?.width).toBe(512);
    await engine('').generate({ prompt: '江南', ratio: '1:1', count: 1, outDir: await outDir() });
    expect(openai.requests.filter((r) => r.method === 'POST').at(-1)!.body).not.toHaveProperty('response_format');
  });

  it('sends a reference picture to /v1/images/edits as multipart, typed by its bytes, with the same fields', async () => {
    const reference = await fsp.readFile(media.png);
    const generations = openai.requests.filter((r) => r.path === '/v1/images/generations').length;
    const files = await engine('b64_json').generate({
      prompt: '把背景换成雪山',
      ratio: '16:9',
      count: 2,
      reference,
      outDir: await outDir(),
    });
    expect(files).toHaveLength(2);
    expect((await pictureInfo(files[0]!))?.width).toBe(512);
    // Never the generation call when a reference is given.
    expect(openai.requests.filter((r) => r.path === '/v1/images/generations')).toHaveLength(generations);
    const sent = openai.edits.slice(-2);
    expect(sent).toHaveLength(2);
    for (const edit of sent) {
      expect(edit.fields).toEqual({
        model: 'gpt-image-1',
        prompt: '把背景换成雪山',
        n: '1',
        size: '1792x1024',
        response_format: 'b64_json',
      });
      expect(edit.image).toMatchObject({ type: 'image/png', name: 'reference.png' });
      expect(edit.image!.bytes.equals(reference)).toBe(true);
    }
    const jpeg = path.join(dir, 'reference.jpg');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=320x320', '-frames:v', '1', jpeg]);
    await engine('').generate({ prompt: '油画风', ratio: '1:1', count: 1, reference: await fsp.readFile(jpeg), outDir: await outDir() });
    expect(openai.edits.at(-1)!.image).toMatchObject({ type: 'image/jpeg', name: 'reference.jpg' });
    expect(openai.edits.at(-1)!.fields).not.toHaveProperty('response_format');
  });

  it('an edit refused by moderation, or a reference that is not a picture, is a clear failure', async () => {
    const run = (prompt: string, reference: Buffer) =>
      failure(engine('b64_json').generate({ prompt, ratio: '1:1', count: 1, reference, outDir: dir }));
    expect(await run('违规', await fsp.readFile(media.png))).toBe(aiMediaMessages.contentRejected);
    expect(await run('山', Buffer.from('not a picture'))).toBe(aiMediaMessages.badRequest);
  });

  it('maps content policy, rate and key errors', async () => {
    const run = (e: ReturnType<typeof engine>, prompt: string) =>
      failure(e.generate({ prompt, ratio: '1:1', count: 1, outDir: dir }));
    expect(await run(engine('b64_json'), '违规')).toBe(aiMediaMessages.contentRejected);
    expect(await run(engine('b64_json'), '限流')).toBe(aiMediaMessages.rateLimited);
    const bad = createOpenAiImageEngine({
      ...{ baseUrl: openai.url, apiKey: 'nope', model: 'm', responseFormat: '', sizes: DEFAULT_OPENAI_SIZES },
      http: fast.http,
    });
    expect(await run(bad, 'x')).toBe(aiMediaMessages.authFailed);
  });
});
