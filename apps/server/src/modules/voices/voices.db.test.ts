import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listLanguages,
  listVoiceChannels,
  listVoices,
  saveVoice,
  voiceMessages,
  type Voice,
  type VoiceChannel,
} from '@app/contract';
import { voices } from '../../db/schema/index.js';
import { speechMessages } from '../../engines/speech/index.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedVoices } from './seed.js';
import { channelOf, makeRecordings, uploadRecording, waitForClones } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let app: TestApp;
let rec: Awaited<ReturnType<typeof makeRecordings>>;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  // A configured but unreachable GPT-SoVITS makes channel nw "configured"; nothing is sent to it here.
  app = await buildTestApp({ SPEECH_GPT_SOVITS_URL: 'http://127.0.0.1:9' });
  rec = await makeRecordings(path.join(app.dataDir, 'fixtures'));
  alice = await newAccount(app, { username: 'alice01' });
  bob = await newAccount(app, { username: 'bob0001' });
});
afterAll(async () => app?.close());

const own = async (token: string) =>
  (await app.call<{ list: Voice[]; total: number; generate: number }>(listVoices, { source: '1' }, { token })).data;
const voiceRow = async (id: number) => (await app.ctx.database.db.select().from(voices).where(eq(voices.id, id)))[0];
const clone = (token: string, fileId: number, name = '我的声音', api = 'local') =>
  app.call<{ id: number }>(
    saveVoice,
    { name, file_id: fileId, api, voice_channel_name: speechMessages.localChannelName },
    { token },
  );

describe('channels and languages', () => {
  it('lists only configured channels, local first among the free ones, with what each supports', async () => {
    const { data } = await app.call<{ list: VoiceChannel[]; language: unknown[] }>(listVoiceChannels, {});
    expect(data.list.map((c) => c.api).sort()).toEqual(['local', 'nw']);
    const local = channelOf(data.list, 'local');
    expect(local).toMatchObject({ name: speechMessages.localChannelName, credits: 0, version_name: '1.0' });
    expect(local?.desc).toContain('近似');
    expect(local?.supports).toEqual({
      rate: true,
      volume: true,
      pitch: true,
      pause: true,
      language: false,
      emotion: false,
    });
    // nw takes no speed, volume, pitch or pauses (spec 001 §5).
    expect(channelOf(data.list, 'nw')?.supports).toMatchObject({
      rate: false,
      volume: false,
      pitch: false,
      pause: false,
    });
    // The script's length rule comes with the channel (spec 001: nw reads at most 500 characters).
    expect(channelOf(data.list, 'nw')?.script_max).toBe(500);
    expect(local?.script_max).toBe(10000);
    expect(data.language.length).toBeGreaterThan(0);
    const one = await app.call<{ list: VoiceChannel[] }>(listVoiceChannels, { api: 'local' });
    expect(one.data.list.map((c) => c.api)).toEqual(['local']);
    const hidden = await app.call<{ list: VoiceChannel[] }>(listVoiceChannels, { api: 'fish' });
    expect(hidden.data.list).toEqual([]);
  });

  it('gives the language tree', async () => {
    const { data } = await app.call<{ list: { language: string }[] }>(listLanguages, {});
    expect(data.list.map((l) => l.language)).toContain('en');
  });
});

