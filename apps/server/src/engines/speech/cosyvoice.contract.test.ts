import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probe } from '../../platform/media/ffmpeg.js';
import { createCosyVoiceSpeech } from './cosyvoice.js';
import type { SpeechError } from './errors.js';
import { fixtureDir, mostlySilentSample, spokenPcm, spokenSample } from './testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { remoteFailureContract } from './testing/remote-contract.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const pcmReply = async () => ({ headers: { 'content-type': 'application/octet-stream' }, body: await spokenPcm(22050) });
const promptDir = join(fixtureDir, 'cosy-prompts');

describe('CosyVoice', () => {
  it('clones into a 16 kHz prompt clip and speaks zero-shot with prompt text and prompt wav', async () => {
    const reply = await pcmReply();
    fake = await startLoopbackFake(() => reply);
    const cosy = createCosyVoiceSpeech({ baseUrl: fake.url, promptDir });
    const cloned = await cosy.cloneVoice({ sampleFile: await spokenSample('f2', 11), name: 'v', promptText: '今天天气很好' });
    const clip = await probe(cloned.voiceRef);
    expect(clip.audio?.sampleRate).toBe(16000);
    expect(clip.duration).toBeLessThanOrEqual(20.1);
    expect(cloned.promptText).toBe('今天天气很好');

    const result = await cosy.synthesize({
      text: '欢迎来到直播间',
      voice: { voiceRef: cloned.voiceRef, promptText: cloned.promptText },
      rate: 1,
      volume: 1,
      pitch: 1,
      outFile: join(fixtureDir, 'cosy.m4a'),
    });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/inference_zero_shot');
    const form = await req.form();
    expect(form.get('tts_text')).toBe('欢迎来到直播间');
    expect(form.get('prompt_text')).toBe('今天天气很好');
    expect((form.get('prompt_wav') as File).size).toBeGreaterThan(100_000);
    // The PCM must come out as long as it lasts at 22050 Hz: the sample rate was honoured.
    const pcmSeconds = reply.body.length / 2 / 22050;
    expect(Math.abs(result.duration - pcmSeconds)).toBeLessThan(0.3);
  });

  it('drops a transcript that cannot match a clip cut from a longer sample', async () => {
    fake = await startLoopbackFake(() => ({ body: 'unused' }));
    const cosy = createCosyVoiceSpeech({ baseUrl: fake.url, promptDir });
    const cloned = await cosy.cloneVoice({ sampleFile: await spokenSample('f2', 30), name: 'v', promptText: '整段样本的文字' });
    expect(cloned.promptText).toBeUndefined();
  });

  it('uses cross-lingual mode without a transcript and applies speed to the output', async () => {
    const reply = await pcmReply();
    fake = await startLoopbackFake(() => reply);
    const cosy = createCosyVoiceSpeech({ baseUrl: fake.url, promptDir });
    const sample = await spokenSample('m3', 14);
    const normal = await cosy.synthesize({ text: '你好', voice: { voiceRef: sample }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'c1.mp3') });
    const fast = await cosy.synthesize({ text: '你好', voice: { voiceRef: sample }, rate: 2, volume: 1, pitch: 1, outFile: join(fixtureDir, 'c2.mp3') });
    expect(fake.requests[0]?.path).toBe('/inference_cross_lingual');
    expect(fast.duration).toBeLessThan(normal.duration * 0.7);
  });

  it('refuses a sample with less than 10 s of speech before calling the server', async () => {
    fake = await startLoopbackFake(() => ({ body: 'unused' }));
    const cosy = createCosyVoiceSpeech({ baseUrl: fake.url, promptDir });
    const err = await cosy.cloneVoice({ sampleFile: await mostlySilentSample(), name: 'v' }).catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('sample_too_short');
    expect(fake.requests).toHaveLength(0);
  });

  remoteFailureContract({
    make: (url, http) => createCosyVoiceSpeech({ baseUrl: url, promptDir, ...http }),
    success: pcmReply,
    voice: { voiceRef: 'spk:中文女' },
  });
});
