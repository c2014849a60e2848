import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors, openApiUnsupported, savePhoto, type Avatar } from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { creditLogs, creditReservations, multiScenes, photos, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { samplePhoto } from '../../engines/talking-face/testing/media.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { uploadFile } from '../photo-video/test-support.js';
import { creditsFor } from '../producing/index.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { apiCall, apiVideoEnded, newApiKey } from './testing/api.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: string;
let bobKey: string;
let voice: number;
let receiver: FakeServer;
let portrait: Buffer;
let avatar: Avatar;

/** The receiver's address: loopback, let through by the test-only allowance. */
const RECEIVER = '127.0.0.2';

const db = () => t.ctx.database.db;
const balance = (who: TestAccount) => testLedger(db()).balance(who.id);
const generate = (key: string, json: unknown) =>
  apiCall<{ video_id: string }>(t, key, 'POST', '/v2/video/generate', { json });
const photoScene = (id: string, voiceInput: object = { type: 'silence', duration: 2 }) => ({
  character: { type: 'talking_photo', talking_photo_id: id },
  voice: voiceInput,
});
const uploadPhoto = (key: string, name?: string) =>
  apiCall<{ talking_photo_id: string; talking_photo_url: string }>(
    t,
    key,
    'POST',
    `/v1/talking_photo${name ? `?name=${encodeURIComponent(name)}` : ''}`,
    { body: portrait, contentType: 'image/jpeg' },
  );
const avatarScene = (voiceInput: object = { type: 'silence', duration: 2 }) => ({
  character: { type: 'avatar', avatar_id: String(avatar.id) },
  voice: voiceInput,
});
const ended = (key: string, id: string) => apiVideoEnded(t, key, id);
/** The work's ledger lines: all marked as API, and what they add up to. */
async function ledgerOf(jobKey: string) {
  const lines = await db().select().from(creditLogs).where(like(creditLogs.jobKey, jobKey));
  expect(lines.every((l) => l.actionName.includes('（API）'))).toBe(true);
  return lines.reduce((sum, l) => sum + l.credits, 0);
}
const refused = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code, message: openApiErrors[kind].zh } },
});
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-photo-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local', TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER });
  alice = await newAccount(t, { credits: 2000 });
  bob = await newAccount(t, { credits: 2000 });
  [aliceKey, bobKey] = [await newApiKey(t, alice), await newApiKey(t, bob)];
  voice = await addVoice(t, { userId: null });
  // A portrait crop of a face-api sample photo: one face.
  const jpg = path.join(dir, 'person.jpg');
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218', '-frames:v', '1', jpg]);
  portrait = fs.readFileSync(jpg);
  avatar = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  receiver = await startLoopbackFake({ host: RECEIVER, handle: () => ({ status: 200, text: 'ok' }) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('talking photos through the open API', () => {
  it('uploads a person photo that only its owner lists and may use', async () => {
    const up = await uploadPhoto(aliceKey, '前台小林');
    expect(up).toMatchObject({ status: 200, body: { code: 100, data: { talking_photo_id: expect.any(String) } } });
    const id = up.body.data.talking_photo_id;
    const photos = await apiCall<{ id: string; name: string; image_url: string; is_public: boolean }[]>(
      t,
      aliceKey,
      'GET',
      '/v1/talking_photo.list',
    );
    expect(photos.body.data[0]).toMatchObject({ id, name: '前台小林', is_public: false });
    // Its picture opens from outside.
    const img = await t.app.inject({
      method: 'GET',
      url: new URL(photos.body.data[0]!.image_url).pathname + new URL(photos.body.data[0]!.image_url).search,
    });
    expect(img.statusCode).toBe(200);
    const avatars = await apiCall<{ talking_photos: { talking_photo_id: string; talking_photo_name: string }[] }>(
      t,
      aliceKey,
      'GET',
      '/v2/avatars',
    );
    expect(avatars.body.data.talking_photos).toContainEqual(
      expect.objectContaining({ talking_photo_id: id, talking_photo_name: '前台小林' }),
    );
    // Bob sees none of Alice's photos, and cannot make a video of hers.
    const bobs = await apiCall<{ id: string }[]>(t, bobKey, 'GET', '/v1/talking_photo.list');
    expect(bobs.body.data.map((p) => p.id)).not.toContain(id);
    const before = await balance(bob);
    expect(await generate(bobKey, { video_inputs: [photoScene(id)] })).toMatchObject(refused('talkingPhotoMissing'));
    expect(await balance(bob)).toBe(before);
    // What is not a picture is refused as such.
    expect(
      await apiCall(t, aliceKey, 'POST', '/v1/talking_photo', { body: Buffer.from('x'), contentType: 'audio/mpeg' }),
    ).toMatchObject(refused('assetType'));
  });

  it('refuses a pet photo and an unknown id, alone or among several scenes, holding nothing', async () => {
    const before = await balance(alice);
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', path.join(dir, 'pet.png')]);
    const file = await uploadFile(t, alice, 'image', path.join(dir, 'pet.png'));
    const petPhoto = await t.call<{ id: number }>(
      savePhoto,
      { name: '旺财', file_id: file.fileId, type: 2 },
      { token: alice.token },
    );
    expect(petPhoto.code).toBe(0);
    expect(await generate(aliceKey, { video_inputs: [photoScene(String(petPhoto.data.id))] })).toMatchObject(
      refused('talkingPhotoMissing'),
    );
    expect(await generate(aliceKey, { video_inputs: [photoScene('99999999')] })).toMatchObject(
      refused('talkingPhotoMissing'),
    );
    expect(
      await generate(aliceKey, { video_inputs: [avatarScene(), photoScene(String(petPhoto.data.id))] }),
    ).toMatchObject(refused('talkingPhotoMissing'));
    // A photo takes a colour background only: a picture behind it is refused, not dropped.
    const picture = (await uploadPhoto(aliceKey)).body.data.talking_photo_id;
    expect(
      await generate(aliceKey, {
        video_inputs: [{ ...photoScene(picture), background: { type: 'image', image_asset_id: '1' } }],
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'unsupported_feature', message: openApiUnsupported.photoBackground.zh } },
    });
    // Another account's photo is not found in a multi-scene video either.
    const own = (await uploadPhoto(aliceKey)).body.data.talking_photo_id;
    const bobBefore = await balance(bob);
    expect(await generate(bobKey, { video_inputs: [photoScene(own), photoScene(own)] })).toMatchObject(
      refused('talkingPhotoMissing'),
    );
    expect(await balance(bob)).toBe(bobBefore);
    expect(await db().select().from(works).where(eq(works.userId, alice.id))).toHaveLength(0);
    expect(await db().select().from(works).where(eq(works.userId, bob.id))).toHaveLength(0);
    expect(await balance(alice)).toBe(before);
  });

  it('makes a photo video that speaks, fitted into the frame asked for, charged exactly and announced by webhook', async () => {
    const hook = await apiCall<{ secret: string }>(t, aliceKey, 'POST', '/v1/webhook/endpoint.add', {
      json: { url: `${receiver.url}/photo`, events: ['avatar_video.success'] },
    });
    expect(hook.status).toBe(200);
    const id = (await uploadPhoto(aliceKey, '主播')).body.data.talking_photo_id;
    const before = await balance(alice);
    const r = await generate(aliceKey, {
      video_inputs: [
        {
          ...photoScene(id, { type: 'text', voice_id: String(voice), input_text: '大家好，欢迎来到直播间。' }),
          background: { type: 'color', value: '#0000FF' },
        },
      ],
      dimension: { width: 640, height: 360 },
      title: '照片接口视频',
      callback_id: 'photo-1',
    });
    expect(r).toMatchObject({ status: 200, body: { error: null, data: { video_id: expect.any(String) } } });
    const videoId = r.body.data.video_id;
    const [held] = await db().select().from(creditReservations).where(eq(creditReservations.userId, alice.id));
    expect(held!.actionName).toMatch(/（API）$/);

    const done = await ended(aliceKey, videoId);
    expect(done).toMatchObject({ status: 'completed', callback_id: 'photo-1' });
    const [row] = await db()
      .select()
      .from(works)
      .where(eq(works.id, Number(videoId)));
    expect(row).toMatchObject({ kind: 'photo', name: '照片接口视频' });
    const file = (await t.ctx.storage.toLocalFile(row!.videoKey!, dir)).path;
    const info = await probe(file);
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(info.audio).toBeTruthy();
    // The portrait is fitted into the landscape frame: the colour fills its sides.
    const pixel = await ffmpeg([
      '-ss',
      '0.5',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'crop=4:4:4:178',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    expect(pixel[2]!).toBeGreaterThan(200);
    expect(pixel[0]!).toBeLessThan(60);
    // Credits: the hold settled on the real length, every ledger line of it marked as API.
    expect(row!.creditsCharged).toBeGreaterThan(0);
    expect(await balance(alice)).toBe(before - row!.creditsCharged);
    expect(await ledgerOf(row!.jobKey)).toBe(-row!.creditsCharged);

    // Its end is announced, signed, with the callback_id.
    const got = await waitFor(
      'the event',
      async () => receiver.requests.find((q) => q.method === 'POST' && q.path === '/photo') ?? null,
    );
    expect(got.json()).toEqual({
      event_type: 'avatar_video.success',
      event_data: { video_id: videoId, url: expect.stringMatching(/^http/), callback_id: 'photo-1' },
    });
    expect(got.headers.signature).toBe(hmac(hook.body.data.secret, got.raw.toString('utf8')));
    // Listed among the caller's videos, not among another account's.
    const mine = await apiCall<{ videos: { video_id: string }[] }>(t, aliceKey, 'GET', '/v1/video.list');
    expect(mine.body.data.videos.map((v) => v.video_id)).toContain(videoId);
    expect(await apiCall(t, bobKey, 'GET', `/v1/video_status.get?video_id=${videoId}`)).toMatchObject(
      refused('videoMissing'),
    );
  }, 300_000);

  it('makes a multi-scene video of an avatar and a talking photo, each scene priced as its own kind', async () => {
    const id = (await uploadPhoto(aliceKey, '讲解员')).body.data.talking_photo_id;
    const before = await balance(alice);
    const speak = (text: string) => ({ type: 'text', voice_id: String(voice), input_text: text });
    const r = await generate(aliceKey, {
      video_inputs: [
        { ...avatarScene(speak('大家好，我是数字人主播。')), background: { type: 'color', value: '#00FF00' } },
        { ...photoScene(id, speak('接下来由我为大家讲解。')), background: { type: 'color', value: '#00FF00' } },
      ],
      dimension: { width: 640, height: 360 },
      caption: true,
    });
    expect(r).toMatchObject({ status: 200, body: { error: null, data: { video_id: expect.any(String) } } });
    const videoId = r.body.data.video_id;
    expect(await ended(aliceKey, videoId)).toMatchObject({ status: 'completed' });
    const [row] = await db()
      .select()
      .from(works)
      .where(eq(works.id, Number(videoId)));
    expect(row).toMatchObject({ kind: 'multi', status: 3 });
    const scenes = await db()
      .select()
      .from(multiScenes)
      .where(eq(multiScenes.workId, row!.id))
      .orderBy(multiScenes.position);
    expect(scenes.map((s) => [s.avatarId, s.photoId, s.engine])).toEqual([
      [avatar.id, null, 'local'],
      [null, Number(id), 'photo-local'],
    ]);
    const file = (await t.ctx.storage.toLocalFile(row!.videoKey!, dir)).path;
    const info = await probe(file);
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(info.audio).toBeTruthy();
    const [first, photo] = scenes as [typeof multiScenes.$inferSelect, typeof multiScenes.$inferSelect];
    expect(info.duration).toBeCloseTo(first.duration + photo.duration, 0);
    // The photo scene: the portrait fitted into the landscape frame, the colour at its sides, a face in the middle.
    const at = first.duration + photo.duration / 2;
    const png = path.join(dir, 'photo-scene.png');
    await ffmpeg(['-ss', String(at), '-i', file, '-frames:v', '1', png]);
    const side = await ffmpeg(['-i', png, '-vf', 'crop=4:4:4:178', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    expect(side[1]!).toBeGreaterThan(200);
    expect(side[0]!).toBeLessThan(60);
    // Priced per scene: the avatar at the multi-scene rate for its length, the photo as a photo video of its length.
    expect(photo.creditsPerSecond).toBe(1);
    const avatarPrice = creditsFor(info.duration - photo.duration, 15);
    const photoPrice = creditsFor(photo.duration, 1);
    expect(row!.creditsCharged).toBe(avatarPrice + photoPrice);
    expect(await balance(alice)).toBe(before - row!.creditsCharged);
    expect(await ledgerOf(row!.jobKey)).toBe(-row!.creditsCharged);
    // Captions of both scenes in the work's SRT.
    const srt = (row!.params as { captionsKey: string }).captionsKey;
    const text = fs.readFileSync((await t.ctx.storage.toLocalFile(srt, dir)).path, 'utf8');
    expect(text).toContain('数字人主播');
    expect(text).toContain('为大家讲解');
  }, 300_000);

  it('refunds a multi-scene video whose photo scene fails', async () => {
    const id = (await uploadPhoto(aliceKey, '坏图')).body.data.talking_photo_id;
    // The picture is lost after it joined the library: the scene cannot be rendered.
    const [pic] = await db()
      .select()
      .from(photos)
      .where(eq(photos.id, Number(id)));
    const junk = path.join(dir, 'junk.jpg');
    fs.writeFileSync(junk, 'not a picture');
    await t.ctx.storage.putFile(pic!.imageKey, junk);
    const before = await balance(alice);
    const r = await generate(aliceKey, { video_inputs: [avatarScene(), photoScene(id)] });
    expect(r.status).toBe(200);
    expect(await ended(aliceKey, r.body.data.video_id)).toMatchObject({ status: 'failed' });
    const [row] = await db()
      .select()
      .from(works)
      .where(eq(works.id, Number(r.body.data.video_id)));
    expect(row).toMatchObject({ status: 4, creditsCharged: 0 });
    expect(row!.failReason).toContain('场景2');
    expect(await balance(alice)).toBe(before);
    expect(await ledgerOf(row!.jobKey)).toBe(0);
  }, 300_000);
});