describe('public voices', () => {
  it('seeds four offline voices with a playable sample', async () => {
    const { data } = await app.call<{ list: Voice[]; total: number; generate: number }>(
      listVoices,
      { source: '2' },
      { token: alice.token },
    );
    expect(data.total).toBe(4);
    for (const v of data.list) {
      expect(v).toMatchObject({ source: 2, api: 'local', generate_status: 2 });
      const res = await app.app.inject({ method: 'GET', url: v.url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(5000);
    }
    // The names say what the voices are: machine speech made offline.
    expect(data.list.map((v) => v.name).sort()).toEqual(
      ['离线合成女声', '离线合成明亮女声', '离线合成男声', '离线合成低沉男声'].sort(),
    );
  });

  it('gives a voice seeded under its earlier name the current one and a new sample, but keeps a name the operator chose', async () => {
    const db = app.ctx.database.db;
    await db.update(voices).set({ name: '本地男声' }).where(eq(voices.seedKey, 'local-preset-1'));
    await db.update(voices).set({ name: '主播小李' }).where(eq(voices.seedKey, 'local-preset-2'));
    const before = await app.ctx.storage.head('public/voices/local-preset-1.m4a');
    await seedVoices(app.ctx, app.ctx.engines.speech);
    const bySeed = async (key: string) => (await db.select().from(voices).where(eq(voices.seedKey, key)))[0];
    expect((await bySeed('local-preset-1'))?.name).toBe('离线合成男声');
    expect((await bySeed('local-preset-2'))?.name).toBe('主播小李');
    const after = await app.ctx.storage.head('public/voices/local-preset-1.m4a');
    expect(after!.modifiedAt.getTime()).toBeGreaterThan(before!.modifiedAt.getTime());
  });
});

describe('cloning', () => {
  it('refuses what the spec refuses, with its messages', async () => {
    const fileId = await uploadRecording(app, alice, rec('speech.wav'));
    expect((await app.call(saveVoice, { file_id: fileId, api: 'local' }, { token: alice.token })).msg).toBe(
      voiceMessages.nameRequired,
    );
    expect((await app.call(saveVoice, { name: 'x', api: 'local' }, { token: alice.token })).msg).toBe(
      voiceMessages.audioRequired,
    );
    expect((await clone(alice.token, fileId, 'x', 'fish')).msg).toBe(voiceMessages.channelUnavailable);
    expect((await app.call(saveVoice, { name: 'x', file_id: fileId }, { token: alice.token })).msg).toBe(
      voiceMessages.channelMissing,
    );
    // Someone else's recording is not there for you.
    expect((await clone(bob.token, fileId)).msg).toBe(voiceMessages.audioRequired);
    const short = await uploadRecording(app, alice, rec('short.wav'));
    expect((await clone(alice.token, short)).msg).toBe(voiceMessages.recordingTooShort);
    expect((await app.call(saveVoice, { name: 'x', file_id: fileId, api: 'local' })).code).toBe(100);
  });

  it('clones: cloning (1) while the job runs, then ready (2) with a preview, remained_times from the channel', async () => {
    const fileId = await uploadRecording(app, alice, rec('speech.mp3'));
    const reply = await clone(alice.token, fileId, '主播小王');
    expect(reply).toMatchObject({ code: 0, msg: voiceMessages.cloneStarted });
    const first = await own(alice.token);
    expect(first.list[0]).toMatchObject({
      id: reply.data.id,
      generate_status: 1,
      remained_times: 3,
      voice_channel_name: speechMessages.localChannelName,
    });
    await waitForClones(app, alice.token);
    const ready = (await own(alice.token)).list.find((v) => v.id === reply.data.id);
    expect(ready).toMatchObject({ generate_status: 2, fail_reason: '', remained_times: 3 });
    expect((await app.app.inject({ method: 'GET', url: ready?.url ?? '' })).statusCode).toBe(200);
    const row = await voiceRow(reply.data.id);
    expect(row?.voiceRef).toMatch(/^local:[mf]\d:/);
    expect(row?.profile?.speechSeconds).toBeGreaterThanOrEqual(10);
  });

  it('accepts an upper-case .M4A and fails a recording with too little speech, with the reason', async () => {
    const m4a = await uploadRecording(app, bob, rec('SPEECH.M4A'));
    const silent = await uploadRecording(app, bob, rec('mostly-silent.wav'));
    const good = await clone(bob.token, m4a, '好声音');
    const bad = await clone(bob.token, silent, '太安静');
    expect([good.code, bad.code]).toEqual([0, 0]);
    await waitForClones(app, bob.token);
    const list = (await own(bob.token)).list;
    expect(list.find((v) => v.id === good.data.id)?.generate_status).toBe(2);
    expect(list.find((v) => v.id === bad.data.id)).toMatchObject({
      generate_status: 3,
      fail_reason: voiceMessages.audioTooShort,
    });
  });

  it('refuses a recording that is not mp3/m4a/wav by its name', async () => {
    const fileId = await uploadRecording(app, alice, rec('speech.wav'));
    const { files } = await import('../../db/schema/index.js');
    await app.ctx.database.db
      .update(files)
      .set({ key: `users/${alice.id}/voice/renamed.ogg` })
      .where(eq(files.id, fileId));
    expect((await clone(alice.token, fileId)).msg).toBe(voiceMessages.audioFormat);
  });
});
