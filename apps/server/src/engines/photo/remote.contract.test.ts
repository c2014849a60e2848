import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { makeTone } from '../avatar/testing/media.js';
import { samplePhoto } from '../talking-face/testing/media.js';
import { createDidEngine } from './did.js';
import { createKlingEngine } from './kling.js';
import { assertPublicUrl, UnsafeLinkError } from './safe-fetch.js';
import { startFakeDid, startFakeKling, type FakeOutcome } from './testing/fake-vendors.js';
import { photoMessages, PhotoEngineError, type PhotoVideoEngine } from './index.js';

let dir: string;
let portrait: string;
let group: string;
let smallFace: string;
let panorama: string;
let speech: string;
let result: string;
const publicUrl = (file: string) => Promise.resolve(`https://files.example.com/${basename(file)}`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'photo-remote-'));
  portrait = join(dir, 'portrait.jpg');
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218,scale=720:1280', portrait]);
  group = join(dir, 'group.jpg');
  await ffmpeg(['-i', samplePhoto(2), '-vf', 'scale=960:-2', group]);
  smallFace = join(dir, 'small.jpg');
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218,scale=360:640', smallFace]);
  panorama = join(dir, 'panorama.jpg');
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=1920:400:0:300', panorama]);
  speech = await makeTone(join(dir, 'speech.wav'), 3);
  result = join(dir, 'vendor.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=360x640:r=25:d=3',
    '-f',
    'lavfi',
    '-i',
    'sine=f=300:d=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    result,
  ]);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const render = (engine: PhotoVideoEngine, name: string) =>
  engine.render({ image: portrait, audioFile: speech, outFile: join(dir, `${name}.mp4`) });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('D-ID talks against a fake of its published API', () => {
  const key = 'dXNlcjpzZWNyZXQ=';
  const did = async (outcome: FakeOutcome, privateUrl?: string) => {
    const fake = await startFakeDid(key, { resultFile: result, outcome, pollsBeforeEnd: 2, privateUrl });
    const engine = createDidEngine({
      baseUrl: fake.url,
      apiKey: key,
      publicUrl,
      pollIntervalMs: 10,
      trustedHosts: ['127.0.0.1'],
    });
    return { fake, engine };
  };

  it('posts the picture and an audio script, polls until done and copies the result into our hands', async () => {
    const { fake, engine } = await did('done');
    try {
      const r = await render(engine, 'did-done');
      expect(r).toMatchObject({ faceAnimated: true, width: 360, height: 640 });
      const info = await probe(r.file);
      expect(info.video && info.audio).toBeTruthy();
      const post = fake.requests.find((q) => q.method === 'POST');
      expect(post?.body).toEqual({
        source_url: 'https://files.example.com/portrait.jpg',
        script: { type: 'audio', audio_url: 'https://files.example.com/speech.wav' },
      });
      expect(fake.requests.filter((q) => q.path === '/talks/tlk_fake1').length).toBe(3);
    } finally {
      await fake.close();
    }
  });

  it('follows a talk accepted before a restart instead of starting (and paying for) a second one', async () => {
    const { fake, engine } = await did('done');
    try {
      const seen: string[] = [];
      const first = await render(engine, 'did-first');
      expect(first.duration).toBeGreaterThan(0);
      const again = await engine.render({
        image: portrait,
        audioFile: speech,
        outFile: join(dir, 'did-resumed.mp4'),
        taskId: 'tlk_fake1',
        onTask: (id) => Promise.resolve(void seen.push(id)),
      });
      expect(again.duration).toBeGreaterThan(0);
      expect(fake.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
      expect(seen).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('says in Chinese when the talk ends in error or is rejected', async () => {
    for (const [outcome, key2] of [
      ['error', 'remoteFailed'],
      ['rejected', 'remoteRejected'],
    ] as const) {
      const { fake, engine } = await did(outcome);
      try {
        const e = await failure(render(engine, `did-${outcome}`));
        expect(e).toBeInstanceOf(PhotoEngineError);
        expect((e as Error).message).toBe(photoMessages[key2]);
      } finally {
        await fake.close();
      }
    }
  });

  it('refuses a result link that leads off the public web', async () => {
    const { fake, engine } = await did('redirect-to-private', 'http://10.1.2.3/result.mp4');
    try {
      const e = await failure(render(engine, 'did-private'));
      expect((e as Error).message).toBe(photoMessages.resultUnsafe);
    } finally {
      await fake.close();
    }
  });

  it('checks its own picture rule (exactly one face) before anything is spent', async () => {
    const engine = createDidEngine({ baseUrl: 'http://127.0.0.1:9', apiKey: key, publicUrl });
    await expect(engine.checkImage!(portrait)).resolves.toBeUndefined();
    const e = await failure(engine.checkImage!(group));
    expect((e as Error).message).toBe(photoMessages.oneFaceRequired);
  }, 60_000);
});

describe('可灵 avatar image-to-video against a fake of its published API', () => {
  const ak = 'ak-test';
  const sk = 'sk-test-secret';
  const kling = async (outcome: FakeOutcome) => {
    const fake = await startFakeKling(ak, sk, { resultFile: result, outcome, pollsBeforeEnd: 2 });
    const engine = createKlingEngine({
      baseUrl: fake.url,
      accessKey: ak,
      secretKey: sk,
      publicUrl,
      pollIntervalMs: 10,
      trustedHosts: ['127.0.0.1'],
    });
    return { fake, engine };
  };

  it('signs a JWT, posts image and sound file, polls until succeed and copies the video', async () => {
    const { fake, engine } = await kling('done');
    try {
      const r = await render(engine, 'kling-done');
      expect((await probe(r.file)).audio).toBeTruthy();
      const post = fake.requests.find((q) => q.method === 'POST');
      expect(post?.body).toEqual({
        image: 'https://files.example.com/portrait.jpg',
        sound_file: 'https://files.example.com/speech.wav',
        mode: 'std',
      });
    } finally {
      await fake.close();
    }
  });

  it('says in Chinese when the task fails or the submission is refused', async () => {
    for (const [outcome, key2] of [
      ['failed', 'remoteFailed'],
      ['rejected', 'remoteRejected'],
    ] as const) {
      const { fake, engine } = await kling(outcome);
      try {
        const e = await failure(render(engine, `kling-${outcome}`));
        expect((e as Error).message).toBe(photoMessages[key2]);
      } finally {
        await fake.close();
      }
    }
  });

  it('refuses a wrong key pair as an unreachable service, not a crash', async () => {
    const fake = await startFakeKling(ak, sk, { resultFile: result, outcome: 'done' });
    try {
      const engine = createKlingEngine({
        baseUrl: fake.url,
        accessKey: ak,
        secretKey: 'wrong',
        publicUrl,
        pollIntervalMs: 10,
      });
      const e = await failure(render(engine, 'kling-auth'));
      expect((e as Error).message).toBe(photoMessages.remoteUnreachable);
    } finally {
      await fake.close();
    }
  });

  it('checks its own picture rules (face of 200×200 px, aspect ratio) before anything is spent', async () => {
    const engine = createKlingEngine({ baseUrl: 'http://127.0.0.1:9', accessKey: ak, secretKey: sk, publicUrl });
    await expect(engine.checkImage!(portrait)).resolves.toBeUndefined();
    expect(((await failure(engine.checkImage!(smallFace))) as Error).message).toBe(photoMessages.faceTooSmall);
    expect(((await failure(engine.checkImage!(panorama))) as Error).message).toBe(photoMessages.aspectUnsupported);
  }, 60_000);
});

describe('links the server fetches', () => {
  it('must lead to the public web', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://10.0.0.8/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
      'file:///etc/passwd',
      'http://192.168.1.1/',
    ])
      await expect(assertPublicUrl(url)).rejects.toBeInstanceOf(UnsafeLinkError);
    await expect(assertPublicUrl('http://93.184.216.34/x')).resolves.toBeInstanceOf(URL);
  });
});
