import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createVolcengineSpeech } from './volcengine.js';
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

const ttsReply = async () => ({
  body: { reqid: 'r', code: 3000, message: 'Success', sequence: -1, data: (await spokenBytes('mp3')).toString('base64'), addition: { duration: '2000' } },
});
const config = (url: string) => ({ baseUrl: url, appId: 'app-1', accessToken: 'tok-1', cluster: 'volcano_tts' });

describe('Volcengine speech', () => {
  it('posts app/user/audio/request with Bearer;token, SSML for pauses, and decodes base64 audio', async () => {
    const reply = await ttsReply();
    fake = await startLoopbackFake(() => reply);
    const hs = createVolcengineSpeech(config(fake.url));
    const result = await hs.synthesize({
      text: '你好<break time="0.5s"/>A&B',
      voice: { voiceRef: 'BV700_streaming' },
      rate: 1.5,
      volume: 0.8,
      pitch: 1.2,
      emotion: 'fearful',
      outFile: join(fixtureDir, 'hs.m4a'),
    });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/api/v1/tts');
    expect(req.headers.authorization).toBe('Bearer;tok-1');
    const body = req.json<{ request: { reqid: string } }>();
    expect(body).toMatchObject({
      app: { appid: 'app-1', token: 'tok-1', cluster: 'volcano_tts' },
      user: { uid: 'avatar-studio' },
      audio: { voice_type: 'BV700_streaming', encoding: 'mp3', speed_ratio: 1.5, volume_ratio: 0.8, pitch_ratio: 1.2, emotion: 'fear' },
      request: { text: '<speak>你好<break time="500ms"/>A&#38;B</speak>', text_type: 'ssml', operation: 'query' },
    });
    expect(body.request.reqid).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.duration).toBeGreaterThan(1);
  });

  it.each([
    [3050, 'voice_not_found'],
    [3011, 'bad_input'],
    [3003, 'rate_limited'],
  ])('maps code %i to %s without retrying', async (code, kind) => {
    fake = await startLoopbackFake(() => ({ body: { reqid: 'r', code, message: 'error' } }));
    const hs = createVolcengineSpeech({ ...config(fake.url), retries: 2, retryDelayMs: 5 });
    const err = await hs
      .synthesize({ text: '你好', voice: { voiceRef: 'v' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'e.mp3') })
      .catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe(kind);
    expect(fake.requests).toHaveLength(1);
  });

  it('recognises an authentication failure inside a 400 reply', async () => {
    fake = await startLoopbackFake(() => ({ status: 400, body: { code: 3001, message: 'authenticate request: load grant: requested grant not found' } }));
    const err = await createVolcengineSpeech(config(fake.url))
      .synthesize({ text: '你好', voice: { voiceRef: 'v' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'a.mp3') })
      .catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('auth');
  });

  it('retries a busy backend (3005) and succeeds', async () => {
    const reply = await ttsReply();
    fake = await startLoopbackFake((_r, i) => (i === 0 ? { body: { code: 3005, message: 'server busy' } } : reply));
    const hs = createVolcengineSpeech({ ...config(fake.url), retries: 1, retryDelayMs: 5 });
    const result = await hs.synthesize({ text: '你好', voice: { voiceRef: 'v' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'b.mp3') });
    expect(fake.requests).toHaveLength(2);
    expect(result.duration).toBeGreaterThan(1);
  });

  it('says plainly that this channel cannot clone', async () => {
    const hs = createVolcengineSpeech(config('http://127.0.0.1:9'));
    const err = await hs.cloneVoice({ sampleFile: await spokenSample('m3', 14), name: 'v' }).catch((e: unknown) => e);
    expect((err as SpeechError).message).toBe(speechMessages.cloneUnsupported);
  });

  remoteFailureContract({ make: (url, http) => createVolcengineSpeech({ ...config(url), ...http }), success: ttsReply, voice: { voiceRef: 'v' } });
});
