import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listWorks,
  MULTI_SCENES_MAX,
  multiSceneMessages as m,
  saveMultiWork,
  studioMessages,
  voiceMessages,
  type Avatar,
  type MultiSceneItem,
  type Work,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditReservations, multiScenes, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { LOCAL_PRESET_VOICES } from '../../engines/speech/index.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { creditsFor } from '../producing/index.js';
import { addVoice, cloneAvatar, registerUpload } from '../works/testing/studio.js';
import { sceneOrder } from './service.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
let portrait: Avatar;
let landscape: Avatar;
let voiceA: number;
let voiceB: number;
let aliceAudio: number;

const db = () => t.ctx.database.db;
const balance = (who: TestAccount) => testLedger(db()).balance(who.id);
const submit = (who: TestAccount, p: Record<string, string>) =>
  t.call<{ id: number; credits: number }>(saveMultiWork, p, { token: who.token });
const scenes = (items: MultiSceneItem[]) => JSON.stringify(items);
const textScene = (o: Partial<MultiSceneItem> = {}): MultiSceneItem => ({
  type: 'text',
  text: '大家好，欢迎来到我们的直播间。',
  voice_id: voiceA,
  video_id: portrait.id,
  rate: 1,
  volume: 1,
  pitch: 1,
  ...o,
});
const worksOf = async (who: TestAccount, p: Record<string, string | number> = {}) =>
  (await t.call<{ list: Work[]; total: number }>(listWorks, { limit: 0, ...p }, { token: who.token })).data;
const finished = (who: TestAccount, id: number) =>
  waitFor(`work ${id}`, async () => (await worksOf(who)).list.find((w) => w.id === id && w.status >= 3), 240_000);
const rowOf = async (id: number) => (await db().select().from(works).where(eq(works.id, id)))[0]!;
const reservation = async (jobKey: string) =>
  (await db().select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey)))[0];
