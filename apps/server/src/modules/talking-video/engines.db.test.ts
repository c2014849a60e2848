import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, listAvatars, listWorks, saveWork, studioMessages, type Avatar, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { avatars, creditReservations, files, videoChannels, works } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { startFakeChanjing, type FakeChanjing } from '../../engines/avatar/testing/fake-chanjing.js';
import { startFakeDuix, type FakeDuix } from '../../engines/avatar/testing/fake-duix.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { testLedger } from '../billing/testing/ledger.js';
import { talkingParams } from './params.js';
import { addVoice, cloneAvatar, registerUpload } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * Works on remote engines, against fakes of their published APIs on loopback: 蝉镜 (gj) from avatar
 * to finished video, per-engine slots and queue positions on a one-job Duix, and works made from a
 * material-library video.
 */

let t: TestApp;
let duix: FakeDuix;
let chanjing: FakeChanjing;
let media: string;
let alice: TestAccount;
let voice: number;
let shortAvatar: Avatar;

const SCRIPT = '大家好，欢迎来到数字人视频平台。';
const creds = { appId: 'studio-app', secretKey: 'studio-secret' };

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'works-engines-'));
  const result = await makeClip(path.join(media, 'remote-result.mp4'), {
    seconds: 2,
    width: 360,
    height: 640,
    withAudio: true,
  });
  // One job at a time, a few seconds each, so the queue is visible.
  duix = await startFakeDuix({ resultFile: result, result: 'url', pollsBeforeDone: 12 });
  chanjing = await startFakeChanjing({ ...creds, resultFile: result, personPollsBeforeDone: 1, pollsBeforeDone: 0 });
  t = await buildTestApp({
    // The 30–300 s clips below run at 1 frame a second so they stay quick to make and prepare.
    MEDIA_MIN_FPS: '1',
    AVATAR_CHANNELS: 'local=local,ou=duix,df=duix,gj=chanjing',
    DUIX_BASE_URL: duix.url,
    DUIX_POLL_INTERVAL_MS: '200',
    CHANJING_BASE_URL: chanjing.url,
    CHANJING_APP_ID: creds.appId,
    CHANJING_SECRET_KEY: creds.secretKey,
    CHANJING_CALLBACK_URL: 'https://studio.example/api/callback/chanjing',
    // Only the callback can end a 蝉镜 render within the test: the poll sleeps for ten minutes.
    CHANJING_POLL_INTERVAL_MS: '600000',
    CHANJING_PERSON_POLL_INTERVAL_MS: '200',
    AVATAR_ENGINE_RETRY_SECONDS: '1',
  });
  await t.ctx.database.db.update(videoChannels).set({ enabled: 1 }).where(eq(videoChannels.api, 'df'));
  alice = await newAccount(t, { credits: 5000 });
  voice = await addVoice(t, { userId: null });
  shortAvatar = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(media, 'short.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await duix?.close();
  await chanjing?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);
const submit = (m: TestAccount, p: Record<string, string | number>) =>
  t.call<{ id: number; credits: number }>(
    saveWork,
    { api: 'local', voice_id: voice, text: SCRIPT, ...p },
    { token: m.token },
  );
const listed = async (m: TestAccount) =>
  (await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: m.token })).data.list;
const finished = (m: TestAccount, id: number) =>
  waitFor(
    `work ${id}`,
    async () => (await listed(m)).find((w) => w.id === id && (w.status === 3 || w.status === 4)),
    120_000,
  );
const row = async (id: number) => (await t.ctx.database.db.select().from(works).where(eq(works.id, id)))[0]!;
const paramsOf = async (id: number) => talkingParams.parse((await row(id)).params);
const callback = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/callback/chanjing',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** Sends 蝉镜's callback for a work's task until it wakes the waiting poll. */
async function wakeGj(workId: number) {
  const task = await waitFor('蝉镜 task', async () => (await row(workId)).engineTaskId, 60_000);
  // The callback carries a URL that must not be used: the poll reads the detail from 蝉镜.
  const woke = await waitFor(
    'callback wakes the poll',
    async () => {
      const res = (
        await callback({ id: task, status: 30, progress: 100, video_url: 'https://evil.example/x.mp4' })
      ).json<{
        code: number;
        data: { id: number; woken: boolean };
      }>();
      return res.code === 0 && res.data.woken ? res : null;
    },
    30_000,
  );
  return { task, woke };
}

/** A video in the member's material library (files + materials rows, as the files feature writes them). */
async function materialVideo(m: TestAccount, file: string, name = '素材视频'): Promise<number> {
  const fileId = await registerUpload(t, m.id, 'video', file);
  await t.ctx.database.db.execute(
    sql`insert into materials (user_id, file_id, type, name, source) values (${m.id}, ${fileId}, 'video', ${name}, 'upload')`,
  );
  // The studio sends a library video by its file id, as it sends material_audio_id.
  return fileId;
}

