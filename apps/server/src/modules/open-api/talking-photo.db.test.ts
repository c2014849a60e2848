import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors, openApiUnsupported, savePhoto } from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { creditLogs, creditReservations, works } from '../../db/schema/index.js';
import { samplePhoto } from '../../engines/talking-face/testing/media.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { uploadFile } from '../photo-video/test-support.js';
import { addVoice } from '../works/testing/studio.js';
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
const ended = (key: string, id: string) => apiVideoEnded(t, key, id);
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

  it('refuses a pet photo, an unknown id and a talking photo among several scenes, holding nothing', async () => {
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
    const own = (await uploadPhoto(aliceKey)).body.data.talking_photo_id;
    const avatarScene = { character: { type: 'avatar', avatar_id: '1' }, voice: { type: 'silence' } };
    expect(await generate(aliceKey, { video_inputs: [photoScene(own), avatarScene] })).toMatchObject({
      status: 400,
      body: { error: { code: 'unsupported_feature', message: openApiUnsupported.talkingPhotoScenes.zh } },
    });
    expect(await db().select().from(works).where(eq(works.userId, alice.id))).toHaveLength(0);
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
    const lines = await db().select().from(creditLogs).where(like(creditLogs.jobKey, row!.jobKey));
    expect(lines.every((l) => l.actionName.includes('（API）'))).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.credits, 0)).toBe(-row!.creditsCharged);

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
});
