import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseChanjingCallback } from './chanjing-api.js';
import { ChanjingEngine, withChanjingPerson, type ChanjingConfig } from './chanjing.js';
import { avatarMessages } from './messages.js';
import { placeholderAvatar } from './testing/avatar.js';
import { startFakeChanjing, type FakeChanjing, type FakeChanjingScript } from './testing/fake-chanjing.js';
import { makeClip } from './testing/media.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

let dir: string;
let resultFile: string;
let audioFile: string;
let avatar: PreparedAvatar;
let fake: FakeChanjing | undefined;
const creds = { appId: 'app-123', secretKey: 'secret-456' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avatar-chanjing-'));
  resultFile = await makeClip(join(dir, 'result.mp4'), { seconds: 2, width: 360, height: 640, withAudio: true });
  audioFile = join(dir, 'speech.wav');
  await writeFile(audioFile, 'audio bytes');
  avatar = withChanjingPerson(await placeholderAvatar(dir), 'C-person-1');
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setup(script: Partial<FakeChanjingScript> = {}, config: Partial<ChanjingConfig> = {}) {
  fake = await startFakeChanjing({ ...creds, resultFile, ...script });
  const engine = new ChanjingEngine({
    baseUrl: fake.url,
    ...creds,
    publicUrl: (_file, purpose) => Promise.resolve(`https://files.example/${purpose}/speech.wav`),
    callbackUrl: 'https://studio.example/api/callback/chanjing',
    pollIntervalMs: 20,
    timeoutMs: 5000,
    http: { retries: 2, backoffMs: 10, timeoutMs: 2000 },
    ...config,
  });
  return { engine, fake };
}

async function failure(p: Promise<unknown>): Promise<AvatarEngineError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AvatarEngineError);
  return e as AvatarEngineError;
}

const out = (name: string) => join(dir, `${name}.mp4`);

describe('蝉镜 Chanjing engine (contract with a fake open API)', () => {
  it('gets a token, creates the video with the published body, polls and downloads the result', async () => {
    const { engine, fake } = await setup();
    const r = await engine.render({ avatar, audioFile, outFile: out('ok') });
    const tokenReq = fake.requests.find((q) => q.path === '/open/v1/access_token');
    expect(tokenReq?.body).toEqual({ app_id: 'app-123', secret_key: 'secret-456' });
    const create = fake.requests.find((q) => q.path === '/open/v1/create_video');
    expect(create?.headers.access_token).toBe('token-1');
    expect(create?.body).toEqual({
      person: { id: 'C-person-1', x: 0, y: 0, width: 1080, height: 1920 },
      audio: { type: 'audio', wav_url: 'https://files.example/audio/speech.wav', volume: 100, language: 'cn' },
      screen_width: 1080,
      screen_height: 1920,
      callback: 'https://studio.example/api/callback/chanjing',
      model: 0,
    });
    const polls = fake.requests.filter((q) => q.path === '/open/v1/video');
    expect(polls).toHaveLength(3);
    expect(polls[0]?.query.get('id')).toBe('video-1');
    expect(polls.every((q) => q.headers.access_token === 'token-1')).toBe(true);
    expect(r).toMatchObject({ file: out('ok'), width: 360, height: 640 });
  });

  it('caches the token across renders until it expires', async () => {
    const { engine, fake } = await setup();
    await engine.render({ avatar, audioFile, outFile: out('a') });
    await engine.render({ avatar, audioFile, outFile: out('b') });
    expect(fake.tokensIssued).toBe(1);
    await fake.close();
    // A token that expires within the safety margin is replaced before use.
    const short = await setup({ tokenTtl: 60 });
    await short.engine.render({ avatar, audioFile, outFile: out('c') });
    expect(short.fake.tokensIssued).toBeGreaterThan(1);
  });

  it('refreshes the token once on an auth error (10400) and carries on', async () => {
    const { engine, fake } = await setup({ voidTokenOnce: true });
    await engine.render({ avatar, audioFile, outFile: out('refresh') });
    expect(fake.tokensIssued).toBe(2);
    expect(fake.requests.filter((q) => q.path === '/open/v1/create_video').map((q) => q.headers.access_token)).toEqual(['token-1', 'token-2']);
  });

  it('reports wrong credentials in Chinese', async () => {
    const { engine } = await setup({ secretKey: 'other' });
    expect((await failure(engine.render({ avatar, audioFile, outFile: out('creds') }))).key).toBe('chanjingAuth');
  });

  it('maps a failed video (4X / 5X) with the vendor reason', async () => {
    const a = await setup({ failStatus: 40, failMsg: '音频中没有人声' });
    const e = await failure(a.engine.render({ avatar, audioFile, outFile: out('f40') }));
    expect(e.message).toBe(`${avatarMessages.chanjingVideoParams}（音频中没有人声）`);
    expect(e.retryable).toBe(false);
    await fake?.close();
    const b = await setup({ failStatus: 51, failMsg: '服务异常' });
    const e2 = await failure(b.engine.render({ avatar, audioFile, outFile: out('f51') }));
    expect(e2.key).toBe('chanjingVideoService');
    expect(e2.retryable).toBe(true);
  });

  it('maps create_video error codes', async () => {
    const { engine } = await setup({ createCode: 50011 });
    expect((await failure(engine.render({ avatar, audioFile, outFile: out('bad') }))).key).toBe('chanjingNonCompliant');
  });

  it('refuses an avatar with no 蝉镜 person, without calling the service', async () => {
    const { engine, fake } = await setup();
    const bare = { ...avatar, engineData: {} };
    expect((await failure(engine.render({ avatar: bare, audioFile, outFile: out('none') }))).message).toBe(avatarMessages.chanjingPersonMissing);
    expect(fake.requests).toHaveLength(0);
  });

  it('gives up after the overall timeout', async () => {
    const { engine } = await setup({ neverFinish: true }, { timeoutMs: 200 });
    expect((await failure(engine.render({ avatar, audioFile, outFile: out('slow') }))).message).toBe(avatarMessages.chanjingTimeout);
  });

  it('retries 5xx answers and never retries a 4xx', async () => {
    const a = await setup({ http5xxFirst: 2 });
    await a.engine.render({ avatar, audioFile, outFile: out('5xx') });
    expect(a.fake.requests.filter((q) => q.path === '/open/v1/access_token')).toHaveLength(3);
    await fake?.close();
    const b = await setup({ createHttpStatus: 400 });
    expect((await failure(b.engine.render({ avatar, audioFile, outFile: out('4xx') }))).key).toBe('chanjingBadParams');
    expect(b.fake.requests.filter((q) => q.path === '/open/v1/create_video')).toHaveLength(1);
  });
});

