import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors, openApiUnsupported, type Avatar } from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { avatars, creditLogs, creditReservations, multiScenes, works } from '../../db/schema/index.js';
import { makeClip, makeScreenClip, makeTone } from '../../engines/avatar/testing/media.js';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { apiCall, apiVideoEnded, newApiKey } from './testing/api.js';
import { injectFetch } from './testing/inject-fetch.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: string;
let bobKey: string;
let avatar: Avatar;
let bobAvatar: number;
let voice: number;
let bobVoice: number;
let aliceAudio: string;
let alicePicture: string;
let greenAvatar: Avatar;

const db = () => t.ctx.database.db;
const balance = (who: TestAccount) => testLedger(db()).balance(who.id);
const generate = (key: string, json: unknown, headers: Record<string, string> = {}) =>
  apiCall<{ video_id: string }>(t, key, 'POST', '/v2/video/generate', { json, headers });
const textScene = (o: { avatar?: string; voice?: string } = {}) => ({
  character: { type: 'avatar', avatar_id: o.avatar ?? String(avatar.id), avatar_style: 'normal' },
  voice: { type: 'text', voice_id: o.voice ?? String(voice), input_text: '大家好，欢迎来到直播间。', speed: 1.1 },
});
const ended = (key: string, id: string) => apiVideoEnded(t, key, id);
/** A video once completed: its row, its file here and what ffprobe finds in it. */
async function made(id: string) {
  expect((await ended(aliceKey, id)).status).toBe('completed');
  const [row] = await db()
    .select()
    .from(works)
    .where(eq(works.id, Number(id)));
  const file = (await t.ctx.storage.toLocalFile(row!.videoKey!, dir)).path;
  return { row: row!, file, info: await probe(file) };
}
/** One second in, the frame's RGB bytes inside `crop`. */
const frameAt = (file: string, crop: string) =>
  ffmpeg(['-ss', '1', '-i', file, '-frames:v', '1', '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
const refused = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code } },
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-generate-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local' });
  alice = await newAccount(t, { credits: 2000 });
  bob = await newAccount(t, { credits: 100 });
  [aliceKey, bobKey] = [await newApiKey(t, alice), await newApiKey(t, bob)];
  avatar = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  const [b] = await db()
    .insert(avatars)
    .values({ userId: bob.id, name: 'bob', source: 1, status: 2, sourceKey: 'users/x/b.mp4' })
    .returning({ id: avatars.id });
  bobAvatar = b!.id;
  voice = await addVoice(t, { userId: null });
  bobVoice = await addVoice(t, { userId: bob.id });
  const tone = await makeTone(path.join(dir, 'tone.m4a'), 6);
  const asset = await apiCall<{ id: string }>(t, aliceKey, 'POST', '/v1/asset', {
    body: fs.readFileSync(tone),
    contentType: 'audio/mp4',
  });
  aliceAudio = asset.body.data.id;
  greenAvatar = await cloneAvatar(t, alice, await makeScreenClip(path.join(dir, 'g.mp4'), { seconds: 6 }), '绿幕');
  const png = path.join(dir, 'bg.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xd03020:s=320x320', '-frames:v', '1', png]);
  const picture = await apiCall<{ id: string }>(t, aliceKey, 'POST', '/v1/asset', {
    body: fs.readFileSync(png),
    contentType: 'image/png',
  });
  alicePicture = picture.body.data.id;
}, 300_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /v2/video/generate: what is refused', () => {
  it('refuses another account’s avatar, voice and asset, and what is not offered, holding nothing', async () => {
    const before = await balance(bob);
    // Alice's avatar is not found for bob, nor his for her.
    expect(await generate(bobKey, { video_inputs: [textScene()] })).toMatchObject(refused('avatarMissing'));
    expect(await generate(aliceKey, { video_inputs: [textScene({ avatar: String(bobAvatar) })] })).toMatchObject(
      refused('avatarMissing'),
    );
    expect(await generate(aliceKey, { video_inputs: [textScene({ voice: String(bobVoice) })] })).toMatchObject(
      refused('voiceMissing'),
    );
    const bobsAsset = { ...textScene(), voice: { type: 'audio', audio_asset_id: aliceAudio } };
    expect(
      await generate(bobKey, {
        video_inputs: [{ ...bobsAsset, character: textScene({ avatar: String(bobAvatar) }).character }],
      }),
    ).toMatchObject(refused('assetMissing'));
    const unsupported = (what: keyof typeof openApiUnsupported) => ({
      status: 400,
      body: { error: { code: 'unsupported_feature', message: openApiUnsupported[what].zh } },
    });
    expect(
      await generate(aliceKey, {
        video_inputs: [
          textScene(),
          { ...textScene(), character: { type: 'talking_photo', talking_photo_id: '99999999' } },
        ],
      }),
    ).toMatchObject(refused('talkingPhotoMissing'));
    expect(
      await generate(aliceKey, {
        video_inputs: [{ ...textScene(), background: { type: 'image', url: 'https://example.com/a.png' } }],
      }),
    ).toMatchObject(unsupported('background'));
    // Another account's picture is not found; moving the avatar without a backdrop is not offered.
    expect(
      await generate(bobKey, {
        video_inputs: [
          {
            ...textScene(),
            character: textScene({ avatar: String(bobAvatar) }).character,
            background: { type: 'image', image_asset_id: alicePicture },
          },
        ],
      }),
    ).toMatchObject(refused('assetMissing'));
    expect(
      await generate(aliceKey, {
        video_inputs: [{ ...textScene(), character: { ...textScene().character, scale: 0.5 } }],
      }),
    ).toMatchObject(unsupported('avatarStyle'));
    expect(await generate(aliceKey, { video_inputs: [textScene()], test: true })).toMatchObject(
      unsupported('testMode'),
    );
    expect(await generate(aliceKey, { video_inputs: [textScene()], caption: 'yes' })).toMatchObject(
      refused('invalidParameter'),
    );
    expect(await generate(aliceKey, { video_inputs: [] })).toMatchObject(refused('invalidParameter'));
    expect(await generate(aliceKey, { video_inputs: Array.from({ length: 51 }, () => textScene()) })).toMatchObject(
      refused('invalidParameter'),
    );
    expect(await generate(aliceKey, { video_inputs: [textScene()], aspect: '16:9' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_parameter' } },
    });
    expect(await balance(bob)).toBe(before);
    expect(await db().select().from(works).where(eq(works.userId, alice.id))).toHaveLength(0);
  });
});

