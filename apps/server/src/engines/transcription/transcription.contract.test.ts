import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import {
  createOpenAiTranscription,
  createTranscriptionEngines,
  createVolcTranscription,
  TranscriptionError,
  transcriptionEnvSchema,
  transcriptionMessages,
} from './index.js';
import { startFakeOpenAiTranscription } from './testing/fake-openai-transcription.js';
import { startFakeVolcAsr } from './testing/fake-volcengine-asr.js';

let dir: string;
let wav: string;
let fake: FakeServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'asr-contract-'));
  wav = path.join(dir, 'speech.wav');
  // 12 s of tone at 16 kHz mono: 384 kB.
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=12', '-ac', '1', '-ar', '16000', wav]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('OpenAI-compatible transcription', () => {
  it('asks for verbose_json with segment timestamps and returns the segments in seconds', async () => {
    const f = await startFakeOpenAiTranscription({
      duration: 12,
      segments: [
        { start: 0.5, end: 2.25, text: ' 大家好 ' },
        { start: 3, end: 5.5, text: '欢迎光临' },
      ],
    });
    fake = f;
    const engine = createOpenAiTranscription({ baseUrl: f.baseUrl, apiKey: 'sk-1', model: 'whisper-1', maxBytes: 25 << 20, timeoutMs: 5000 });
    const t = await engine.transcribe({ file: wav, language: 'zh' });
    expect(t).toEqual({
      language: 'zh',
      text: '大家好 欢迎光临',
      duration: 12,
      segments: [
        { id: 0, start: 0.5, end: 2.25, text: '大家好' },
        { id: 1, start: 3, end: 5.5, text: '欢迎光临' },
      ],
    });
    const req = f.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer sk-1');
    const form = await req.form();
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('timestamp_granularities[]')).toBe('segment');
    expect(form.get('language')).toBe('zh');
    expect((form.get('file') as File).size).toBeGreaterThan(300_000);
  });

  it('cuts audio over the size limit into chunks and stitches their times', async () => {
    const f = await startFakeOpenAiTranscription((_req, i) => ({
      language: 'english',
      duration: 4,
      segments: [{ start: 1, end: 2, text: `part ${i}` }],
    }));
    fake = f;
    // 150 kB limit: about 4.4 s of 16 kHz WAV per chunk.
    const engine = createOpenAiTranscription({ baseUrl: f.baseUrl, model: 'whisper-1', maxBytes: 150_000, timeoutMs: 5000 });
    const t = await engine.transcribe({ file: wav });
    expect(f.requests.length).toBe(3);
    const chunk = 4;
    expect(t.segments).toEqual([
      { id: 0, start: 1, end: 2, text: 'part 0' },
      { id: 1, start: 1 + chunk, end: 2 + chunk, text: 'part 1' },
      { id: 2, start: 1 + 2 * chunk, end: 2 + 2 * chunk, text: 'part 2' },
    ]);
    expect(t.language).toBe('en');
    expect(t.duration).toBeCloseTo(12, 1);
    // The language heard first is given to the later chunks.
    expect((await f.requests[1]!.form()).get('language')).toBe('en');
    for (const r of f.requests) expect(((await r.form()).get('file') as File).size).toBeLessThanOrEqual(150_000);
  });

  it('reports auth and quota failures in Chinese', async () => {
    fake = await startFakeOpenAiTranscription(() => ({ status: 401, body: { error: { message: 'bad key' } } }));
    const engine = createOpenAiTranscription({ baseUrl: `${fake.url}/v1`, model: 'm', maxBytes: 25 << 20, timeoutMs: 5000 });
    const err = await engine.transcribe({ file: wav }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranscriptionError);
    expect((err as TranscriptionError).message).toBe(transcriptionMessages.auth);
    await fake.close();
    fake = await startFakeOpenAiTranscription(() => ({ status: 429, body: { error: { code: 'insufficient_quota' } } }));
    const broke = createOpenAiTranscription({ baseUrl: `${fake.url}/v1`, model: 'm', maxBytes: 25 << 20, timeoutMs: 5000 });
    expect(((await broke.transcribe({ file: wav }).catch((e: unknown) => e)) as TranscriptionError).kind).toBe('quota');
  });
});