describe('蝉镜 callback body', () => {
  it('parses a finished task', () => {
    const s = parseChanjingCallback({
      id: '1914661228878233600',
      status: 30,
      progress: 100,
      msg: '',
      video_url: 'https://res.chanjing.cc/output/x-output.mp4',
      subtitle_data_url: '',
      create_time: 1745325784,
      preview_url: 'https://res.chanjing.cc/output/x-cover.jpg',
      duration: 45,
      audio_urls: ['https://res.chanjing.cc/tts/x.wav'],
    });
    expect(s).toEqual({ id: '1914661228878233600', state: 'succeeded', progress: 1, videoUrl: 'https://res.chanjing.cc/output/x-output.mp4', duration: 45 });
  });

  it('parses a failure and an in-progress envelope', () => {
    const failed = parseChanjingCallback({ id: 'v', status: 50, progress: 0, msg: '蝉豆不足' });
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toBe(`${avatarMessages.chanjingVideoService}（蝉豆不足）`);
    expect(parseChanjingCallback({ code: 0, msg: 'success', data: { id: 7, status: 10, progress: 40 } })).toMatchObject({ id: '7', state: 'processing', progress: 0.4 });
  });

  it('refuses a body that is not a 蝉镜 video', () => {
    for (const body of [null, 'x', { id: 'v' }, { status: 30 }, { id: 'v', status: '30' }]) {
      expect(() => parseChanjingCallback(body)).toThrow(avatarMessages.chanjingCallbackInvalid);
    }
  });
});

