import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteWork,
  listVideoChannels,
  listWorks,
  saveWork,
  studioMessages,
  voiceMessages,
  workStatusNames,
  type Avatar,
  type VideoChannel,
  type Work,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditReservations, users, works } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { startFakeDuix, type FakeDuix } from '../../engines/avatar/testing/fake-duix.js';
import { blackSeconds, makeClip, makeTone } from '../../engines/avatar/testing/media.js';
import { audioLevels, probe, ffmpeg } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice, cloneAvatar, registerUpload } from './testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let duix: FakeDuix;
let media: string;
let alice: TestAccount;
let bob: TestAccount;
let avatar: Avatar;
let publicVoice: number;

const SCRIPT = '大家好，欢迎来到数字人视频平台。<break time="0.5s"/>今天我们一起做一个会说话的视频。';

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'works-media-'));
  const result = await makeClip(path.join(media, 'duix-result.mp4'), { seconds: 2, withAudio: true });
  duix = await startFakeDuix({ resultFile: result, result: 'url', failWith: '模型加载失败' });
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local,gj=local,ou=duix',
    DUIX_BASE_URL: duix.url,
    DUIX_POLL_INTERVAL_MS: '100',
  });
  alice = await newAccount(t, { credits: 1000 });
  bob = await newAccount(t, { credits: 1000 });
  avatar = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(media, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  publicVoice = await addVoice(t, { userId: null });
});
afterAll(async () => {
  await t?.close();
  await duix?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);
const submit = (m: TestAccount, p: Record<string, string | number>) =>
  t.call<{ id: number; credits: number }>(
    saveWork,
    { api: 'local', video_id: avatar.id, voice_id: publicVoice, text: SCRIPT, ...p },
    { token: m.token },
  );
const list = (m: TestAccount, p: Record<string, string | number> = {}) =>
  t.call<{ list: Work[]; total: number; generate: number; counts: Record<string, number> }>(
    listWorks,
    { limit: 0, ...p },
    { token: m.token },
  );
const finished = (m: TestAccount, id: number) =>
  waitFor(
    `work ${id}`,
    async () => (await list(m)).data.list.find((w) => w.id === id && (w.status === 3 || w.status === 4)),
    90_000,
  );

describe('video channels', () => {
  it('lists only configured channels with their credits per second from the table', async () => {
    const r = await t.call<{ list: VideoChannel[] }>(listVideoChannels);
    expect(r.data.list.map((c) => c.api)).toEqual(['local', 'ou', 'gj']);
    expect(r.data.list[0]).toMatchObject({ name: avatarMessages.localChannelName, version_name: '1.0', credits: 1 });
  });
});

describe('creating a work validates what the studio validates', () => {
  it('refuses each missing or foreign input with the spec message and creates nothing', async () => {
    const otherAvatar = await cloneAvatar(t, bob, path.join(media, 'a.mp4'));
    const bobVoice = await addVoice(t, { userId: bob.id });
    const training = await addVoice(t, { userId: alice.id, status: 1 });
    const failed = await addVoice(t, { userId: alice.id, status: 3 });
    const short = await registerUpload(t, alice.id, 'voice', await makeTone(path.join(media, 'short.m4a'), 3));
    const bobAudio = await registerUpload(t, bob.id, 'voice', await makeTone(path.join(media, 'bob.m4a'), 6));
    const cases: [Record<string, string | number>, string][] = [
      [{ video_id: '' }, studioMessages.avatarRequired],
      [{ video_id: otherAvatar.id }, studioMessages.avatarMissing],
      [{ api: 'df' }, studioMessages.channelUnavailable],
      [{ api: 'gj' }, studioMessages.gjDuration],
      [{ text: '<break time="1s"/>' }, studioMessages.scriptRequired],
      // The studio's counter shows n/10000: one more, or a long paste, is refused in the counter's terms.
      [{ text: '字'.repeat(10001) }, voiceMessages.scriptTooLong(10000)],
      [{ text: '字'.repeat(22400) }, voiceMessages.scriptTooLong(10000)],
      [{ voice_id: '' }, studioMessages.voiceRequired],
      [{ voice_id: bobVoice }, voiceMessages.voiceMissing],
      [{ voice_id: training }, voiceMessages.cloning],
      [{ voice_id: failed }, voiceMessages.cloneFailed],
      [{ material_audio_id: short }, studioMessages.audioDuration],
      [{ material_audio_id: bobAudio }, studioMessages.audioFileRequired],
    ];
    for (const [p, msg] of cases) expect(await submit(alice, p), JSON.stringify(p)).toMatchObject({ code: 1, msg });
    expect((await list(alice)).data.total).toBe(0);
    expect(await balance(alice)).toBe(1000);
  });

  it('refuses a work the credits do not cover, naming the amount, and holds nothing', async () => {
    const poor = await newAccount(t, { credits: 5 });
    const text = '一'.repeat(100);
    const own = await cloneAvatar(t, poor, path.join(media, 'a.mp4'));
    expect(await submit(poor, { text, video_id: own.id })).toMatchObject({
      code: 1,
      // 24 s estimated at 1 credit per second, held with 25 % headroom: the refusal names the 30 it would hold.
      msg: studioMessages.notEnoughCredits(30, 5),
    });
    // 10000 counted characters with a pause and a line break after every ten (30000 sent) pass the length
    // rule, as the counter says, and meet the credit check.
    const paused = ('一'.repeat(10) + '<break time="0.2s"/>\n').repeat(1000);
    expect(await submit(poor, { text: paused, video_id: own.id })).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/^积分不足：本次预计需要\d+积分/) as unknown,
    });
    expect(await t.ctx.database.db.select().from(works).where(eq(works.userId, poor.id))).toHaveLength(0);
    expect(await testLedger(t.ctx.database.db).balance(poor.id)).toBe(5);
  });
});

