import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishMessages, listAvatars, listWorks, saveMultiWork, saveWork, type Avatar, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { avatars, works } from '../../db/schema/index.js';
import { screenOfPixel } from '../../engines/avatar/screen.js';
import { channelMeans, frameAt, makeClip, makeScreenClip } from '../../engines/avatar/testing/media.js';
import { actorClip, screenActorClip, SMILING_ACTOR } from '../../engines/talking-face/testing/media.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice, cloneAvatar, registerUpload, studioWork } from '../works/testing/studio.js';

/**
 * Backdrops and music through the create calls: an avatar recorded on a green screen is known as one
 * when it is ready, its work comes out with the screen replaced by the asked colour and the music
 * under the voice; a presenter filmed anywhere else is cut out by person matting (made once per
 * avatar); every file named is the caller's, and a refused order holds nothing.
 */
let t: TestApp;
let dir: string;
let owner: TestAccount;
let stranger: TestAccount;
let green: Avatar;
let plain: Avatar;
let filmed: Avatar;
let voiceId: number;
let music: number;
let picture: number;
let strangersPicture: number;

const SCRIPT = '大家好，欢迎来到数字人平台。今天给大家介绍一款新产品。';
const BLUE = [0x16, 0x64, 0xff];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backdrop-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local,lipsync=lipsync' });
  owner = await newAccount(t, { credits: 100000 });
  stranger = await newAccount(t, { credits: 1000 });
  green = await cloneAvatar(t, owner, await makeScreenClip(path.join(dir, 'g.mp4'), { seconds: 6 }), '绿幕分身');
  plain = await cloneAvatar(t, owner, await makeClip(path.join(dir, 'p.mp4'), { width: 360, height: 640, seconds: 6 }));
  filmed = await cloneAvatar(t, owner, await actorClip(path.join(dir, 'a.mp4'), SMILING_ACTOR, 6), '实拍分身');
  voiceId = await addVoice(t, { userId: null });
  const song = path.join(dir, 'song.m4a');
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=1000:sample_rate=44100:d=4', '-c:a', 'aac', song]);
  music = await registerUpload(t, owner.id, 'voice', song);
  const png = path.join(dir, 'bg.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xd03020:s=320x320', '-frames:v', '1', png]);
  picture = await registerUpload(t, owner.id, 'image', png);
  strangersPicture = await registerUpload(t, stranger.id, 'image', png);
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowOf = async (id: number) => (await t.ctx.database.db.select().from(works).where(eq(works.id, id)))[0]!;
const videoOf = async (id: number) => t.ctx.localStorage!.pathOf((await rowOf(id)).videoKey!);
const balance = (who: TestAccount) => testLedger(t.ctx.database.db).balance(who.id);
/** A multi-scene work of the owner's once it is done or failed, as its list shows it. */
const multiEnded = (id: number) =>
  waitFor(
    `multi-scene work ${id}`,
    async () => {
      const l = await t.call<{ list: Work[] }>(listWorks, { page: 1, limit: 0, is_multi: 1 }, { token: owner.token });
      return l.data.list.find((w) => w.id === id && (w.status === 3 || w.status === 4));
    },
    400_000,
  );

const mean = (rgb: Buffer) => channelMeans(rgb);

/**
 * The frame's corners are `rgb` and hardly a pixel of the screen's green is left (`top`: only the top
 * corners, for a presenter filmed in a room, whose lower corners hold the chair and a neighbour the matte keeps).
 */
async function expectKeyedOnto(file: string, rgb: number[], corners: 'all' | 'top' = 'all') {
  const info = await probe(file);
  const { width: w, height: h } = info.video!;
  const top = [
    [0, 0],
    [w - 12, 0],
  ];
  const bottom = [
    [0, h - 12],
    [w - 12, h - 12],
  ];
  for (const [x, y] of corners === 'all' ? [...top, ...bottom] : top) {
    const m = mean(await frameAt(file, 1, `crop=12:12:${x}:${y}`));
    m.forEach((v, i) => expect(Math.abs(v - rgb[i]!)).toBeLessThan(16));
  }
  const frame = await frameAt(file, 1, 'null');
  let left = 0;
  for (let i = 0; i < frame.length; i += 3)
    if (screenOfPixel(frame[i]!, frame[i + 1]!, frame[i + 2]!) === 'green') left++;
  expect(left / (frame.length / 3)).toBeLessThan(0.01);
}