describe('蝉镜 customised person (prepareAvatar)', () => {
  const trainable = () => ({ ...avatar, duration: 60, engineData: {} });

  it('hands the avatar video over by signed URL, polls the person until trained and keeps its id', async () => {
    const { engine, fake } = await setup({ personPollsBeforeDone: 2 });
    const prepared = await engine.prepareAvatar(trainable(), { key: 'avatar-7' });
    const create = fake.requests.find((q) => q.path === '/open/v1/create_customised_person');
    expect(create?.headers.access_token).toBe('token-1');
    expect(create?.body).toEqual({ name: 'avatar-7', material_video: 'https://files.example/avatar-video/speech.wav', train_type: 'figure' });
    expect(fake.requests.filter((q) => q.path === '/open/v1/customised_person').map((q) => q.query.get('id'))).toEqual([
      'C-person-1',
      'C-person-1',
      'C-person-1',
    ]);
    expect(prepared.engineData.chanjing).toEqual({ personId: 'C-person-1' });
    expect(engine.unusableReason(prepared)).toBeNull();
    // Rendering then uses that person.
    await engine.render({ avatar: prepared, audioFile, outFile: out('trained') });
    expect((fake.requests.find((q) => q.path === '/open/v1/create_video')?.body as { person: { id: string } }).person.id).toBe('C-person-1');
  });

  it('records a failed training with 蝉镜 reason; the avatar itself stays usable elsewhere', async () => {
    const { engine } = await setup({ personFailStatus: 4, personFailReason: '视频中未检测到人脸' });
    const prepared = await engine.prepareAvatar(trainable(), { key: 'avatar-8' });
    expect(prepared.engineData.chanjing).toEqual({ error: `${avatarMessages.chanjingPersonFailed}（视频中未检测到人脸）` });
    // The user is told 蝉镜's reason, not the vendor's name.
    expect(engine.unusableReason(prepared)).toBe(`${avatarMessages.chanjingPersonRefused}（视频中未检测到人脸）`);
    expect(engine.unusableReason(prepared)).not.toContain('蝉镜');
    // 蝉镜 judged the video: training it again would fail the same way.
    expect(engine.retryPrepareLater(prepared)).toBe(false);
    expect((await failure(engine.render({ avatar: prepared, audioFile, outFile: out('untrained') }))).key).toBe('chanjingPersonMissing');
  });

  it('leaves avatars outside 30–300 s alone without calling 蝉镜', async () => {
    const { engine, fake } = await setup();
    for (const duration of [10, 301]) {
      const a = { ...avatar, duration, engineData: {} };
      expect(await engine.prepareAvatar(a, { key: 'avatar-9' })).toBe(a);
      expect(engine.unusableReason(a)).toBe(avatarMessages.chanjingPersonMissing);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('a re-run finds the person it already started by name instead of training another', async () => {
    const { engine, fake } = await setup({ existingPersons: [{ id: 'C-old', name: 'avatar-10', status: 1 }], personPollsBeforeDone: 0 });
    fake.persons.get('C-old')!.polls = 0;
    const prepared = await engine.prepareAvatar(trainable(), { key: 'avatar-10' });
    expect(prepared.engineData.chanjing).toEqual({ personId: 'C-old' });
    expect(fake.requests.some((q) => q.path === '/open/v1/list_customised_person')).toBe(true);
    expect(fake.requests.some((q) => q.path === '/open/v1/create_customised_person')).toBe(false);
  });

  it('reports a training that never ends', async () => {
    const { engine } = await setup({ personPollsBeforeDone: 1_000_000 }, { personTimeoutMs: 150 });
    const prepared = await engine.prepareAvatar(trainable());
    expect(prepared.engineData.chanjing).toEqual({ error: avatarMessages.chanjingPersonTimeout, retryable: true });
    expect(engine.retryPrepareLater(prepared)).toBe(true);
  });

  it('marks a training 蝉镜 could not take (an outage) to be tried again, and a later try trains the person', async () => {
    const { engine, fake } = await setup({ personServiceDown: true });
    const first = await engine.prepareAvatar(trainable(), { key: 'avatar-11' });
    expect(first.engineData.chanjing).toEqual({ error: avatarMessages.chanjingSystemError, retryable: true });
    // An outage is the service's business, not the user's: the avatar is only not ready yet.
    expect(engine.unusableReason(first)).toBe(avatarMessages.chanjingPersonMissing);
    expect(engine.retryPrepareLater(first)).toBe(true);

    fake.script.personServiceDown = false;
    const second = await engine.prepareAvatar(first, { key: 'avatar-11' });
    expect(second.engineData.chanjing).toEqual({ personId: 'C-person-1' });
    expect(engine.retryPrepareLater(second)).toBe(false);
    expect(engine.unusableReason(second)).toBeNull();
    expect(fake.persons.size).toBe(1);
  });
});

describe('蝉镜 video task follow-up', () => {
  it('reports the task id, and a callback wakes the poll at once (the detail is still fetched)', async () => {
    const { engine, fake } = await setup({ pollsBeforeDone: 0 }, { pollIntervalMs: 600_000 });
    const tasks: string[] = [];
    const rendering = engine.render({ avatar, audioFile, outFile: out('woken'), onTask: (id) => Promise.resolve(void tasks.push(id)) });
    while (!tasks.length) await new Promise((r) => setTimeout(r, 10));
    expect(tasks).toEqual(['video-1']);
    expect(engine.wake('unknown-task')).toBe(false);
    while (!engine.wake('video-1')) await new Promise((r) => setTimeout(r, 10));
    await rendering;
    expect(fake.requests.filter((q) => q.path === '/open/v1/video')).toHaveLength(1);
  });

  it('follows a task it already started instead of creating another', async () => {
    const { engine, fake } = await setup();
    await engine.render({ avatar, audioFile, outFile: out('first') });
    await engine.render({ avatar, audioFile, outFile: out('resumed'), taskId: 'video-1' });
    expect(fake.requests.filter((q) => q.path === '/open/v1/create_video')).toHaveLength(1);
  });
});
