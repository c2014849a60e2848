import { basename, join } from 'node:path';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createGptSovitsSpeech } from './gpt-sovits.js';
import type { SpeechError } from './errors.js';
import { fixtureDir, spokenBytes, spokenSample } from './testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { remoteFailureContract } from './testing/remote-contract.js';
import { probe } from '../../platform/media/ffmpeg.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const wavReply = async () => ({ headers: { 'content-type': 'audio/wav' }, body: await spokenBytes('wav') });
const referenceDir = join(fixtureDir, 'sovits-refs');

describe('GPT-SoVITS api_v2', () => {
  it('cuts a 3–10 s reference clip into the shared folder and posts /tts with its server-side path', async () => {
    const reply = await wavReply();
    fake = await startLoopbackFake(() => reply);
    const sovits = createGptSovitsSpeech({ baseUrl: fake.url, referenceDir, serverReferenceDir: '/srv/refs' });
    const cloned = await sovits.cloneVoice({ sampleFile: await spokenSample('m3', 14), name: 'v' });
    expect(cloned.voiceRef.startsWith('/srv/refs/')).toBe(true);
    const local = join(referenceDir, basename(cloned.voiceRef));
    expect(existsSync(local)).toBe(true);
    const clip = await probe(local);
    expect(clip.duration).toBeGreaterThanOrEqual(3);
    expect(clip.duration).toBeLessThanOrEqual(10);

    const result = await sovits.synthesize({
      text: '先帝创业未半<break time="0.3s"/>而中道崩殂',
      voice: { voiceRef: cloned.voiceRef },
      rate: 1.3,
      volume: 1,
      pitch: 1,
      language: 'zh',
      outFile: join(fixtureDir, 'sovits.m4a'),
    });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/tts');
    expect(req.json()).toMatchObject({
      text: '先帝创业未半，而中道崩殂',
      text_lang: 'zh',
      ref_audio_path: cloned.voiceRef,
      prompt_lang: 'zh',
      speed_factor: 1.3,
      media_type: 'wav',
    });
    expect(result.duration).toBeGreaterThan(1);
  });

  it('reports a 400 JSON error as bad input, once', async () => {
    fake = await startLoopbackFake(() => ({ status: 400, body: { message: 'tts failed', Exception: 'ref audio not found' } }));
    const sovits = createGptSovitsSpeech({ baseUrl: fake.url, referenceDir, retries: 2, retryDelayMs: 5 });
    const err = await sovits
      .synthesize({ text: '你好', voice: { voiceRef: '/x.wav' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 's.mp3') })
      .catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('bad_input');
    expect(fake.requests).toHaveLength(1);
  });

  remoteFailureContract({
    make: (url, http) => createGptSovitsSpeech({ baseUrl: url, referenceDir, ...http }),
    success: wavReply,
    voice: { voiceRef: '/srv/refs/a.wav' },
  });
});
