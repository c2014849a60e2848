import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probe } from '../../platform/media/ffmpeg.js';
import { createFishSpeech } from './fish.js';
import type { SpeechError } from './errors.js';
import { speechMessages } from './messages.js';
import { fixtureDir, spokenBytes, spokenSample } from './testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { remoteFailureContract } from './testing/remote-contract.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const audioReply = async () => ({ headers: { 'content-type': 'audio/mpeg' }, body: await spokenBytes('mp3') });

describe('Fish Audio cloud', () => {
  it('posts /v1/tts with the reference id, model header and bearer key, and writes real audio', async () => {
    const reply = await audioReply();
    fake = await startLoopbackFake(() => reply);
    const fish = createFishSpeech({ deployment: 'cloud', baseUrl: fake.url, apiKey: 'fish-key', model: 's1' });
    const out = join(fixtureDir, 'fish.mp3');
    const result = await fish.synthesize({
      text: '你好<break time="0.5s"/>世界',
      voice: { voiceRef: 'ref-123' },
      rate: 1.5,
      volume: 1,
      pitch: 1,
      outFile: out,
    });
    const req = fake.requests[0];
    expect(req?.path).toBe('/v1/tts');
    expect(req?.headers.authorization).toBe('Bearer fish-key');
    expect(req?.headers.model).toBe('s1');
    const body = req?.json();
    expect(body).toMatchObject({ text: '你好。世界', reference_id: 'ref-123', format: 'mp3', prosody: { speed: 1.5 } });
    expect((await probe(result.file)).audio?.codec).toBe('mp3');
    expect(result.duration).toBeGreaterThan(1);
  });

  it('maps 402 to the balance message', async () => {
    fake = await startLoopbackFake(() => ({ status: 402, body: { message: 'insufficient balance' } }));
    const fish = createFishSpeech({ deployment: 'cloud', baseUrl: fake.url, apiKey: 'k', retries: 2, retryDelayMs: 5 });
    const err = await fish
      .synthesize({ text: '你好', voice: { voiceRef: 'r' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'x.mp3') })
      .catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('quota');
    expect((err as SpeechError).message).toBe(speechMessages.quotaExceeded);
    expect(fake.requests).toHaveLength(1);
  });

  it('clones by creating a private fast model from the sample', async () => {
    fake = await startLoopbackFake(() => ({ body: { _id: 'model-abc', state: 'trained' } }));
    const fish = createFishSpeech({ deployment: 'cloud', baseUrl: fake.url, apiKey: 'k' });
    const result = await fish.cloneVoice({ sampleFile: await spokenSample('m3', 14), name: '我的声音' });
    expect(result.voiceRef).toBe('model-abc');
    const req = fake.requests[0];
    expect(req?.path).toBe('/model');
    const form = await req!.form();
    expect(form.get('title')).toBe('我的声音');
    expect(form.get('train_mode')).toBe('fast');
    expect(form.get('visibility')).toBe('private');
    expect((form.get('voices') as File).size).toBeGreaterThan(10_000);
  });

  remoteFailureContract({
    make: (url, http) => createFishSpeech({ deployment: 'cloud', baseUrl: url, apiKey: 'k', ...http }),
    success: audioReply,
    voice: { voiceRef: 'ref' },
  });
});

describe('self-hosted Fish Speech', () => {
  it('adds a reference for cloning and speaks with it', async () => {
    const reply = await audioReply();
    fake = await startLoopbackFake((req) => (req.path === '/v1/references/add' ? { body: { success: true } } : reply));
    const fish = createFishSpeech({ deployment: 'self-hosted', baseUrl: fake.url });
    const cloned = await fish.cloneVoice({ sampleFile: await spokenSample('f2', 14), name: 'v', promptText: '今天天气很好' });
    const add = await fake.requests[0]!.form();
    expect(add.get('id')).toBe(cloned.voiceRef);
    expect(add.get('text')).toBe('今天天气很好');
    const result = await fish.synthesize({ text: '早上好', voice: { voiceRef: cloned.voiceRef }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'fs.m4a') });
    expect(fake.requests[1]?.json()).toMatchObject({ reference_id: cloned.voiceRef, text: '早上好' });
    expect(fake.requests[1]?.headers.authorization).toBeUndefined();
    expect(result.duration).toBeGreaterThan(1);
  });
});
