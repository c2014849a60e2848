import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPublicPhoto,
  deletePhoto,
  login,
  listPhotoChannels,
  listPhotos,
  listWorks,
  photoLibraryMessages as m,
  finishMessages,
  savePhoto,
  saveWork,
  studioMessages,
  type Photo,
  type PhotoChannel,
  type Work,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditLogs, creditReservations, files, photos, users, works } from '../../db/schema/index.js';
import { samplePhoto } from '../../engines/talking-face/testing/media.js';
import { audioLevels, ffmpeg, probe, runTool } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice } from '../works/testing/studio.js';
import { seedDemoPortraits } from './seed.js';
import { uploadFile } from './test-support.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
const at = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  // D-ID configured (at an address nothing answers): its picture rules are checked before anything is sent or spent.
  t = await buildTestApp({ DID_API_KEY: 'dGVzdDprZXk=', DID_BASE_URL: 'http://127.0.0.1:9' });
  // The demo portraits only (the demo actors' preparation is not what these tests look at).
  await seedDemoPortraits({ ...t.ctx, config: { ...t.ctx.config, SEED_DEMO_ACTORS: true } });
  alice = await newAccount(t, { credits: 1000 });
  bob = await newAccount(t, { credits: 1000 });
  // A portrait crop of a face-api sample photo (one face), a pet-like picture without a face, small and odd files.
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218', '-frames:v', '1', at('person.jpg')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', at('pet.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=400x200', '-frames:v', '1', at('narrow.png')]);
  await runTool('espeak-ng', [
    '-v',
    'cmn',
    '-w',
    at('speech.wav'),
    '小猫咪你好，今天天气真好，我们一起出去玩吧，好不好呀。',
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => t.ctx.database.db;
const list = (who: TestAccount, p: Record<string, string | number>) =>
  t.call<{ list: Photo[]; hlist: Photo[]; slist: Photo[]; total: number }>(listPhotos, p, { token: who.token });
const add = (who: TestAccount, p: Record<string, string | number>) =>
  t.call<{ id: number }>(savePhoto, p, { token: who.token });
const image = async (who: Pick<TestAccount, 'id' | 'token'>, file: string) => {
  const r = await uploadFile(t, who, 'image', file);
  expect(r.code, r.msg).toBe(0);
  return r.fileId;
};
const worksOf = async (who: TestAccount, p: Record<string, string | number> = {}) =>
  (await t.call<{ list: Work[]; counts: Record<string, number> }>(listWorks, { limit: 0, ...p }, { token: who.token }))
    .data;
const finished = (who: TestAccount, id: number) =>
  waitFor(`work ${id}`, async () => (await worksOf(who)).list.find((w) => w.id === id && w.status >= 3), 120_000);
const reservation = async (jobKey: string) =>
  (await db().select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey)))[0];

describe('GET /api/user/photo', () => {
  it('lists the public person library (demo portraits from face-api samples) and an empty pet library', async () => {
    const persons = await list(alice, { source: 2, type: 1, page: 1, limit: 9999 });
    expect(persons.code).toBe(0);
    expect(persons.data.total).toBe(4);
    expect(persons.data.list.map((p) => p.name)).toContain('示例人物·小林');
    expect(persons.data.slist).toHaveLength(4);
    const cover = persons.data.list[0]!.cover;
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(cover, 'http://x').pathname + new URL(cover, 'http://x').search,
    });
    expect(res.statusCode).toBe(200);
    const pets = await list(alice, { source: 2, type: 2, limit: 0 });
    expect(pets.data).toMatchObject({ total: 0, list: [] });
  });
});