describe('Volcengine file recognition', () => {
  const publicUrl = (file: string) => Promise.resolve(`https://files.example/${path.basename(file)}`);

  it('submits the audio URL, polls the query until done and converts ms utterances', async () => {
    const f = await startFakeVolcAsr({
      appId: 'app',
      accessToken: 'tok',
      durationMs: 12000,
      pendingPolls: 2,
      segments: [
        { start: 0.45, end: 1.53, text: '关闭透传。' },
        { start: 2, end: 4.2, text: '你好。' },
      ],
    });
    fake = f;
    const engine = createVolcTranscription({
      baseUrl: f.url,
      appId: 'app',
      accessToken: 'tok',
      resourceId: 'volc.bigasr.auc',
      pollMs: 5,
      timeoutMs: 5000,
      publicUrl,
    });
    const t = await engine.transcribe({ file: wav, language: 'en' });
    expect(t.segments).toEqual([
      { id: 0, start: 0.45, end: 1.53, text: '关闭透传。' },
      { id: 1, start: 2, end: 4.2, text: '你好。' },
    ]);
    expect(t.duration).toBe(12);
    expect(f.requests.map((r) => r.path)).toEqual([
      '/api/v3/auc/bigmodel/submit',
      '/api/v3/auc/bigmodel/query',
      '/api/v3/auc/bigmodel/query',
      '/api/v3/auc/bigmodel/query',
    ]);
    const ids = new Set(f.requests.map((r) => r.headers['x-api-request-id']));
    expect(ids.size).toBe(1);
    expect(f.submitted[0]).toMatchObject({
      audio: { url: 'https://files.example/speech.wav', format: 'wav', language: 'en-US' },
      request: { model_name: 'bigmodel', show_utterances: true },
    });
  });

  it('refuses a language it cannot hear and reports bad credentials', async () => {
    const f = await startFakeVolcAsr({ appId: 'app', accessToken: 'tok', durationMs: 1000, segments: [] });
    fake = f;
    const cfg = { baseUrl: f.url, appId: 'app', resourceId: 'volc.bigasr.auc', pollMs: 5, timeoutMs: 5000, publicUrl };
    const engine = createVolcTranscription({ ...cfg, accessToken: 'tok' });
    expect(engine.languages).not.toContain('ru');
    const ru = await engine.transcribe({ file: wav, language: 'ru' }).catch((e: unknown) => e);
    expect((ru as TranscriptionError).kind).toBe('unsupported_language');
    const wrong = createVolcTranscription({ ...cfg, accessToken: 'nope' });
    const err = await wrong.transcribe({ file: wav, language: 'zh' }).catch((e: unknown) => e);
    expect((err as TranscriptionError).message).toBe(transcriptionMessages.auth);
  });
});

describe('transcription registry', () => {
  const deps = { publicUrl: (f: string) => Promise.resolve(f) };
  it('is unconfigured by default and says so in Chinese', () => {
    const reg = createTranscriptionEngines(transcriptionEnvSchema.parse({}), deps);
    expect(reg.isConfigured('asr')).toBe(false);
    expect(() => reg.forChannel('asr')).toThrow('语音识别服务未配置，请联系管理员');
  });
  it('builds the engine TRANSCRIPTION_ENGINE names', () => {
    const openai = createTranscriptionEngines(
      transcriptionEnvSchema.parse({ TRANSCRIPTION_ENGINE: 'openai', TRANSCRIPTION_OPENAI_URL: 'http://127.0.0.1:9/v1' }),
      deps,
    );
    expect(openai.engineId('asr')).toBe('openai-transcription');
    const volc = createTranscriptionEngines(
      transcriptionEnvSchema.parse({ TRANSCRIPTION_ENGINE: 'volcengine', TRANSCRIPTION_VOLC_APPID: 'a', TRANSCRIPTION_VOLC_TOKEN: 't' }),
      deps,
    );
    expect(volc.engineId('asr')).toBe('volcengine-transcription');
    const half = createTranscriptionEngines(transcriptionEnvSchema.parse({ TRANSCRIPTION_ENGINE: 'volcengine' }), deps);
    expect(half.isConfigured('asr')).toBe(false);
  });
});
