import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVoiceChannels, listVoices, saveVoice, type Voice, type VoiceChannel } from '@app/contract';
import { speechMessages } from '../../engines/speech/index.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { testLedger } from '../billing/testing/ledger.js';
import { channelOf, makeRecordings, uploadRecording } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let app: TestApp;
let volc: FakeServer;
let rec: Awaited<ReturnType<typeof makeRecordings>>;

beforeAll(async () => {
  // A loopback Volcengine endpoint: it is never reached by a clone, which is refused before any call.
  volc = await startLoopbackFake(() => ({ status: 500, body: 'not expected' }));
  app = await buildTestApp({
    SPEECH_VOLC_URL: volc.url,
    SPEECH_VOLC_APPID: 'app-1',
    SPEECH_VOLC_TOKEN: 'token-1',
    SPEECH_RETRIES: '0',
  });
  rec = await makeRecordings(path.join(app.dataDir, 'fixtures'));
});
afterAll(async () => {
  await app?.close();
  await volc?.close();
});

describe('a channel that cannot clone (hs on Volcengine)', () => {
  it('is listed for speech but flagged clone 0, while the local channel clones', async () => {
    const { data } = await app.call<{ list: VoiceChannel[] }>(listVoiceChannels, {});
    expect(channelOf(data.list, 'hs')).toMatchObject({ api: 'hs', clone: 0 });
    expect(channelOf(data.list, 'local')).toMatchObject({ api: 'local', clone: 1 });
    const only = await app.call<{ list: VoiceChannel[] }>(listVoiceChannels, { api: 'hs' });
    expect(only.data.list.map((c) => [c.api, c.clone])).toEqual([['hs', 0]]);
  });

  it('refuses a clone on it with a clear message, creating nothing and charging nothing', async () => {
    const user = await newAccount(app, { username: 'noclone01' });
    await testLedger(app.ctx.database.db).grantCredits(user.id, 1000, new Date(Date.now() + 86_400_000), '测试赠送');
    const fileId = await uploadRecording(app, user, rec('speech.wav'));
    const before = volc.requests.length;
    const reply = await app.call(
      saveVoice,
      { name: '火山声音', file_id: fileId, api: 'hs', voice_channel_name: '极速克隆 2.0' },
      { token: user.token },
    );
    expect(reply.code).toBe(1);
    expect(reply.msg).toBe(speechMessages.cloneUnsupported);
    expect(reply.msg).toBe(speechMessages.cloneUnsupported);
    expect(volc.requests.length).toBe(before);
    const mine = await app.call<{ list: Voice[]; total: number }>(listVoices, { source: '1' }, { token: user.token });
    expect(mine.data.total).toBe(0);
    expect(await testLedger(app.ctx.database.db).balance(user.id)).toBe(1000);
  });
});