describe('POST /api/user/photo', () => {
  it('refuses a blank name and a missing picture with the spec messages of each library', async () => {
    const file = await image(alice, at('pet.png'));
    expect(await add(alice, { name: '  ', file_id: file, type: 2 })).toMatchObject({
      code: 1,
      msg: '请填写宠物名称！',
    });
    expect(await add(alice, { name: '', file_id: file, type: 1 })).toMatchObject({
      code: 1,
      msg: '请填写人物图片名称！',
    });
    expect(await add(alice, { name: '旺财', type: 2 })).toMatchObject({ code: 1, msg: '请上传宠物图片！' });
    expect(await add(alice, { name: '小林', type: 1 })).toMatchObject({ code: 1, msg: '请上传人物图片图片！' });
    // Someone else's upload is as good as none.
    expect(await add(bob, { name: '旺财', file_id: file, type: 2 })).toMatchObject({
      code: 1,
      msg: '请上传宠物图片！',
    });
    expect(await add(alice, { name: '旺财', file_id: file, type: 3 })).toMatchObject({ code: 1 });
  });

  it('refuses what is not a png/jpg picture of at least 300 px on its shorter side', async () => {
    const narrow = await uploadFile(t, alice, 'image', at('narrow.png'));
    expect(narrow).toMatchObject({ code: 1, msg: '图片尺寸不能小于300像素' });
    const sound = await uploadFile(t, alice, 'voice', at('speech.wav'));
    expect(sound.code, sound.msg).toBe(0);
    expect(await add(alice, { name: '声音', file_id: sound.fileId, type: 1 })).toMatchObject({
      code: 1,
      msg: m.fileNotImage,
    });
  });

  it('adds an upload to the caller’s own library of its type only', async () => {
    const r = await add(alice, { name: '旺财', file_id: await image(alice, at('pet.png')), type: 2 });
    expect(r).toMatchObject({ code: 0, msg: '上传成功' });
    const mine = await list(alice, { source: 1, type: 2, limit: 0 });
    expect(mine.data.list).toMatchObject([
      { id: r.data.id, name: '旺财', source: 1, type: 2, width: 640, height: 480 },
    ]);
    expect(mine.data.hlist).toHaveLength(1);
    expect((await list(alice, { source: 1, type: 1, limit: 0 })).data.total).toBe(0);
    expect((await list(bob, { source: 1, type: 2, limit: 0 })).data.total).toBe(0);
    expect((await list(alice, { source: 2, type: 2, limit: 0 })).data.total).toBe(0);
  });
});

