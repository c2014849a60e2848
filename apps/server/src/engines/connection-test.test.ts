import { afterEach, describe, expect, it } from 'vitest';
import { engineConsoleMessages } from '@app/contract';
import type { AppConfig } from '../config.js';
import { testConnection } from './connection-test.js';
import { startFakeService, type FakeService } from './speech/testing/fake-service.js';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/**
 * MiniMax as its published Voice Management API answers "Get Voice" (POST /v1/get_voice, bearer key):
 * the voice lists with base_resp status_code 0, or status_code 1004 (login failed) for a wrong key,
 * both with HTTP 200.
 */
async function fakeMiniMax(key: string) {
  return startFakeService((req) =>
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
    fake = await fakeMiniMax('mm-right');
    const config = (key: string) =>
      ({ SPEECH_MINIMAX_URL: `${fake!.url}/`, SPEECH_MINIMAX_KEY: key, SPEECH_MINIMAX_GROUP_ID: 'g-7' }) as AppConfig;

    const ok = await testConnection('minimax', config('mm-right'));
    expect(ok).toMatchObject({ ok: true });
    const req = fake.requests.at(-1)!;
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

  it('says so when the engine is not configured, without calling anything', async () => {
    expect(await testConnection('minimax', {} as AppConfig)).toEqual({
      ok: false,
      message: engineConsoleMessages.notConfigured,
      ms: 0,
    });
  });
});
