import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DuixEngine, type DuixConfig } from './duix.js';
import { avatarMessages } from './messages.js';
import { placeholderAvatar } from './testing/avatar.js';
import { startFakeDuix, type FakeDuix, type FakeDuixScript } from './testing/fake-duix.js';
import { makeClip } from './testing/media.js';
import { AvatarEngineError, type PreparedAvatar } from './types.js';

let dir: string;
let resultFile: string;
let audioFile: string;
let avatar: PreparedAvatar;
let fake: FakeDuix | undefined;
const fastHttp = { retries: 2, backoffMs: 10, timeoutMs: 2000 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avatar-duix-'));
  resultFile = await makeClip(join(dir, 'result.mp4'), { seconds: 2, withAudio: true });
  audioFile = join(dir, 'speech.wav');
  await writeFile(audioFile, 'audio bytes');
  avatar = await placeholderAvatar(dir);
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setup(script: Partial<FakeDuixScript>, config: Partial<DuixConfig> | ((fakeUrl: string) => Partial<DuixConfig>) = {}) {
  fake = await startFakeDuix({ resultFile, result: 'url', ...script });
  const signed: string[] = [];
  const engine = new DuixEngine({
    baseUrl: fake.url,
    input: { mode: 'url', publicUrl: (file, purpose) => Promise.resolve(`https://files.example/${purpose}/${signed.push(file)}`) },
    pollIntervalMs: 20,
    timeoutMs: 5000,
    http: fastHttp,
    ...(typeof config === 'function' ? config(fake.url) : config),
  });
  return { engine, fake, signed };
}

async function failure(p: Promise<unknown>): Promise<AvatarEngineError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AvatarEngineError);
  return e as AvatarEngineError;
}

const out = (name: string) => join(dir, `${name}.mp4`);