describe('POST /api/admin/photo', () => {
  it('lets the operator add a pet to the public library, and nobody else', async () => {
    const token = (await t.call<{ token: string }>(login, { username: 'admin', password: 'admin12345' })).data.token;
    const [admin] = await db().select().from(users).where(eq(users.username, 'admin'));
    const file = await image({ id: admin!.id, token }, at('pet.png'));
    expect(
      await t.call(addPublicPhoto, { name: '示例猫咪', file_id: file, type: 2 }, { token: alice.token }),
    ).toMatchObject({
      code: 1,
    });
    expect(await t.call(addPublicPhoto, { name: '', file_id: file, type: 2 }, { token })).toMatchObject({
      code: 1,
      msg: '请填写宠物名称！',
    });
    const r = await t.call<{ id: number }>(addPublicPhoto, { name: '示例猫咪', file_id: file, type: 2 }, { token });
    expect(r.code, r.msg).toBe(0);
    const pets = await list(bob, { source: 2, type: 2, limit: 0 });
    expect(pets.data.list).toMatchObject([{ id: r.data.id, name: '示例猫咪', source: 2, type: 2 }]);
    // Public: no user may delete it.
    expect(await t.call(deletePhoto, { id: r.data.id }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: m.onlyOwnDeletable,
    });
    // Copied to a public key: it does not depend on the administrator's own upload.
    const [row] = await db().select().from(photos).where(eq(photos.id, r.data.id));
    expect(row!.imageKey).toMatch(/^public\/photos\//);
    expect(row!.userId).toBeNull();
  });
});

describe('DELETE /api/user/photo', () => {
  it('deletes own uploads only', async () => {
    const { data } = await add(alice, { name: '删除我', file_id: await image(alice, at('person.jpg')), type: 1 });
    expect(await t.call(deletePhoto, { id: data.id }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: m.photoMissing,
    });
    const pub = (await list(alice, { source: 2, type: 1, limit: 1 })).data.list[0]!;
    expect(await t.call(deletePhoto, { id: pub.id }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: m.onlyOwnDeletable,
    });
    expect(await t.call(deletePhoto, { id: 999999 }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: m.photoMissing,
    });
    expect(await t.call(deletePhoto, { id: data.id }, { token: alice.token })).toMatchObject({
      code: 0,
      msg: '删除成功',
    });
    expect(
      (await list(alice, { source: 1, type: 1, limit: 0 })).data.list.find((p) => p.id === data.id),
    ).toBeUndefined();
    expect((await list(alice, { source: 2, type: 1, limit: 0 })).data.total).toBe(4);
  });
});

describe('DELETE /api/user/photo releases the upload', () => {
  const usedBytes = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!.storageUsedBytes;
  const fileRow = async (id: number) => (await db().select().from(files).where(eq(files.id, id)))[0];

  it('gives the bytes back and removes the object once no other entry uses the upload', async () => {
    const carol = await newAccount(t, { credits: 1000 });
    const before = await usedBytes(carol.id);
    const fileId = await image(carol, at('person.jpg'));
    const file = (await fileRow(fileId))!;
    expect(await usedBytes(carol.id)).toBe(before + file.size);
    // The same upload added twice: deleting one entry keeps the file for the other.
    const first = await add(carol, { name: '第一张', file_id: fileId, type: 1 });
    const second = await add(carol, { name: '第二张', file_id: fileId, type: 1 });
    expect(await t.call(deletePhoto, { id: first.data.id }, { token: carol.token })).toMatchObject({ code: 0 });
    expect(await fileRow(fileId)).toBeDefined();
    expect(await t.ctx.storage.head(file.key)).not.toBeNull();
    expect(await usedBytes(carol.id)).toBe(before + file.size);
    // The last entry goes: the record, its quota and the stored object go with it.
    expect(await t.call(deletePhoto, { id: second.data.id }, { token: carol.token })).toMatchObject({
      code: 0,
      msg: '删除成功',
    });
    expect(await fileRow(fileId)).toBeUndefined();
    expect(await t.ctx.storage.head(file.key)).toBeNull();
    expect(await usedBytes(carol.id)).toBe(before);
  });

  it('keeps the upload while a video is still being made from it', async () => {
    const dave = await newAccount(t, { credits: 1000 });
    const fileId = await image(dave, at('pet.png'));
    const file = (await fileRow(fileId))!;
    const { data } = await add(dave, { name: '还在用', file_id: fileId, type: 2 });
    const [queued] = await db()
      .insert(works)
      .values({
        userId: dave.id,
        kind: 'photo',
        name: '排队中',
        status: 1,
        channel: 'local',
        channelName: '本地',
        creditsHeld: 0,
        jobKey: `photo-test:${fileId}`,
        params: { imageKey: file.key },
      })
      .returning();
    expect(await t.call(deletePhoto, { id: data.id }, { token: dave.token })).toMatchObject({ code: 0 });
    expect(await fileRow(fileId)).toBeDefined();
    expect(await t.ctx.storage.head(file.key)).not.toBeNull();
    await db().delete(works).where(eq(works.id, queued!.id));
  });
});

describe('photo channels', () => {
  it('lists only channels with an engine here, with price and tips', async () => {
    const r = await t.call<{ list: PhotoChannel[] }>(listPhotoChannels, {});
    expect(r.data.list.map((c) => c.api)).toEqual(['local', 'did']);
    expect(r.data.list[0]).toMatchObject({ credits: 1 });
    expect(r.data.list[0]!.tips).not.toBe('');
  });
});

describe('POST /api/user/works with photo_id', () => {
  it('refuses another user’s picture, a missing or unconfigured channel, a missing script, voice or audio', async () => {
    const { data } = await add(bob, { name: '鲍勃', file_id: await image(bob, at('person.jpg')), type: 1 });
    const voice = await addVoice(t, { userId: null });
    const base = { api: 'local', voice_id: voice, text: '你好' };
    const before = await testLedger(db()).balance(alice.id);
    expect(await t.call(saveWork, { ...base, photo_id: data.id }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: m.photoMissing,
    });
    const pub = (await list(alice, { source: 2, type: 1, limit: 1 })).data.list[0]!;
    expect(
      await t.call(saveWork, { voice_id: voice, text: '你好', photo_id: pub.id }, { token: alice.token }),
    ).toMatchObject({
      code: 1,
      msg: m.photoChannelMissing,
    });
    expect(await t.call(saveWork, { ...base, api: 'kling', photo_id: pub.id }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: m.photoChannelUnavailable,
    });
    expect(
      await t.call(saveWork, { api: 'local', voice_id: voice, photo_id: pub.id }, { token: alice.token }),
    ).toMatchObject({
      code: 1,
      msg: studioMessages.scriptRequired,
    });
    expect(
      await t.call(saveWork, { api: 'local', text: '你好', photo_id: pub.id }, { token: alice.token }),
    ).toMatchObject({
      code: 1,
      msg: studioMessages.voiceRequired,
    });
    const bobsAudio = await uploadFile(t, bob, 'voice', at('speech.wav'));
    expect(
      await t.call(
        saveWork,
        { api: 'local', material_audio_id: bobsAudio.fileId, photo_id: pub.id },
        { token: alice.token },
      ),
    ).toMatchObject({ code: 1, msg: studioMessages.audioFileRequired });
    const poor = await newAccount(t);
    const r = await t.call(saveWork, { ...base, photo_id: pub.id }, { token: poor.token });
    expect(r.code).toBe(1);
    expect(r.msg).toMatch(/^积分不足/);
    expect(await testLedger(db()).balance(alice.id)).toBe(before);
    expect((await db().select().from(works).where(eq(works.userId, alice.id))).length).toBe(0);
  });

  it('checks a remote channel’s own picture rules before anything is spent', async () => {
    await ffmpeg(['-i', samplePhoto(2), '-vf', 'scale=960:-2', at('group.jpg')]);
    const group = await add(alice, { name: '合影', file_id: await image(alice, at('group.jpg')), type: 1 });
    const voice = await addVoice(t, { userId: null });
    const before = await testLedger(db()).balance(alice.id);
    const r = await t.call(
      saveWork,
      { api: 'did', photo_id: group.data.id, voice_id: voice, text: '大家好' },
      { token: alice.token },
    );
    expect(r).toMatchObject({ code: 1, msg: '该通道要求图片中有且只有一张清晰的人脸，请更换图片或选择其他通道' });
    expect(await testLedger(db()).balance(alice.id)).toBe(before);
    expect((await db().select().from(works).where(eq(works.userId, alice.id))).length).toBe(0);
  }, 60_000);

  it('makes a photo-speak video from text: held on submit, settled once on the real duration, listed under 照片说话', async () => {
    const voice = await addVoice(t, { userId: null });
    const pub = (await list(alice, { source: 2, type: 1, limit: 0 })).data.list.find(
      (p) => p.name === '示例人物·小林',
    )!;
    const before = await testLedger(db()).balance(alice.id);
    const r = await t.call<{ id: number; credits: number }>(
      saveWork,
      {
        api: 'local',
        photo_id: pub.id,
        voice_id: voice,
        text: '大家好，我是小林，欢迎来看我的照片说话。',
        name: '小林说话',
      },
      { token: alice.token },
    );
    expect(r).toMatchObject({ code: 0, msg: studioMessages.submitTitle });
    expect(await testLedger(db()).balance(alice.id)).toBe(before - r.data.credits);
    const done = await finished(alice, r.data.id);
    expect(done).toMatchObject({ status: 3, photo_type: 1, name: '小林说话', api_key: 'local', note: '' });
    const [row] = await db().select().from(works).where(eq(works.id, r.data.id));
    expect(row).toMatchObject({ kind: 'photo', photoType: 1 });
    const res = await reservation(row!.jobKey);
    expect(res).toMatchObject({ status: 'settled', charged: Math.ceil(done.duration - 0.001) });
    expect(done.credits).toBe(res!.charged);
    expect(await testLedger(db()).balance(alice.id)).toBe(before - res!.charged);
    const logs = await db().select().from(creditLogs).where(eq(creditLogs.jobKey, row!.jobKey));
    expect(logs.filter((l) => l.credits < 0)).toHaveLength(1);
    expect(logs[0]!.actionName).toBe('照片说话合成');
    // The tab 照片说话 (type2=2) lists it; 宠物视频 and the avatar videos do not.
    const photos = await worksOf(alice, { photo_type: 1 });
    expect(photos.list.map((w) => w.id)).toEqual([r.data.id]);
    expect(photos.counts).toMatchObject({ photo: 1, pet: 0, video: 0 });
    expect((await worksOf(alice, { photo_type: 2 })).list).toHaveLength(0);
    // The stored video: picture and sound, and the sound is speech, not silence.
    const video = await t.ctx.storage.toLocalFile(row!.videoKey!, dir);
    const info = await probe(video.path);
    expect(info.video).toBeTruthy();
    expect(info.audio).toBeTruthy();
    expect(info.duration).toBeGreaterThan(2);
    expect((await audioLevels(video.path)).meanDb).toBeGreaterThan(-40);
  }, 180_000);

  it('puts music under a photo video, and refuses a backdrop behind a picture', async () => {
    const voice = await addVoice(t, { userId: null });
    const pub = (await list(alice, { source: 2, type: 1, limit: 0 })).data.list.find(
      (p) => p.name === '示例人物·小林',
    )!;
    const song = at('song.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=5000:sample_rate=44100:d=6', '-c:a', 'aac', song]);
    const music = await uploadFile(t, alice, 'voice', song);
    expect(music.code, music.msg).toBe(0);
    const order = { api: 'local', photo_id: pub.id, voice_id: voice, text: '大家好，我是小林，欢迎来看我的照片说话。' };
    expect(await t.call(saveWork, { ...order, background_color: '#1664ff' }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: finishMessages.backgroundNotForPhoto,
    });
    const r = await t.call<{ id: number }>(saveWork, { ...order, music_id: music.fileId }, { token: alice.token });
    expect(r.code, r.msg).toBe(0);
    expect(await finished(alice, r.data.id)).toMatchObject({ status: 3 });
    const [row] = await db().select().from(works).where(eq(works.id, r.data.id));
    expect(row!.params).toMatchObject({ music: { volume: 0.3 } });
    const file = (await t.ctx.storage.toLocalFile(row!.videoKey!, dir)).path;
    // Mixed by the finishing pass (stereo at 48 kHz), the music under the whole video.
    const [sound] = JSON.parse(
      (
        await runTool('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_streams', '-of', 'json', file])
      ).toString(),
    ).streams as { sample_rate: string; channels: number }[];
    expect(sound).toMatchObject({ sample_rate: '48000', channels: 2 });
    const tone = await ffmpeg([
      '-i',
      file,
      '-af',
      'highpass=f=4500,lowpass=f=5500',
      '-ss',
      '3.2',
      '-t',
      '1',
      '-ac',
      '1',
      '-f',
      'f32le',
      '-',
    ]);
    const samples = new Float32Array(tone.buffer, tone.byteOffset, tone.byteLength / 4);
    const rms = Math.sqrt(samples.reduce((n, v) => n + v * v, 0) / samples.length);
    expect(rms).toBeGreaterThan(0.0005);
  }, 180_000);

  it('makes an audio-driven pet video: listed under 宠物视频 with what was animated', async () => {
    const pet = await add(alice, { name: '旺财', file_id: await image(alice, at('pet.png')), type: 2 });
    const audio = await uploadFile(t, alice, 'voice', at('speech.wav'));
    const r = await t.call<{ id: number; credits: number }>(
      saveWork,
      { api: 'local', photo_id: pet.data.id, material_audio_id: audio.fileId },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    const done = await finished(alice, r.data.id);
    expect(done).toMatchObject({ status: 3, photo_type: 2, name: '未命名' });
    // testsrc2 has no face: the whole picture moves, and the work says so.
    expect(done.note).toContain('没有检测到人脸');
    expect((await worksOf(alice, { photo_type: 2 })).list.map((w) => w.id)).toEqual([r.data.id]);
    const [row] = await db().select().from(works).where(eq(works.id, r.data.id));
    expect(await reservation(row!.jobKey)).toMatchObject({ status: 'settled' });
    expect(Math.abs(done.duration - (await probe(at('speech.wav'))).duration)).toBeLessThan(0.2);
    expect(logsAction(await db().select().from(creditLogs).where(eq(creditLogs.jobKey, row!.jobKey)))).toBe(
      '宠物视频合成',
    );
  }, 180_000);

  it('refunds in full when the picture cannot be rendered', async () => {
    const pet = await add(alice, { name: '坏图', file_id: await image(alice, at('pet.png')), type: 2 });
    // The stored picture is damaged after it was accepted.
    const [p] = (await list(alice, { source: 1, type: 2, limit: 0 })).data.list.filter((x) => x.id === pet.data.id);
    expect(p).toBeTruthy();
    const [photoRow] = await db().select().from(photos).where(eq(photos.id, pet.data.id));
    fs.writeFileSync(at('broken.png'), 'not a picture at all');
    await t.ctx.storage.putFile(photoRow!.imageKey, at('broken.png'));
    const audio = await uploadFile(t, alice, 'voice', at('speech.wav'));
    const before = await testLedger(db()).balance(alice.id);
    const r = await t.call<{ id: number; credits: number }>(
      saveWork,
      { api: 'local', photo_id: pet.data.id, material_audio_id: audio.fileId, name: '会失败' },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(await testLedger(db()).balance(alice.id)).toBe(before - r.data.credits);
    const done = await finished(alice, r.data.id);
    expect(done).toMatchObject({ status: 4, credits: 0 });
    expect(done.fail_reason).toBe('图片无法读取，请上传JPG/PNG格式的图片');
    const [row] = await db().select().from(works).where(eq(works.id, r.data.id));
    expect(await reservation(row!.jobKey)).toMatchObject({ status: 'refunded' });
    expect(await testLedger(db()).balance(alice.id)).toBe(before);
  }, 180_000);
});

const logsAction = (logs: { actionName: string; credits: number }[]) => logs.find((l) => l.credits < 0)?.actionName;
