import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAudition,
  listVoiceChannels,
  listVoices,
  saveVoice,
  startAudition,
  type Voice,
  type VoiceChannel,
} from '@app/contract';
import { speechMessages } from '../../engines/speech/index.js';
import { spokenPcm } from '../../engines/speech/testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { testLedger } from '../billing/testing/ledger.js';
import { channelOf, makeRecordings, uploadRecording, waitForClones } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let app: TestApp;
let cosy: FakeServer;
let failing = false;
let rec: Awaited<ReturnType<typeof makeRecordings>>;

beforeAll(async () => {
  const pcm = await spokenPcm(22050);
  // A loopback CosyVoice server: speech as raw PCM, or a 500 while `failing`.
  cosy = await startLoopbackFake(() =>
    failing ? { status: 500, body: 'boom' } : { headers: { 'content-type': 'application/octet-stream' }, body: pcm },
  );
  app = await buildTestApp({ SPEECH_COSYVOICE_URL: cosy.url, SPEECH_RETRIES: '0' });
  rec = await makeRecordings(path.join(app.dataDir, 'fixtures'));
});
afterAll(async () => {
  await app?.close();
  await cosy?.close();
});

describe('a remote channel (kyy on CosyVoice)', () => {
  it('is listed once configured, offering only what its engine can do', async () => {
    const { data } = await app.call<{ list: VoiceChannel[] }>(listVoiceChannels, {});
    // The channel would take language and emotion, but CosyVoice's zero-shot call has neither, so the studio must not offer them.
    expect(channelOf(data.list, 'kyy')).toMatchObject({
      credits: 400,
      free_times: 1,
      supports: { rate: true, pause: false, language: false, emotion: false },
    });
  });

  it('clones through the engine, speaks a preview and auditions with the voice', async () => {
    const user = await newAccount(app, { username: 'remote01' });
    const fileId = await uploadRecording(app, user, rec('speech.wav'));
    const saved = await app.call<{ id: number }>(
      saveVoice,
      { name: '远程声音', file_id: fileId, api: 'kyy' },
      { token: user.token },
    );
    expect(saved.code, saved.msg).toBe(0);
    await waitForClones(app, user.token);
    const voice = (await app.call<{ list: Voice[] }>(listVoices, { source: '1' }, { token: user.token })).data.list[0];
    expect(voice).toMatchObject({ id: saved.data.id, generate_status: 2, api: 'kyy', version_name: '3.0' });
    const before = cosy.requests.length;
    const started = await app.call<{ job_id: string }>(
      startAudition,
      { voice_id: saved.data.id, text: '欢迎来到直播间', emotion: 'happy', language: 'zh' },
      { token: user.token },
    );
    let poll = { status: 0, url: '' };
    for (let i = 0; i < 100 && poll.status !== 3 && poll.status !== 4; i++) {
      await new Promise((r) => setTimeout(r, 200));
      poll = (
        await app.call<{ status: number; url: string }>(
          getAudition,
          { job_id: started.data.job_id },
          { token: user.token },
        )
      ).data;
    }
    expect(poll.status).toBe(3);
    expect(cosy.requests.length).toBe(before + 1);
    expect(cosy.requests.at(-1)?.path).toMatch(/^\/inference_/);
  });

  it('marks the voice failed with the service message and refunds the clone when the service breaks', async () => {
    const user = await newAccount(app, { username: 'remote02' });
    await testLedger(app.ctx.database.db).grantCredits(user.id, 1000, new Date(Date.now() + 86_400_000), '测试赠送');
    const fileId = await uploadRecording(app, user, rec('speech.wav'));
    // The free clone goes first; the second one costs 400.
    await app.call(saveVoice, { name: '免费一次', file_id: fileId, api: 'kyy' }, { token: user.token });
    await waitForClones(app, user.token);
    failing = true;
    const paid = await app.call<{ id: number }>(
      saveVoice,
      { name: '服务故障', file_id: fileId, api: 'kyy' },
      { token: user.token },
    );
    expect(paid.code, paid.msg).toBe(0);
    expect(await testLedger(app.ctx.database.db).balance(user.id)).toBe(600);
    await waitForClones(app, user.token);
    failing = false;
    const list = (await app.call<{ list: Voice[] }>(listVoices, { source: '1' }, { token: user.token })).data.list;
    expect(list.find((v) => v.id === paid.data.id)).toMatchObject({
      generate_status: 3,
      fail_reason: speechMessages.serviceDown,
    });
    expect(await testLedger(app.ctx.database.db).balance(user.id)).toBe(1000);
  });
});
