import { afterEach, describe, expect, it } from 'vitest';
import { engineConsoleMessages } from '@app/contract';
import type { AppConfig } from '../config.js';
import { testConnection } from './connection-test.js';
import { startFakeDuix } from './avatar/testing/fake-duix.js';
import { startLoopbackFake } from '../../test/loopback-fake.js';

let fake: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/**
 * MiniMax as its published Voice Management API answers "Get Voice" (POST /v1/get_voice, bearer key):
 * the voice lists with base_resp status_code 0, or status_code 1004 (login failed) for a wrong key,
 * both with HTTP 200.
 */
/** Some other web server at the address: an HTML page for every path. */
const notTheService = () => startLoopbackFake(() => ({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' }));

/**
 * 火山引擎 speech synthesis as its HTTP API document describes it ("HTTP 非流式接口", POST /api/v1/tts,
 * `Authorization: Bearer;<token>`, body app/user/audio/request): code 3000 with base64 audio for a known
 * app and token; a wrong token gets HTTP 400 with code 3001 and the grant message its service answers.
 */
async function fakeVolcengine(appId: string, token: string) {
  return startLoopbackFake((req) => {
    if (req.method !== 'POST' || req.path !== '/api/v1/tts') return { status: 404, body: { code: 404, message: 'not found' } };
    const body = req.json<{ app: { appid: string; token: string } }>();
    if (req.headers.authorization !== `Bearer;${token}` || body.app.appid !== appId)
      return { status: 400, body: { reqid: 'r', code: 3001, message: 'authenticate request: load grant: requested grant not found' } };
    return { body: { reqid: 'r', code: 3000, operation: 'query', message: 'Success', sequence: -1, data: Buffer.from('ID3').toString('base64') } };
  });
}

/**
 * A FastAPI server's generated /openapi.json listing `paths` (FastAPI serves it by default), as
 * CosyVoice's runtime/python/fastapi/server.py and GPT-SoVITS's api_v2.py declare their routes.
 */
const fastApi = (title: string, paths: string[]) =>
  startLoopbackFake((req) =>
    req.path === '/openapi.json'
      ? { body: { openapi: '3.1.0', info: { title, version: '0.1.0' }, paths: Object.fromEntries(paths.map((p) => [p, { post: {} }])) } }
      : { status: 404, body: { detail: 'Not Found' } },
  );
const COSYVOICE_ROUTES = ['/inference_sft', '/stream/inference_sft', '/inference_zero_shot', '/inference_cross_lingual', '/inference_instruct', '/inference_instruct2'];
const GPT_SOVITS_ROUTES = ['/control', '/tts', '/set_refer_audio', '/set_gpt_weights', '/set_sovits_weights'];

async function fakeMiniMax(key: string) {
  return startLoopbackFake((req) =>
    req.headers.authorization === `Bearer ${key}`
      ? {
          body: {
            system_voice: [{ voice_id: 'male-qn-qingse', voice_name: '青涩青年音色' }],
            base_resp: { status_code: 0, status_msg: 'success' },
          },
        }
      : { body: { base_resp: { status_code: 1004, status_msg: 'login fail: Please carry the API secret key' } } },
  );
}

describe('engine connection test', () => {
  it('asks MiniMax for its voice list with the key and group: a right key passes, a wrong one is named', async () => {
    const mm = await fakeMiniMax('mm-right');
    fake = mm;
    const config = (key: string) =>
      ({ SPEECH_MINIMAX_URL: `${mm.url}/`, SPEECH_MINIMAX_KEY: key, SPEECH_MINIMAX_GROUP_ID: 'g-7' }) as AppConfig;

    const ok = await testConnection('minimax', config('mm-right'));
    expect(ok).toMatchObject({ ok: true });
    const req = mm.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/get_voice');
    expect(req.query.get('GroupId')).toBe('g-7');
    expect(req.json()).toEqual({ voice_type: 'system' });

    const bad = await testConnection('minimax', config('mm-wrong'));
    expect(bad).toEqual({
      ok: false,
      message: 'MiniMax拒绝：login fail: Please carry the API secret key',
      ms: expect.any(Number),
    });
  });

  it('asks Duix.Avatar for an unknown task: its JSON "task not found" passes, another server at the address does not', async () => {
    const duix = await startFakeDuix({ resultFile: '/nonexistent.mp4', result: 'url' });
    fake = duix;
    const ok = await testConnection('duix', { DUIX_BASE_URL: `${duix.url}/` } as AppConfig);
    expect(ok).toMatchObject({ ok: true });
    const req = duix.requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/easy/query');
    expect(req.query.get('code')).toMatch(/^connection-test-[0-9a-f-]{36}$/);
    await duix.close();

    const other = await notTheService();
    fake = other;
    expect(await testConnection('duix', { DUIX_BASE_URL: other.url } as AppConfig)).toEqual({
      ok: false,
      message: engineConsoleMessages.testNotService('Duix.Avatar'),
      ms: expect.any(Number),
    });
  });

  it('has 火山 speak one character with the app id, token and cluster: a right token passes, a wrong one is named', async () => {
    const volc = await fakeVolcengine('volc-app', 'volc-right');
    fake = volc;
    const config = (token: string) =>
      ({ SPEECH_VOLC_URL: volc.url, SPEECH_VOLC_APPID: 'volc-app', SPEECH_VOLC_TOKEN: token, SPEECH_VOLC_CLUSTER: 'volcano_tts' }) as AppConfig;
    expect(await testConnection('volcengine', config('volc-right'))).toMatchObject({ ok: true });
    const req = volc.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer;volc-right');
    expect(req.json()).toMatchObject({
      app: { appid: 'volc-app', token: 'volc-right', cluster: 'volcano_tts' },
      audio: { encoding: 'mp3' },
      request: { text: '好', operation: 'query' },
    });
    expect(await testConnection('volcengine', config('volc-wrong'))).toEqual({
      ok: false,
      message: engineConsoleMessages.testVendorRefused('火山引擎', 'authenticate request: load grant: requested grant not found'),
      ms: expect.any(Number),
    });
    // Without the app id the speech engine cannot work either: nothing is called.
    const before = volc.requests.length;
    expect(await testConnection('volcengine', { SPEECH_VOLC_URL: volc.url, SPEECH_VOLC_TOKEN: 't' } as AppConfig)).toMatchObject({
      ok: false,
      message: engineConsoleMessages.notConfigured,
    });
    expect(volc.requests.length).toBe(before);
  });

  it('reads CosyVoice’s and GPT-SoVITS’s FastAPI route lists: their own routes pass, another service is named for what it lacks', async () => {
    const cosy = await fastApi('CosyVoice', COSYVOICE_ROUTES);
    fake = cosy;
    expect(await testConnection('cosyvoice', { SPEECH_COSYVOICE_URL: cosy.url } as AppConfig)).toMatchObject({ ok: true });
    expect(cosy.requests.at(-1)).toMatchObject({ method: 'GET', path: '/openapi.json' });
    // GPT-SoVITS at the CosyVoice address: a FastAPI server, but not the one the engine speaks to.
    expect(await testConnection('gpt-sovits', { SPEECH_GPT_SOVITS_URL: cosy.url } as AppConfig)).toEqual({
      ok: false,
      message: engineConsoleMessages.testMissingApi('GPT-SoVITS', '/tts'),
      ms: expect.any(Number),
    });
    await cosy.close();

    const sovits = await fastApi('FastAPI', GPT_SOVITS_ROUTES);
    fake = sovits;
    expect(await testConnection('gpt-sovits', { SPEECH_GPT_SOVITS_URL: sovits.url } as AppConfig)).toMatchObject({ ok: true });
    expect(await testConnection('cosyvoice', { SPEECH_COSYVOICE_URL: sovits.url } as AppConfig)).toMatchObject({
      ok: false,
      message: engineConsoleMessages.testMissingApi('CosyVoice', '/inference_zero_shot'),
    });
    await sovits.close();

    const other = await notTheService();
    fake = other;
    expect(await testConnection('cosyvoice', { SPEECH_COSYVOICE_URL: other.url } as AppConfig)).toMatchObject({
      ok: false,
      message: engineConsoleMessages.testNotService('CosyVoice'),
    });
  });

  it('says so when the engine is not configured, without calling anything', async () => {
    expect(await testConnection('minimax', {} as AppConfig)).toEqual({
      ok: false,
      message: engineConsoleMessages.notConfigured,
      ms: 0,
    });
  });
});