describe('Duix.Avatar / HeyGem engine (contract with a fake /easy API)', () => {
  it('takes one job at a time', async () => {
    const { engine } = await setup({});
    expect(engine.maxConcurrency).toBe(1);
    expect(engine.lipSync).toBe(true);
  });

  it('submits the published request shape with signed URLs and polls to a downloaded result', async () => {
    const { engine, fake, signed } = await setup({ pollsBeforeDone: 2 });
    const progress: number[] = [];
    const r = await engine.render({ avatar, audioFile, outFile: out('url'), onProgress: (p) => progress.push(p) });
    expect(signed).toEqual([avatar.mezzanine, audioFile]);
    const submit = fake.requests.find((q) => q.path === '/easy/submit');
    expect(submit?.headers['content-type']).toContain('application/json');
    expect(submit?.body).toEqual({
      audio_url: 'https://files.example/audio/2',
      video_url: 'https://files.example/avatar-video/1',
      code: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      chaofen: 0,
      watermark_switch: 0,
      pn: 1,
    });
    const queries = fake.requests.filter((q) => q.path === '/easy/query');
    expect(queries).toHaveLength(3);
    expect(queries[0]?.query.get('code')).toBe((submit?.body as { code: string }).code);
    expect(r).toMatchObject({ file: out('url'), width: 640, height: 360 });
    expect(r.duration).toBeGreaterThan(1.9);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
  });

  it('hands files over through a shared directory and reads the result from it', async () => {
    const hostDir = join(dir, 'shared');
    await mkdir(hostDir, { recursive: true });
    const shared = { hostDir, engineDir: '/code/data' };
    const { engine, fake } = await setup({ result: 'path', sharedHostDir: hostDir }, { input: { mode: 'shared' }, shared });
    const r = await engine.render({ avatar, audioFile, outFile: out('shared') });
    const body = fake.requests.find((q) => q.path === '/easy/submit')?.body as { video_url: string; audio_url: string };
    expect(body.video_url).toMatch(/^\/code\/data\/inputs\/[0-9a-f-]+\/video\.mp4$/);
    expect(body.audio_url).toMatch(/^\/code\/data\/inputs\/[0-9a-f-]+\/audio\.wav$/);
    expect(fake.stagedSeen).toEqual([body.audio_url, body.video_url]);
    expect(r.width).toBe(640);
    // Staged inputs are removed once the render is over.
    expect(await readdir(join(hostDir, 'inputs'))).toEqual([]);
  });

  it('fetches a bare result path from the configured result URL', async () => {
    const { engine, fake } = await setup({ result: 'path' }, (url) => ({ resultBaseUrl: `${url}/data` }));
    const r = await engine.render({ avatar, audioFile, outFile: out('base') });
    expect(r.width).toBe(640);
    expect(fake.requests.at(-1)?.path).toMatch(/^\/data\/temp\/[0-9a-f-]+-r\.mp4$/);
  });

  it('says so when a bare result path cannot be reached', async () => {
    const { engine } = await setup({ result: 'path' });
    expect((await failure(engine.render({ avatar, audioFile, outFile: out('nowhere') }))).message).toBe(avatarMessages.duixNoResult);
  });

  it('hands the task code over before submitting, and a resumed render follows that task instead of submitting again', async () => {
    const { engine, fake } = await setup({ pollsBeforeDone: 3 });
    const told: string[] = [];
    const first = engine.render({
      avatar,
      audioFile,
      outFile: out('first'),
      onTask: (code) => {
        told.push(code);
        expect(fake.accepted).toEqual([]);
        return Promise.resolve();
      },
    });
    await first;
    expect(told).toEqual(fake.accepted);

    // A run that stopped while Duix was rendering: the same code is followed, nothing is submitted.
    fake.requests.length = 0;
    const ctl = new AbortController();
    const started = engine.render({ avatar, audioFile, outFile: out('stopped'), signal: ctl.signal, onTask: (c) => Promise.resolve(void told.push(c)) });
    await vi.waitFor(() => expect(fake.requests.some((q) => q.path === '/easy/query')).toBe(true));
    ctl.abort();
    await failure(started);
    const code = told.at(-1)!;
    const resumed = await engine.render({ avatar, audioFile, outFile: out('resumed'), taskId: code });
    expect(resumed.width).toBe(640);
    expect(fake.requests.filter((q) => q.path === '/easy/submit').map((q) => (q.body as { code: string }).code)).toEqual([code]);

    // A code Duix never received (the run stopped before submitting) is submitted under that code.
    const lost = await engine.render({ avatar, audioFile, outFile: out('lost'), taskId: 'code-never-sent' });
    expect(lost.width).toBe(640);
    expect(fake.accepted.at(-1)).toBe('code-never-sent');
  });

  it('takes a resumed task that finished meanwhile from its first query (Duix forgets it once read)', async () => {
    const { engine, fake } = await setup({ pollsBeforeDone: 0 });
    const submitted = await fetch(`${fake.url}/easy/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'finished-meanwhile', audio_url: 'a', video_url: 'v' }),
    });
    expect(submitted.ok).toBe(true);
    const r = await engine.render({ avatar, audioFile, outFile: out('meanwhile'), taskId: 'finished-meanwhile' });
    expect(r.width).toBe(640);
    expect(fake.requests.filter((q) => q.path === '/easy/submit')).toHaveLength(1);
    expect(fake.requests.filter((q) => q.path === '/easy/query')).toHaveLength(1);
  });

  it('waits while the service is busy, then submits again', async () => {
    const { engine, fake } = await setup({ submitCodes: [10001, 10001] });
    await engine.render({ avatar, audioFile, outFile: out('busy') });
    expect(fake.requests.filter((q) => q.path === '/easy/submit')).toHaveLength(3);
  });

  it('maps a failed task to a Chinese message carrying the reason', async () => {
    const { engine } = await setup({ failWith: '视频中未检测到人脸' });
    const e = await failure(engine.render({ avatar, audioFile, outFile: out('fail') }));
    expect(e.key).toBe('duixTaskFailed');
    expect(e.message).toBe(`${avatarMessages.duixTaskFailed}（视频中未检测到人脸）`);
  });

  it('maps a parameter error (10002) and a lost task (10004)', async () => {
    const a = await setup({ submitCodes: [10002] });
    expect((await failure(a.engine.render({ avatar, audioFile, outFile: out('p') }))).key).toBe('duixBadParams');
    await fake?.close();
    const b = await setup({ queryCode: 10004 });
    expect((await failure(b.engine.render({ avatar, audioFile, outFile: out('l') }))).message).toBe(avatarMessages.duixTaskLost);
  });

  it('gives up after the overall timeout', async () => {
    const { engine } = await setup({ neverFinish: true }, { timeoutMs: 200 });
    const e = await failure(engine.render({ avatar, audioFile, outFile: out('slow') }));
    expect(e.message).toBe(avatarMessages.duixTimeout);
    expect(e.retryable).toBe(true);
  });

  it('retries 5xx answers with backoff', async () => {
    const { engine, fake } = await setup({ http5xxFirst: 2 });
    await engine.render({ avatar, audioFile, outFile: out('retry') });
    expect(fake.requests.filter((q) => q.path === '/easy/submit')).toHaveLength(3);
  });

  it('does not retry a 4xx answer', async () => {
    const { engine, fake } = await setup({ submitHttpStatus: 400 });
    const e = await failure(engine.render({ avatar, audioFile, outFile: out('4xx') }));
    expect(e.key).toBe('duixBadParams');
    expect(fake.requests.filter((q) => q.path === '/easy/submit')).toHaveLength(1);
  });

  it('reports an unreachable service after bounded retries', async () => {
    const engine = new DuixEngine({ baseUrl: 'http://127.0.0.1:9', input: { mode: 'url', publicUrl: () => Promise.resolve('https://x/y') }, pollIntervalMs: 10, timeoutMs: 2000, http: fastHttp });
    const e = await failure(engine.render({ avatar, audioFile, outFile: out('down') }));
    expect(e.message).toBe(avatarMessages.duixUnreachable);
  });

  it('stops when the caller cancels', async () => {
    const { engine } = await setup({ neverFinish: true });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    expect((await failure(engine.render({ avatar, audioFile, outFile: out('cancel'), signal: ctl.signal }))).key).toBe('cancelled');
  });
});