describe('蝉镜 (gj): avatar → customised person → render → done', () => {
  let gjAvatar: Avatar;

  it('trains a 蝉镜 person when a 30–300 s avatar is prepared and keeps its id on the avatar', async () => {
    gjAvatar = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'gj.mp4'), { width: 360, height: 640, seconds: 31, fps: 1 }),
    );
    expect(gjAvatar.status).toBe(2);
    const [a] = await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, gjAvatar.id));
    expect(a!.engineData).toEqual({ chanjing: { personId: 'C-person-1' } });
    const person = chanjing.persons.get('C-person-1')!;
    expect(person.name).toBe(`avatar-${gjAvatar.id}`);
    // Handed over as a signed URL of the avatar's own (mezzanine) video.
    expect(person.material).toMatch(/^http:\/\/.+\.mp4\?/);
    const create = chanjing.requests.find((q) => q.path === '/open/v1/create_customised_person');
    expect(create?.body).toMatchObject({ train_type: 'figure' });
    // A 6 s avatar is never sent to 蝉镜.
    expect(chanjing.persons.size).toBe(1);
  });

  it('refuses callbacks that are not about a work in progress', async () => {
    expect(
      (await callback({ id: 'video-999', status: 30, progress: 100, video_url: 'https://evil.example/x.mp4' })).json(),
    ).toEqual({
      code: 1,
      msg: avatarMessages.chanjingCallbackUnknown,
      data: null,
    });
    expect((await callback({ hello: 'world' })).json()).toMatchObject({
      code: 1,
      msg: avatarMessages.chanjingCallbackInvalid,
    });
  });

  it('renders a gj work with that person, woken by the callback, and settles once', async () => {
    const before = await balance(alice);
    const r = await submit(alice, { api: 'gj', video_id: gjAvatar.id });
    expect(r.code).toBe(0);
    expect(await balance(alice)).toBe(before - r.data.credits);
    const { task, woke } = await wakeGj(r.data.id);
    expect(woke.data.id).toBe(r.data.id);
    const w = await finished(alice, r.data.id);
    expect(w.status).toBe(3);
    const createVideo = chanjing.requests.find((q) => q.path === '/open/v1/create_video');
    expect((createVideo?.body as { person: { id: string } }).person.id).toBe('C-person-1');
    expect(chanjing.requests.filter((q) => q.path === '/open/v1/video').map((q) => q.query.get('id'))).toEqual([task]);
    expect(chanjing.requests.some((q) => q.path === `/result/${task}.mp4`)).toBe(true);
    const done = await row(r.data.id);
    expect(done.duration).toBeCloseTo(2, 0);
    const holds = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, done.jobKey));
    expect(holds).toHaveLength(1);
    const charged = Math.ceil(done.duration - 0.001) * talkingParams.parse(done.params).creditsPerSecond;
    expect(holds[0]).toMatchObject({ status: 'settled', charged });
    expect(await balance(alice)).toBe(before - charged);
    // The task is finished: a late callback for it is refused.
    expect((await callback({ id: task, status: 30 })).json()).toMatchObject({ code: 1 });
  });

  it('applies the gj 30–300 s rule at the API: over 300 s refused, within accepted', async () => {
    // A ready avatar whose video is longer than 300 s (its row says so; the rule reads the row).
    await t.ctx.database.db.update(avatars).set({ duration: 301 }).where(eq(avatars.id, shortAvatar.id));
    expect(await submit(alice, { api: 'gj', video_id: shortAvatar.id })).toMatchObject({
      code: 1,
      msg: studioMessages.gjDuration,
    });
    await t.ctx.database.db.update(avatars).set({ duration: 6 }).where(eq(avatars.id, shortAvatar.id));
    expect(await submit(alice, { api: 'gj', video_id: shortAvatar.id })).toMatchObject({
      code: 1,
      msg: studioMessages.gjDuration,
    });
    // The same rule for a material video, read from the real file: 301 s refused, 31 s accepted.
    const long = await materialVideo(
      alice,
      await makeClip(path.join(media, 'long.mp4'), { width: 360, height: 640, seconds: 301, fps: 1 }),
    );
    expect(await submit(alice, { api: 'gj', material_video_id: long })).toMatchObject({
      code: 1,
      msg: studioMessages.gjDuration,
    });
    const ok = await submit(alice, { api: 'gj', video_id: gjAvatar.id });
    expect(ok.code).toBe(0);
    await wakeGj(ok.data.id);
    expect((await finished(alice, ok.data.id)).status).toBe(3);
  });

  it('an avatar prepared while 蝉镜 was down is ready elsewhere at once, and gets its person once 蝉镜 is back', async () => {
    chanjing.script.personServiceDown = true;
    const during = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'gj-outage.mp4'), { width: 360, height: 640, seconds: 31, fps: 1 }),
    );
    expect(during.status).toBe(2);
    const engineData = async () =>
      (await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, during.id)))[0]!.engineData;
    expect(await engineData()).toEqual({ chanjing: { error: avatarMessages.chanjingSystemError, retryable: true } });
    // Meanwhile gj says, in the user's words, that the avatar is not ready for it yet (the outage is the
    // operator's business); the local channel takes the avatar.
    expect(await submit(alice, { api: 'gj', video_id: during.id })).toMatchObject({
      code: 1,
      msg: avatarMessages.chanjingPersonMissing,
    });
    const local = await submit(alice, { api: 'local', video_id: during.id });
    expect(local.code).toBe(0);

    // 蝉镜 comes back: the next try (a second later here, ten minutes by default) trains the person.
    chanjing.script.personServiceDown = false;
    const trained = await waitFor(
      '蝉镜 person of the avatar',
      async () => {
        const data = await engineData();
        return typeof data.chanjing?.personId === 'string' ? data : null;
      },
      60_000,
    );
    expect(trained).toEqual({ chanjing: { personId: 'C-person-2' } });
    expect(chanjing.persons.get('C-person-2')!.name).toBe(`avatar-${during.id}`);
    expect((await finished(alice, local.data.id)).status).toBe(3);
  });
});