describe('backdrops and music', () => {
  it('knows an avatar recorded on a green screen, and one that was not', async () => {
    expect(green).toMatchObject({ status: 2, screen: 'green' });
    expect(plain).toMatchObject({ status: 2, screen: '' });
    const list = await t.call<{ list: Avatar[] }>(listAvatars, { source: '1', limit: 0 }, { token: owner.token });
    expect(list.data.list.find((a) => a.id === green.id)?.screen).toBe('green');
  });

  it('refuses what it cannot make, in Chinese, before holding anything', async () => {
    const before = await balance(owner);
    const refused = async (p: Record<string, string | number>, msg: string, who = owner) => {
      const r = await t.call(saveWork, { api: 'local', voice_id: voiceId, text: SCRIPT, ...p }, { token: who.token });
      expect(r).toMatchObject({ code: 1, msg });
    };
    await refused(
      { video_id: green.id, background_color: '#1664ff', background_id: picture },
      finishMessages.backgroundTwice,
    );
    // Another user's picture is not found; a sound is not a backdrop, a picture is not music.
    await refused({ video_id: green.id, background_id: strangersPicture }, finishMessages.backgroundMissing);
    await refused({ video_id: green.id, background_id: music }, finishMessages.backgroundKind);
    await refused({ video_id: green.id, music_id: picture }, finishMessages.musicKind);
    await refused({ video_id: green.id, music_id: 987654 }, finishMessages.musicMissing);
    const bad = await t.call(saveWork, { video_id: green.id, background_color: 'blue' }, { token: owner.token });
    expect(bad).toMatchObject({ code: 1, msg: expect.stringContaining('背景颜色格式不正确') });
    expect(await balance(owner)).toBe(before);
  });

  it('makes a talking video on the asked colour with the music under the voice', async () => {
    const work = await studioWork(t, owner, {
      api: 'local',
      video_id: green.id,
      voice_id: voiceId,
      text: SCRIPT,
      background_color: '#1664FF',
      music_id: music,
      music_volume: '0.5',
    });
    expect(work.status).toBe(3);
    const row = await rowOf(work.id);
    expect(row.params).toMatchObject({
      backdrop: { color: '#1664ff', fileKey: null, x: 0.5, y: 0.5, scale: 1 },
      music: { volume: 0.5 },
    });
    const file = await videoOf(work.id);
    await expectKeyedOnto(file, BLUE);
    const info = await probe(file);
    expect(info.audio).toBeTruthy();
    // Longer than the 4 s track: the music was looped to the video's length.
    expect(info.duration).toBeGreaterThan(4);
  });

  it('stands the presenter on the caller’s picture, smaller and to the side', async () => {
    const work = await studioWork(t, owner, {
      api: 'local',
      video_id: green.id,
      voice_id: voiceId,
      text: SCRIPT,
      background_id: picture,
      presenter_x: '0.3',
      presenter_scale: '0.5',
    });
    expect(work.status).toBe(3);
    const file = await videoOf(work.id);
    // The right half shows only the picture (a red-brown) now that the presenter stands small on the left.
    const [r, g, b] = mean(await frameAt(file, 1, 'crop=160:600:190:20'));
    expect(r).toBeGreaterThan(170);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(70);
  });

  it('cuts a presenter filmed in a room out of its footage once, and stands it on the colour', async () => {
    expect(filmed).toMatchObject({ status: 2, screen: '' });
    const [before] = await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, filmed.id));
    const filmedBytes = before!.storedBytes;
    const order = { api: 'local', video_id: filmed.id, voice_id: voiceId, text: SCRIPT, background_color: '#1664ff' };
    const work = await studioWork(t, owner, order);
    expect(work.status).toBe(3);
    const file = await videoOf(work.id);
    await expectKeyedOnto(file, BLUE, 'top');
    // Her face is kept as filmed, not the backdrop's blue.
    const face = 'crop=80:80:280:400';
    const filmedFace = mean(await frameAt(path.join(dir, 'a.mp4'), 1, face));
    mean(await frameAt(file, 1, face)).forEach((v, i) => expect(Math.abs(v - filmedFace[i]!)).toBeLessThan(16));
    const avatarRow = async () => (await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, filmed.id)))[0]!;
    const matted = await avatarRow();
    expect(matted.matteKey).toMatch(/matted\.mp4$/);
    // Its bytes are counted to the owner with the avatar's other files.
    expect(matted.storedBytes).toBeGreaterThan(filmedBytes);
    // The matte is kept: the next video on this avatar reuses it and counts no more bytes.
    const again = await studioWork(t, owner, { ...order, background_color: '#ffffff' });
    expect(again.status).toBe(3);
    expect((await avatarRow()).storedBytes).toBe(matted.storedBytes);
    await expectKeyedOnto(await videoOf(again.id), [255, 255, 255], 'top');
  }, 400_000);

  it('builds backdrop, captions and music into the lip-sync engine’s own encode', async () => {
    const actor = await cloneAvatar(t, owner, await screenActorClip(path.join(dir, 'face.mp4'), 6), '绿幕主播');
    expect(actor).toMatchObject({ status: 2, screen: 'green' });
    const work = await studioWork(t, owner, {
      api: 'lipsync',
      video_id: actor.id,
      voice_id: voiceId,
      text: SCRIPT,
      background_color: '#1664ff',
      captions: 1,
      music_id: music,
    });
    expect(work).toMatchObject({ status: 3, captions: 1 });
    const file = await videoOf(work.id);
    await expectKeyedOnto(file, BLUE);
    expect((await probe(file)).audio).toBeTruthy();
    // Preparing a face (its track and mouth index) and rendering its lips: slow on a loaded machine.
  }, 400_000);

  it('puts one backdrop behind every scene of a multi-scene work, screen keyed or person matted', async () => {
    const scene = (videoId: number) => ({ type: 'text' as const, text: SCRIPT, voice_id: voiceId, video_id: videoId });
    const before = await balance(owner);
    const audioOnly = await t.call(
      saveMultiWork,
      { content: JSON.stringify([scene(green.id)]), output_mode: 'audio', background_color: '#1664ff' },
      { token: owner.token },
    );
    expect(audioOnly).toMatchObject({ code: 1, msg: finishMessages.backgroundNotForAudio });
    expect(await balance(owner)).toBe(before);
    // Music alone goes under an audio-only work: mixed once over the joined sound.
    const sound = await t.call<{ id: number }>(
      saveMultiWork,
      { content: JSON.stringify([scene(green.id), scene(green.id)]), output_mode: 'audio', music_id: music },
      { token: owner.token },
    );
    expect(sound.code, sound.msg).toBe(0);
    const r = await t.call<{ id: number }>(
      saveMultiWork,
      {
        api: 'local',
        content: JSON.stringify([scene(green.id), scene(filmed.id)]),
        background_color: '#1664ff',
        music_id: music,
      },
      { token: owner.token },
    );
    expect(r.code, r.msg).toBe(0);
    const done = await multiEnded(r.data.id);
    expect(done.status).toBe(3);
    const file = await videoOf(r.data.id);
    await expectKeyedOnto(file, BLUE);
    const heard = await multiEnded(sound.data.id);
    expect(heard.status).toBe(3);
    const m4a = await probe(await videoOf(sound.data.id));
    expect(m4a.video).toBeFalsy();
    expect(m4a.audio).toMatchObject({ sampleRate: 48000, channels: 2 });
    const info = await probe(file);
    expect(info.audio).toBeTruthy();
    expect(info.duration).toBeGreaterThan(4);
  }, 400_000);
});