describe('POST /v2/video/generate: one scene', () => {
  it('makes one video and charges once for 50 parallel calls with one Idempotency-Key; credits are exact', async () => {
    const before = await balance(alice);
    const body = { video_inputs: [textScene()], title: '接口视频', callback_id: 'order-42' };
    const headers = { 'idempotency-key': 'order-42-attempt' };
    const replies = await Promise.all(Array.from({ length: 50 }, () => generate(aliceKey, body, headers)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const ids = new Set(replies.map((r) => r.body.data.video_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    expect(replies[0]!.body).toEqual({ error: null, data: { video_id: id } });
    const rows = await db().select().from(works).where(eq(works.userId, alice.id));
    expect(rows).toHaveLength(1);
    const holds = await db().select().from(creditReservations).where(eq(creditReservations.userId, alice.id));
    expect(holds).toHaveLength(1);
    expect(holds[0]!.actionName).toMatch(/（API）$/);
    // The same key with another body is refused; a repeat after it still gets the first answer.
    expect(await generate(aliceKey, { ...body, title: '另一个' }, headers)).toMatchObject(
      refused('idempotencyMismatch'),
    );
    expect((await generate(aliceKey, body, headers)).body.data.video_id).toBe(id);

    const done = await ended(aliceKey, id);
    expect(done).toMatchObject({ status: 'completed', callback_id: 'order-42' });
    const [row] = await db()
      .select()
      .from(works)
      .where(eq(works.id, Number(id)));
    expect(row!.creditsCharged).toBeGreaterThan(0);
    expect(await balance(alice)).toBe(before - row!.creditsCharged);
    const lines = await db().select().from(creditLogs).where(like(creditLogs.jobKey, row!.jobKey));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.actionName.includes('（API）'))).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.credits, 0)).toBe(-row!.creditsCharged);
  }, 300_000);
});

describe('POST /v2/video/generate: captions', () => {
  it('burns the studio’s captions in and keeps their SRT with the video when caption is true', async () => {
    const r = await generate(aliceKey, { video_inputs: [textScene()], caption: true });
    const { row } = await made(r.body.data.video_id);
    const p = row.params as { captions?: unknown; files: string[] };
    expect(p.captions).toBeTruthy();
    expect(p.files.some((f) => f.endsWith('captions.srt'))).toBe(true);
    const srt = await t.ctx.storage.toLocalFile(
      p.files.find((f) => f.endsWith('captions.srt'))!,
      dir,
    );
    expect(fs.readFileSync(srt.path, 'utf8')).toContain('欢迎来到直播间');
    // The status gives a signed link to the same SRT; a video without captions has none.
    const status = await ended(aliceKey, r.body.data.video_id);
    const link = await injectFetch(t.app)(new Request(status.caption_url!));
    expect(link.status).toBe(200);
    expect(await link.text()).toContain('欢迎来到直播间');
  }, 300_000);
});