describe('synthesis', () => {
  let done: Work;
  it('reserves the estimate with headroom, renders, and settles on the real duration', async () => {
    const r = await submit(alice, { name: '第一个作品', rate: '1.2' });
    // 33 characters / 4.2 + 0.5 s pause = 8.36 s -> 9 s at 1 credit per second, held with 25 % headroom: 12.
    expect(r).toMatchObject({ code: 0, msg: studioMessages.submitTitle, data: { credits: 12 } });
    expect(await balance(alice)).toBe(988);
    done = await finished(alice, r.data.id);
    expect(done).toMatchObject({
      status: 3,
      status_name: workStatusNames.done,
      api_key: 'local',
      api_name: avatarMessages.localChannelName,
      progress: 100,
      queue_position: 0,
      hs: 2,
    });
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, r.data.id));
    expect(done.credits).toBe(Math.ceil(row!.duration - 0.001));
    expect(await balance(alice)).toBe(1000 - done.credits);
    const [hold] = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, row!.jobKey));
    expect(hold).toMatchObject({ status: 'settled', held: 12, charged: done.credits });
  });

  it('produces one video and one audio stream as long as the speech, audible and not black', async () => {
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, done.id));
    const file = t.ctx.localStorage!.pathOf(row!.videoKey!);
    const raw = await probe(file);
    const streams = JSON.parse(
      (await import('node:child_process'))
        .execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file])
        .toString(),
    ) as { streams: { codec_type: string }[] };
    expect(streams.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(raw.duration - (row!.params as { speechSeconds: number }).speechSeconds)).toBeLessThanOrEqual(0.1);
    expect((await audioLevels(file)).meanDb).toBeGreaterThan(-45);
    expect(await blackSeconds(file)).toBeLessThan(0.1);
    const fetched = await t.app.inject({ method: 'GET', url: done.url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-disposition']).toContain('attachment');
    expect(done.cover).toMatch(/cover\.jpg\?/);
  });

  it('drives the video with an uploaded audio, estimated by its probed duration', async () => {
    const tone = path.join(media, 'voice.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=7', '-c:a', 'aac', tone]);
    const audioId = await registerUpload(t, alice.id, 'voice', tone);
    const before = await balance(alice);
    const r = await submit(alice, { material_audio_id: audioId, text: '', voice_id: '' });
    expect(r).toMatchObject({ code: 0, data: { credits: 9 } });
    const w = await finished(alice, r.data.id);
    expect(w.status).toBe(3);
    expect(w.duration).toBeCloseTo(7, 0);
    expect(await balance(alice)).toBe(before - w.credits);
  });

  it('refunds everything when the engine fails, with its reason', async () => {
    const before = await balance(alice);
    const r = await submit(alice, { api: 'ou' });
    expect(r.code).toBe(0);
    // 8.36 s estimate -> 9 s at the ou channel's 3 credits per second, 27 plus 25 % headroom held.
    expect(r.data.credits).toBe(34);
    expect(await balance(alice)).toBe(before - 34);
    const w = await finished(alice, r.data.id);
    expect(w.status).toBe(4);
    expect(w.fail_reason).toContain('模型加载失败');
    expect(w.url).toBe('');
    expect(await balance(alice)).toBe(before);
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, r.data.id));
    const [hold] = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, row!.jobKey));
    expect(hold).toMatchObject({ status: 'refunded', charged: 0 });
  });

  it('lists with per-tab counts, renames for the owner only, and deletes freeing files and bytes', async () => {
    const r = await list(alice, { status: 3 });
    expect(r.data.list.every((w) => w.status === 3)).toBe(true);
    expect(r.data.counts).toMatchObject({ video: 3, pet: 0, photo: 0, translate: 0, multi_video: 0, multi_audio: 0 });
    expect(r.data.generate).toBe(0);
    expect(await t.call(saveWork, { id: done.id, name: '偷改' }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: studioMessages.workMissing,
    });
    expect(await t.call(saveWork, { id: done.id, name: ' ' }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: studioMessages.renameRequired,
    });
    expect(await t.call(saveWork, { id: done.id, name: '新名字' }, { token: alice.token })).toMatchObject({
      code: 0,
      msg: studioMessages.renamed,
    });
    expect((await list(alice, { name: '新名' })).data.list.map((w) => w.id)).toEqual([done.id]);
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, done.id));
    const [u1] = await t.ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(await t.call(deleteWork, { id: done.id }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: studioMessages.workMissing,
    });
    expect(await t.call(deleteWork, { id: done.id }, { token: alice.token })).toMatchObject({
      code: 0,
      msg: studioMessages.deleted,
    });
    expect(await t.ctx.storage.head(row!.videoKey!)).toBeNull();
    const [u2] = await t.ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(u1!.storageUsedBytes - u2!.storageUsedBytes).toBe(row!.storedBytes);
  });

  it('renames only a finished work; a failed or unfinished one answers that it is not finished', async () => {
    const failed = (await list(alice, { status: 4 })).data.list[0];
    expect(failed).toBeDefined();
    expect(await t.call(saveWork, { id: failed!.id, name: '改名' }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: studioMessages.workNotDone,
    });
    const live = await submit(alice, {});
    expect(live.code).toBe(0);
    expect(await t.call(saveWork, { id: live.data.id, name: '改名' }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: studioMessages.workNotDone,
    });
    const names = (await list(alice)).data.list.filter((w) => w.id === failed!.id || w.id === live.data.id);
    expect(names.map((w) => w.name)).not.toContain('改名');
    expect((await finished(alice, live.data.id)).status).toBe(3);
  });
});