const localFile = async (key: string) => (await t.ctx.storage.toLocalFile(key, dir)).path;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local' });
  alice = await newAccount(t, { credits: 5000 });
  bob = await newAccount(t, { credits: 5000 });
  const owner = await newAccount(t);
  portrait = await cloneAvatar(
    t,
    owner,
    await makeClip(path.join(dir, 'p.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  landscape = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(dir, 'l.mp4'), { width: 640, height: 360, seconds: 6 }),
  );
  await db().execute(sql`update avatars set user_id = null, source = 2 where id = ${portrait.id}`);
  voiceA = await addVoice(t, { userId: null });
  voiceB = await addVoice(t, { userId: alice.id });
  const other = LOCAL_PRESET_VOICES[1]?.voiceRef;
  if (other) await db().execute(sql`update voices set voice_ref = ${other} where id = ${voiceB}`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-ac',
    '2',
    '-t',
    '6',
    '-c:a',
    'aac',
    path.join(dir, 'tone.m4a'),
  ]);
  aliceAudio = await registerUpload(t, alice.id, 'voice', path.join(dir, 'tone.m4a'));
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/user/multiWorks: validation against the caller', () => {
  it('refuses each bad submission with its message, writing nothing and holding nothing', async () => {
    const before = await balance(alice);
    const cases: [Record<string, string>, string][] = [
      [{ api: 'local' }, m.scenesRequired],
      [{ api: 'local', content: '[' }, m.contentInvalid],
      [{ api: 'local', content: '[]' }, m.scenesRequired],
      [{ api: 'local', content: scenes([{ type: 'video' } as unknown as MultiSceneItem]) }, m.contentInvalid],
      [
        { api: 'local', content: scenes(Array.from({ length: MULTI_SCENES_MAX + 1 }, () => textScene())) },
        m.tooManyScenes(MULTI_SCENES_MAX),
      ],
      [{ api: 'local', content: scenes([textScene(), textScene({ text: '  <break time="1s"/> ' })]) }, m.textRequired],
      [{ api: 'local', content: scenes([{ type: 'audio', video_id: portrait.id }]) }, m.audioRequired],
      [{ api: 'local', content: scenes([textScene({ video_id: undefined })]) }, studioMessages.avatarRequired],
      [{ api: 'local', content: scenes([textScene({ voice_id: undefined })]) }, studioMessages.voiceRequired],
      [{ content: scenes([textScene()]) }, studioMessages.channelMissing],
      [{ api: 'ou', content: scenes([textScene()]) }, studioMessages.channelUnavailable],
      // Someone else's avatar, voice and upload are as good as none.
      [{ api: 'local', content: scenes([textScene({ video_id: landscape.id })]) }, studioMessages.avatarMissing],
      [{ api: 'local', content: scenes([textScene({ voice_id: voiceB })]) }, voiceMessages.voiceMissing],
      [
        { api: 'local', content: scenes([{ type: 'audio', file_id: aliceAudio, video_id: portrait.id }]) },
        studioMessages.audioFileRequired,
      ],
    ];
    for (const [p, msg] of cases)
      expect(await submit(bob, p), JSON.stringify(p).slice(0, 80)).toMatchObject({ code: 1, msg });
    const training = await addVoice(t, { userId: alice.id, status: 1 });
    const failed = await addVoice(t, { userId: alice.id, status: 3 });
    expect(await submit(alice, { api: 'local', content: scenes([textScene({ voice_id: training })]) })).toMatchObject({
      code: 1,
      msg: voiceMessages.cloning,
    });
    expect(await submit(alice, { api: 'local', content: scenes([textScene({ voice_id: failed })]) })).toMatchObject({
      code: 1,
      msg: voiceMessages.cloneFailed,
    });
    const poor = await newAccount(t, { credits: 10 });
    const short = await submit(poor, { api: 'local', content: scenes([textScene()]) });
    expect(short.code).toBe(1);
    expect(short.msg).toMatch(/^积分不足/);
    expect(await balance(alice)).toBe(before);
    expect(await db().select().from(works).where(eq(works.kind, 'multi'))).toEqual([]);
  });

  it('orders serial scenes as built and random ones as a recorded permutation', () => {
    expect(sceneOrder(5, 'serial')).toEqual([0, 1, 2, 3, 4]);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const o = sceneOrder(5, 'random');
      expect([...o].sort()).toEqual([0, 1, 2, 3, 4]);
      seen.add(o.join());
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('a multi-scene video', () => {
  it('renders each scene as its own job, joins them seamlessly on the first canvas, lists every scene and charges once on the real duration', async () => {
    const before = await balance(alice);
    const content = scenes([
      textScene(),
      textScene({ video_id: landscape.id, voice_id: voiceB, text: '第二个场景，换一个分身和声音。', rate: 1.2 }),
      { type: 'audio', file_id: aliceAudio, video_id: portrait.id },
    ]);
    const r = await submit(alice, {
      name: '三个场景',
      api: 'local',
      content,
      drive_mode: 'serial',
      output_mode: 'video',
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(m.submitDone);
    // A double click within the window is the same order.
    expect(
      (await submit(alice, { name: '三个场景', api: 'local', content, drive_mode: 'serial', output_mode: 'video' }))
        .data.id,
    ).toBe(r.data.id);
    const w = await finished(alice, r.data.id);
    expect(w).toMatchObject({ status: 3, is_multi: 1, only_audio: 0, name: '三个场景' });
    const row = await rowOf(r.data.id);
    expect(row.params).toMatchObject({ driveMode: 'serial', order: [0, 1, 2], joinedByCopy: false });
    const sceneRows = await db().select().from(multiScenes).where(eq(multiScenes.workId, row.id));
    expect(sceneRows.map((s) => s.status)).toEqual([3, 3, 3]);
    // The local engine moves no lips: each scene shows its avatar's own cover, and the merged work opens on the first scene's.
    const bytes = async (key: string | null) => fs.readFileSync(await localFile(key!));
    const avatarCover = async (id: number) =>
      (
        (await db().execute(sql`select cover_key from avatars where id = ${id}`)) as unknown as {
          rows: { cover_key: string }[];
        }
      ).rows[0]!.cover_key;
    for (const s of sceneRows) expect(await bytes(s.coverKey)).toEqual(await bytes(await avatarCover(s.avatarId!)));
    const firstScene = sceneRows.find((s) => s.position === 0)!;
    expect(await bytes(row.coverKey)).toEqual(await bytes(firstScene.coverKey));
    const merged = await probe(await localFile(row.videoKey!));
    const first = await probe(await localFile(firstScene.clipKey!));
    expect(merged.video).toMatchObject({ width: first.video!.width, height: first.video!.height });
    const sum = sceneRows.reduce((s, x) => s + x.duration, 0);
    expect(Math.abs(merged.duration - sum)).toBeLessThan(0.2);
    // Charged once, on the real duration, at 15 points per second; the rest of the hold came back.
    const charged = creditsFor(merged.duration, 15);
    expect(row.creditsCharged).toBe(charged);
    expect(await balance(alice)).toBe(before - charged);
    expect((await reservation(row.jobKey))?.status).not.toBe('held');
    // Each scene's video is its own entry in 多场景视频, beside the merged work.
    const list = await worksOf(alice, { is_multi: 1, only_audio: 0 });
    expect(
      list.list
        .filter((x) => x.name.startsWith('三个场景'))
        .map((x) => x.name)
        .sort(),
    ).toEqual(['三个场景', '三个场景·场景1', '三个场景·场景2', '三个场景·场景3'].sort());
    expect((await worksOf(alice, { is_multi: 1, only_audio: 1 })).total).toBe(0);
  }, 300_000);

  it('random order: the merged clips follow the recorded permutation; matching clips are joined by stream copy', async () => {
    const texts = ['一。', '第二个场景稍微长一些。', '第三个场景是最长的一个场景，要多说几个字才行。'];
    const r = await submit(alice, {
      api: 'local',
      drive_mode: 'random',
      content: scenes(texts.map((text) => textScene({ text }))),
    });
    expect(r.code, r.msg).toBe(0);
    await finished(alice, r.data.id);
    const row = await rowOf(r.data.id);
    const order = (row.params as { order: number[] }).order;
    expect([...order].sort()).toEqual([0, 1, 2]);
    expect(row.params).toMatchObject({ driveMode: 'random', joinedByCopy: true });
    const sceneRows = await db().select().from(multiScenes).where(eq(multiScenes.workId, row.id));
    const merged = await probe(await localFile(row.videoKey!));
    expect(Math.abs(merged.duration - sceneRows.reduce((s, x) => s + x.duration, 0))).toBeLessThan(0.2);
  }, 300_000);
});

describe('failures and audio only', () => {
  it('a scene that fails fails the work and refunds everything', async () => {
    const before = await balance(alice);
    const avatar = (
      (await db().execute(sql`select mezzanine_key from avatars where id = ${landscape.id}`)) as unknown as {
        rows: { mezzanine_key: string }[];
      }
    ).rows[0]!;
    await db().execute(sql`update avatars set mezzanine_key = null where id = ${landscape.id}`);
    try {
      const r = await submit(alice, {
        api: 'local',
        content: scenes([textScene(), textScene({ video_id: landscape.id, voice_id: voiceB })]),
      });
      expect(r.code, r.msg).toBe(0);
      expect(await balance(alice)).toBe(before - r.data.credits);
      const w = await finished(alice, r.data.id);
      expect(w.status).toBe(4);
      expect(w.fail_reason).toMatch(/^场景2生成失败/);
      const row = await rowOf(r.data.id);
      expect(row.creditsCharged).toBe(0);
      expect((await reservation(row.jobKey))?.status).toBe('refunded');
      expect(await balance(alice)).toBe(before);
    } finally {
      await db().execute(sql`update avatars set mezzanine_key = ${avatar.mezzanine_key} where id = ${landscape.id}`);
    }
  }, 300_000);

  it('audio only: one merged m4a under 多场景音频, no video rendered, billed on its real duration', async () => {
    const before = await balance(alice);
    const r = await submit(alice, {
      name: '只要声音',
      output_mode: 'audio',
      content: scenes([textScene({ video_id: undefined }), { type: 'audio', file_id: aliceAudio }]),
    });
    expect(r.code, r.msg).toBe(0);
    const w = await finished(alice, r.data.id);
    expect(w).toMatchObject({ status: 3, is_multi: 1, only_audio: 1, cover: '' });
    expect(w.url).toContain('.m4a');
    const row = await rowOf(r.data.id);
    const info = await probe(await localFile(row.videoKey!));
    expect(info.video).toBeUndefined();
    expect(info.audio).toBeDefined();
    const sceneRows = await db().select().from(multiScenes).where(eq(multiScenes.workId, row.id));
    expect(Math.abs(info.duration - sceneRows.reduce((s, x) => s + x.duration, 0))).toBeLessThan(0.2);
    expect(row.creditsCharged).toBe(creditsFor(info.duration, 15));
    expect(await balance(alice)).toBe(before - row.creditsCharged);
    expect((await worksOf(alice, { is_multi: 1, only_audio: 1 })).list.map((x) => x.name)).toEqual(['只要声音']);
  }, 300_000);
});
