import { afterEach, expect, it } from 'vitest';
import { probe } from '../../../platform/media/ffmpeg.js';
import { SpeechError } from '../errors.js';
import { speechMessages } from '../messages.js';
import type { RemoteHttpConfig } from '../remote-http.js';
import type { SpeechProvider, SpeechVoice } from '../types.js';
import { fixtureDir } from './audio-fixtures.js';
import { startLoopbackFake, type FakeReply, type FakeServer } from '../../../../test/loopback-fake.js';
import { join } from 'node:path';

/** The failure behaviour every remote engine shares: retries on 5xx, none on 4xx, a timeout that says so. */
export function remoteFailureContract(opts: {
  make: (url: string, http: RemoteHttpConfig) => SpeechProvider;
  success: () => Promise<FakeReply>;
  voice: SpeechVoice;
}): void {
  let fake: FakeServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  const synth = (provider: SpeechProvider, name: string) =>
    provider.synthesize({ text: '你好，世界', voice: opts.voice, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, name) });

  it('retries a 5xx reply twice and then delivers real audio', async () => {
    const ok = await opts.success();
    fake = await startLoopbackFake((_req, i) => (i < 2 ? { status: 503, body: 'busy' } : ok));
    const result = await synth(opts.make(fake.url, { retries: 2, retryDelayMs: 10, timeoutMs: 5000 }), `retry-${Date.now()}.m4a`);
    expect(fake.requests).toHaveLength(3);
    const info = await probe(result.file);
    expect(info.audio?.codec).toBe('aac');
    expect(result.duration).toBeGreaterThan(0.5);
  });

  it('gives up after the retries with a service-down message', async () => {
    fake = await startLoopbackFake(() => ({ status: 502, body: 'bad gateway' }));
    const err = await synth(opts.make(fake.url, { retries: 2, retryDelayMs: 5, timeoutMs: 5000 }), 'down.mp3').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).kind).toBe('service_down');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 4xx reply and reports bad credentials as such', async () => {
    fake = await startLoopbackFake(() => ({ status: 401, body: { message: 'invalid api key' } }));
    const err = await synth(opts.make(fake.url, { retries: 3, retryDelayMs: 5, timeoutMs: 5000 }), 'auth.mp3').catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('auth');
    expect((err as SpeechError).message).toBe(speechMessages.authFailed);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops waiting after the timeout', async () => {
    const ok = await opts.success();
    fake = await startLoopbackFake(() => ({ ...ok, delayMs: 1500 }));
    const err = await synth(opts.make(fake.url, { retries: 0, timeoutMs: 200 }), 'slow.mp3').catch((e: unknown) => e);
    expect((err as SpeechError).kind).toBe('timeout');
    expect((err as SpeechError).message).toBe(speechMessages.timeout);
  });
}
