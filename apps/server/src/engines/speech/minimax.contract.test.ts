import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMiniMaxSpeech } from './minimax.js';
import { SpeechError } from './errors.js';
import { speechMessages } from './messages.js';
import { fixtureDir, spokenBytes, spokenSample } from './testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { remoteFailureContract } from './testing/remote-contract.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ok = { status_code: 0, status_msg: 'success' };
const ttsReply = async () => ({ body: { data: { audio: (await spokenBytes('mp3')).toString('hex'), status: 2 }, base_resp: ok } });

describe('MiniMax speech', () => {
  it('sends voice_setting, pause marks, emotion and language boost, and decodes the hex audio', async () => {
    const reply = await ttsReply();
    fake = await startLoopbackFake(() => reply);
    const mm = createMiniMaxSpeech({ baseUrl: fake.url, apiKey: 'mm-key', groupId: 'g1', model: 'speech-02-hd' });
    const result = await mm.synthesize({
      text: '大家好<break time="1s"/>欢迎',
      voice: { voiceRef: 'male-qn-qingse' },
      rate: 1.2,
      volume: 2,
      pitch: 2,
      emotion: 'happy',
      language: 'zh',
      outFile: join(fixtureDir, 'mm.m4a'),
    });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/t2a_v2');
    expect(req.query.get('GroupId')).toBe('g1');
    expect(req.headers.authorization).toBe('Bearer mm-key');
    expect(req.json()).toMatchObject({
      model: 'speech-02-hd',
      text: '大家好<#1#>欢迎',
      stream: false,
      voice_setting: { voice_id: 'male-qn-qingse', speed: 1.2, vol: 2, pitch: 12, emotion: 'happy' },
      audio_setting: { format: 'mp3' },
      language_boost: 'Chinese',
    });
    expect(result.duration).toBeGreaterThan(1);
  });

  it.each([
    [1004, 'auth', speechMessages.authFailed],
    [1008, 'quota', speechMessages.quotaExceeded],
    [2013, 'bad_input', speechMessages.badInput],
  ])('maps base_resp %i to %s without retrying', async (code, kind, message) => {
    fake = await startLoopbackFake(() => ({ body: { base_resp: { status_code: code, status_msg: 'x' } } }));
    const mm = createMiniMaxSpeech({ baseUrl: fake.url, apiKey: 'k', retries: 2, retryDelayMs: 5 });
    const err = await mm
      .synthesize({ text: '你好', voice: { voiceRef: 'v' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'e.mp3') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).kind).toBe(kind);
    expect((err as SpeechError).message).toBe(message);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries an internal error status (1013) like a 5xx', async () => {
    const reply = await ttsReply();
    fake = await startLoopbackFake((_r, i) => (i === 0 ? { body: { base_resp: { status_code: 1013, status_msg: 'internal' } } } : reply));
    const mm = createMiniMaxSpeech({ baseUrl: fake.url, apiKey: 'k', retries: 1, retryDelayMs: 5 });
    const result = await mm.synthesize({ text: '你好', voice: { voiceRef: 'v' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'r.mp3') });
    expect(fake.requests).toHaveLength(2);
    expect(result.duration).toBeGreaterThan(1);
  });

  it('clones by uploading the sample for voice_clone and registering a new voice id', async () => {
    fake = await startLoopbackFake((req) =>
      req.path === '/v1/files/upload' ? { body: { file: { file_id: 98765, purpose: 'voice_clone' }, base_resp: ok } } : { body: { base_resp: ok } },
    );
    const mm = createMiniMaxSpeech({ baseUrl: fake.url, apiKey: 'k' });
    const result = await mm.cloneVoice({ sampleFile: await spokenSample('m3', 14), name: '我的声音' });
    const upload = await fake.requests[0]!.form();
    expect(upload.get('purpose')).toBe('voice_clone');
    expect((upload.get('file') as File).size).toBeGreaterThan(10_000);
    const clone = fake.requests[1]!;
    expect(clone.path).toBe('/v1/voice_clone');
    expect(clone.json()).toEqual({ file_id: 98765, voice_id: result.voiceRef });
    expect(result.voiceRef).toMatch(/^[a-zA-Z][a-zA-Z0-9]{7,}$/);
  });

  remoteFailureContract({
    make: (url, http) => createMiniMaxSpeech({ baseUrl: url, apiKey: 'k', ...http }),
    success: ttsReply,
    voice: { voiceRef: 'v' },
  });
});
