import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AvatarEngineError, avatarMessages, ChanjingClient } from '../avatar/index.js';
import { startFakeChanjing, type FakeChanjing, type FakeChanjingScript } from '../avatar/testing/fake-chanjing.js';
import { makeClip, makeTone } from '../avatar/testing/media.js';
import { ChanjingLipSync } from './chanjing.js';

let dir: string;
let video: string;
let audio: string;
let resultFile: string;
let fake: FakeChanjing | undefined;
const creds = { appId: 'lip-app', secretKey: 'lip-secret' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lipsync-chanjing-'));
  video = await makeClip(join(dir, 'source.mp4'), { width: 320, height: 240, seconds: 2, withAudio: true });
  audio = await makeTone(join(dir, 'dub.wav'), 2);
  resultFile = await makeClip(join(dir, 'result.mp4'), { width: 640, height: 360, seconds: 2, withAudio: true });
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setup(script: Partial<FakeChanjingScript> = {}) {
  fake = await startFakeChanjing({ ...creds, resultFile, ...script });
  const client = new ChanjingClient({ baseUrl: fake.url, ...creds, http: { retries: 1, backoffMs: 10, timeoutMs: 5000 } });
  const engine = new ChanjingLipSync({ client, maxConcurrency: 2, pollIntervalMs: 20, timeoutMs: 10_000, model: 0 });
  return { engine, fake };
}

async function failure(p: Promise<unknown>): Promise<AvatarEngineError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AvatarEngineError);
  return e as AvatarEngineError;
}

const out = (name: string) => join(dir, `${name}.mp4`);

describe('蝉镜 对口型 (contract with a fake of its open API)', () => {
  it('uploads the video and the audio, waits until both are usable, creates the task and copies its result', async () => {
    const { engine, fake } = await setup({ filePollsBeforeReady: 2 });
    const tasks: string[] = [];
    const r = await engine.lipSync({ video, audio, outFile: out('ok'), scratch: dir, onTask: (id) => Promise.resolve(void tasks.push(id)) });
    expect(r).toMatchObject({ file: out('ok'), width: 640, height: 360 });
    expect(engine).toMatchObject({ id: 'chanjing', remote: true, maxConcurrency: 2 });

    // Each file went to its own signed URL with the Content-Type 蝉镜 named, byte for byte.
    const uploads = [...fake.files.values()];
    expect(uploads.map((f) => [f.service, f.name, f.contentType])).toEqual([
      ['lip_sync_video', 'source.mp4', 'video/mp4'],
      ['lip_sync_audio', 'dub.wav', 'audio/wav'],
    ]);
    expect(uploads[0]!.bytes!.equals(await readFile(video))).toBe(true);
    expect(uploads[1]!.bytes!.equals(await readFile(audio))).toBe(true);
    expect(fake.requests.filter((q) => q.path === '/upload/file-1')[0]?.headers['content-length']).toBe(String(uploads[0]!.bytes!.length));

    const create = fake.requests.find((q) => q.path === '/open/v1/video_lip_sync/create');
    expect(create?.headers.access_token).toBe('token-1');
    expect(create?.body).toEqual({
      video_file_id: 'file-1',
      audio_type: 'audio',
      audio_file_id: 'file-2',
      screen_width: 320,
      screen_height: 240,
      model: 0,
    });
    expect(tasks).toEqual(['lipsync-1']);
    expect(fake.requests.filter((q) => q.path === '/open/v1/video_lip_sync/detail').map((q) => q.query.get('id'))).toEqual([
      'lipsync-1',
      'lipsync-1',
      'lipsync-1',
    ]);
  });

  it('follows a task started before a restart without uploading anything again', async () => {
    const { engine, fake } = await setup();
    await engine.lipSync({ video, audio, outFile: out('first'), scratch: dir });
    fake.requests.length = 0;
    fake.lipSyncs.get('lipsync-1')!.polls = 0;
    const r = await engine.lipSync({ video, audio, outFile: out('again'), scratch: dir, taskId: 'lipsync-1' });
    expect(r.width).toBe(640);
    expect(fake.requests.map((q) => q.path).filter((p) => p !== '/open/v1/video_lip_sync/detail' && !p.startsWith('/result/'))).toEqual([]);
  });

  it('names 蝉镜’s reason when the task fails, and when it refuses an uploaded file', async () => {
    const a = await setup({ lipSyncFailMsg: '视频中未检测到人脸' });
    const e = await failure(a.engine.lipSync({ video, audio, outFile: out('fail'), scratch: dir }));
    expect(e.message).toBe(`${avatarMessages.chanjingLipSyncFailed}（视频中未检测到人脸）`);
    await fake?.close();
    const b = await setup({ fileFailStatus: 98 });
    const f = await failure(b.engine.lipSync({ video, audio, outFile: out('refused'), scratch: dir }));
    expect(f.message).toBe(`${avatarMessages.chanjingFileRejected}（内容安全检测未通过）`);
    expect(b.fake.lipSyncs.size).toBe(0);
  });

  it('stops when the caller cancels', async () => {
    const { engine } = await setup({ neverFinish: true });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 300);
    expect((await failure(engine.lipSync({ video, audio, outFile: out('cancel'), scratch: dir, signal: ctl.signal }))).key).toBe('cancelled');
    // Cancelled before the video is even probed: said as a cancel too, not as the probe's own failure.
    const early = AbortSignal.abort();
    expect((await failure(engine.lipSync({ video, audio, outFile: out('early'), scratch: dir, signal: early }))).key).toBe('cancelled');
  });
});