describe('per-engine render slots and queue positions (ou and df share one Duix)', () => {
  it('serves Duix works one at a time in submit order, shows their places, and lets local works pass', async () => {
    const m = await newAccount(t, { credits: 5000 });
    const a = await cloneAvatar(
      t,
      m,
      await makeClip(path.join(media, 'q.mp4'), { width: 360, height: 640, seconds: 6 }),
    );
    const first = await submit(m, { api: 'ou', video_id: a.id, name: 'ou-1' });
    const second = await submit(m, { api: 'ou', video_id: a.id, name: 'ou-2' });
    const third = await submit(m, { api: 'df', video_id: a.id, name: 'df-3' });
    for (const r of [first, second, third]) expect(r.code).toBe(0);
    const waiting = await waitFor('first work on Duix', async () => {
      const list = await listed(m);
      return list.find((w) => w.id === first.data.id)?.status === 2 ? list : null;
    });
    const place = (id: number) => waiting.find((w) => w.id === id)!.queue_position;
    expect([place(first.data.id), place(second.data.id), place(third.data.id)]).toEqual([0, 1, 2]);

    const local = await submit(m, { api: 'local', video_id: a.id, name: 'local' });
    expect((await finished(m, local.data.id)).status).toBe(3);
    // The local work did not wait behind the Duix queue.
    const atLocalDone = await listed(m);
    expect(atLocalDone.find((w) => w.id === third.data.id)!.status).not.toBe(3);

    for (const r of [first, second, third]) expect((await finished(m, r.data.id)).status).toBe(3);
    expect(duix.maxRunning()).toBe(1);
    const ends = await Promise.all(
      [first, second, third].map(async (r) => (await row(r.data.id)).finishedAt!.getTime()),
    );
    expect([...ends].sort((x, y) => x - y)).toEqual(ends);
  });
});

describe('a work made from a material-library video', () => {
  it('checks the material like an avatar clone, prepares it once and renders it', async () => {
    const m = await newAccount(t, { credits: 5000 });
    const other = await newAccount(t);
    const clip = await makeClip(path.join(media, 'material.mp4'), { width: 360, height: 640, seconds: 6 });
    const mine = await materialVideo(m, clip, '产品介绍');
    const theirs = await materialVideo(other, clip);
    const tooShort = await materialVideo(
      m,
      await makeClip(path.join(media, 'm-short.mp4'), { width: 360, height: 640, seconds: 3 }),
    );
    const hdr = await materialVideo(
      m,
      await makeClip(path.join(media, 'm-hdr.mp4'), { width: 360, height: 640, seconds: 6, transfer: 'smpte2084' }),
    );
    expect(await submit(m, { material_video_id: theirs })).toMatchObject({
      code: 1,
      msg: filesMessages.materialMissing,
    });
    expect(await submit(m, { material_video_id: tooShort })).toMatchObject({
      code: 1,
      msg: avatarMessages.sourceTooShort,
    });
    expect(await submit(m, { material_video_id: hdr })).toMatchObject({ code: 1, msg: avatarMessages.sourceHdr });
    expect(await listed(m)).toHaveLength(0);

    const r = await submit(m, { material_video_id: mine });
    expect(r.code).toBe(0);
    const w = await finished(m, r.data.id);
    expect(w).toMatchObject({ status: 3, hs: 2 });
    expect(w.duration).toBeGreaterThan(1);
    const [made] = await t.ctx.database.db
      .select()
      .from(avatars)
      .where(eq(avatars.id, (await paramsOf(r.data.id)).avatarId));
    expect(made).toMatchObject({ userId: m.id, source: 3, status: 2, name: '产品介绍' });
    // It is not one of the user's avatars, and a second work reuses it.
    const own = await t.call<{ list: Avatar[] }>(listAvatars, { source: '1', limit: 0 }, { token: m.token });
    expect(own.data.list).toHaveLength(0);
    // The second work is made from the prepared avatar: the material file is not fetched and probed
    // again (here it could not be: its object is gone, which a new probe would refuse).
    const [stored] = await t.ctx.database.db.select().from(files).where(eq(files.id, mine));
    await t.ctx.storage.delete(stored!.key);
    const again = await submit(m, { material_video_id: mine });
    expect(again.code).toBe(0);
    expect((await paramsOf(again.data.id)).avatarId).toBe(made!.id);
    expect((await finished(m, again.data.id)).status).toBe(3);
  });
});