describe('POST /v2/video/generate: a picture background', () => {
  it('stands a green-screen avatar on an uploaded picture at the scale and offset asked, its screen keyed out', async () => {
    const r = await generate(aliceKey, {
      video_inputs: [
        {
          character: { type: 'avatar', avatar_id: String(greenAvatar.id), scale: 0.5, offset: { x: -0.2, y: 0 } },
          voice: { type: 'silence', duration: 2 },
          background: { type: 'image', image_asset_id: alicePicture },
        },
      ],
    });
    expect(r.status).toBe(200);
    const { row, file, info } = await made(r.body.data.video_id);
    expect(row.params).toMatchObject({ backdrop: { x: 0.3, y: 0.5, scale: 0.5, fileKind: 'image' } });
    expect(info.video).toMatchObject({ width: 360, height: 640 });
    // Half size, a fifth of the frame to the left: the right half is only the picture.
    const rgb = await frameAt(file, 'crop=150:600:200:20');
    const mean = [0, 1, 2].map((c) => rgb.reduce((n, v, i) => (i % 3 === c ? n + v : n), 0) / (rgb.length / 3));
    expect(mean[0]).toBeGreaterThan(170);
    expect(mean[1]).toBeLessThan(80);
  }, 300_000);
});

describe('POST /v2/video/generate: a silent scene', () => {
  it('makes a talking video of silence in a landscape frame', async () => {
    const r = await generate(aliceKey, {
      video_inputs: [
        {
          character: textScene().character,
          voice: { type: 'silence', duration: 2 },
          background: { type: 'color', value: '#0000ff' },
        },
      ],
      dimension: { width: 641, height: 360 },
    });
    const { row, info } = await made(r.body.data.video_id);
    expect(row).toMatchObject({ kind: 'talking' });
    expect((await ended(aliceKey, r.body.data.video_id)).caption_url).toBeNull();
    // Sides are kept even for the encoder.
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(info.duration).toBeGreaterThan(1.5);
    expect(info.duration).toBeLessThan(3);
  }, 300_000);
});

describe('POST /v2/video/generate: several scenes', () => {
  it('makes a multi-scene video from an audio asset and silence, fitted into the frame on the colour asked for', async () => {
    const before = await balance(alice);
    const scene = textScene().character;
    const r = await generate(aliceKey, {
      video_inputs: [
        {
          character: scene,
          voice: { type: 'audio', audio_asset_id: aliceAudio },
          background: { type: 'color', value: '#00FF00' },
        },
        { character: scene, voice: { type: 'silence', duration: 2 }, background: { type: 'color', value: '#00FF00' } },
      ],
      dimension: { width: 480, height: 480 },
    });
    expect(r.status).toBe(200);
    const { row, info, file } = await made(r.body.data.video_id);
    expect(row).toMatchObject({ kind: 'multi' });
    expect(info.video).toMatchObject({ width: 480, height: 480 });
    expect(info.audio).toBeTruthy();
    expect(info.duration).toBeGreaterThan(7);
    expect(info.duration).toBeLessThan(9.5);
    // The portrait avatar is fitted into the square: the colour fills its sides.
    const pixel = await frameAt(file, 'crop=4:4:4:238');
    const [red, green, blue] = [pixel[0]!, pixel[1]!, pixel[2]!];
    expect(green).toBeGreaterThan(200);
    expect(red).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
    expect(await balance(alice)).toBe(before - row.creditsCharged);
  }, 300_000);

  it('stands each scene of a multi-scene video on its own background', async () => {
    const onScreen = { type: 'avatar', avatar_id: String(greenAvatar.id) };
    const r = await generate(aliceKey, {
      video_inputs: [
        {
          character: onScreen,
          voice: { type: 'silence', duration: 2 },
          background: { type: 'color', value: '#0000FF' },
        },
        {
          character: onScreen,
          voice: { type: 'silence', duration: 2 },
          background: { type: 'color', value: '#FF0000' },
        },
      ],
    });
    expect(r.status).toBe(200);
    const { row, file, info } = await made(r.body.data.video_id);
    expect(row.params).toMatchObject({ backdrop: null });
    const scenes = await db()
      .select()
      .from(multiScenes)
      .where(eq(multiScenes.workId, row.id))
      .orderBy(multiScenes.position);
    expect(scenes.map((s) => (s.backdrop as { color: string }).color)).toEqual(['#0000ff', '#ff0000']);
    expect(info.duration).toBeCloseTo(scenes[0]!.duration + scenes[1]!.duration, 0);
    // A corner of a frame from each scene: the screen keyed out, that scene's colour behind.
    const corner = async (at: number) =>
      ffmpeg([
        '-ss',
        String(at),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'crop=4:4:2:2',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ]);
    const [blue, red] = [await corner(1), await corner(scenes[0]!.duration + 1)];
    expect([blue[0]! < 60, blue[1]! < 60, blue[2]! > 200]).toEqual([true, true, true]);
    expect([red[0]! > 200, red[1]! < 60, red[2]! < 60]).toEqual([true, true, true]);
  }, 300_000);
});
