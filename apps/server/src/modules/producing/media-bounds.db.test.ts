import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commonMessages,
  completeUpload,
  filesMessages,
  saveMultiWork,
  saveWork,
  signUpload,
  submitVideoTranslate,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { avatars, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { multipart, storedFiles } from '../files/test-support.js';
import { addVoice, registerUpload } from '../works/testing/studio.js';

/**
 * What decides a price is the media that is really there, and every video processed frame by frame
 * passes one frame-rate floor and pixel-frame ceiling, wherever it comes in: an mp4 with its index first
 * cut to a third of its bytes claims 20 s and holds about 7; a 1 fps video of ten minutes would be
 * prepared as 600 one-second pieces.
 */
let t: TestApp;
let dir: string;
let avatarId: number;
let voiceId: number;
const media: Record<'video' | 'cutVideo' | 'voice' | 'cutVoice' | 'slow' | 'clip', string> = {
  video: '',
  cutVideo: '',
  voice: '',
  cutVoice: '',
  slow: '',
  clip: '',
};

/** 20 s with its index first (as phones and editors write for the web), and a copy cut to a third of its bytes. */
async function completeAndCut(name: string, args: string[]): Promise<[string, string]> {
  const whole = path.join(dir, name);
  await ffmpeg([...args, '-t', '20', '-movflags', '+faststart', whole]);
  const cut = path.join(dir, `cut-${name}`);
  fs.copyFileSync(whole, cut);
  await fs.promises.truncate(cut, Math.floor(fs.statSync(whole).size / 3));
  return [whole, cut];
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-bounds-'));
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000'];
  [media.video, media.cutVideo] = await completeAndCut('talk.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', ...tone],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  ]);
  [media.voice, media.cutVoice] = await completeAndCut('speech.m4a', [...tone, '-c:a', 'aac']);
  media.slow = await makeClip(path.join(dir, 'slow.mp4'), { width: 640, height: 360, seconds: 600, fps: 1 });
  media.clip = await makeClip(path.join(dir, 'clip.mp4'), { width: 640, height: 360, seconds: 10, fps: 25 });
  // Only what is refused or held at submission is looked at: this role runs no jobs, so the engines
  // named here are never called.
  t = await buildTestApp({
    ROLE: 'api',
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: 'http://127.0.0.1:9/v1',
    TEXT_MODEL_URL: 'http://127.0.0.1:9/v1',
  });
  // A public actor already prepared.
  const rows = (await t.ctx.database.db.execute(
    sql`insert into avatars (user_id, name, source, status, source_key, source_name, hs, duration, width, height, fps)
        values (null, ${'演员'}, 2, 2, ${'public/actors/x/source.mp4'}, ${'source.mp4'}, 2, 6, 360, 640, 25) returning id`,
  )) as unknown as { rows: { id: number }[] };
  avatarId = rows.rows[0]!.id;
  voiceId = await addVoice(t, { userId: null });
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);
const worksOf = (m: TestAccount) => t.ctx.database.db.select().from(works).where(eq(works.userId, m.id));
const translate = (m: TestAccount, fileId: number) =>
  t.call<{ id: number; credits: number }>(
    submitVideoTranslate,
    { file_id: fileId, source_lang: 'zh', target_lang: 'en', mode: 2 },
    { token: m.token },
  );
const talk = (m: TestAccount, p: Record<string, string | number>) =>
  t.call<{ id: number; credits: number }>(saveWork, { name: '测试', api: 'local', ...p }, { token: m.token });

/** Signs an upload, posts the file to the storage host as the browser does, and registers it. */
async function upload(m: TestAccount, type: 'video' | 'voice', file: string) {
  const signed = await t.call<UploadSignature>(signUpload, { file_type: type }, { token: m.token });
  const key = `${signed.data.dir}${path.basename(file)}`;
  const { body, contentType } = multipart(
    { key, ...signed.data.fields },
    { content: fs.readFileSync(file), filename: path.basename(file) },
  );
  const posted = await t.app.inject({
    method: 'POST',
    url: new URL(signed.data.host, 'http://x').pathname,
    headers: { 'content-type': contentType },
    payload: body,
  });
  expect(posted.statusCode).toBeLessThan(300);
  return t.call<RegisteredFile>(completeUpload, { file_type: type, url: key }, { token: m.token });
}

/** Runs `check` with the ceiling set to `ceiling` pixel-frames, for members and guests alike. */
async function withCeiling<T>(ceiling: number, check: () => Promise<T>): Promise<T> {
  const kept = { ...t.ctx.config };
  Object.assign(t.ctx.config, { MEDIA_MAX_PIXEL_FRAMES: ceiling, MEDIA_MAX_PIXEL_FRAMES_GUEST: ceiling });
  try {
    return await check();
  } finally {
    Object.assign(t.ctx.config, {
      MEDIA_MAX_PIXEL_FRAMES: kept.MEDIA_MAX_PIXEL_FRAMES,
      MEDIA_MAX_PIXEL_FRAMES_GUEST: kept.MEDIA_MAX_PIXEL_FRAMES_GUEST,
    });
  }
}

describe('a file is charged for what it holds, not what its header claims', () => {
  it('refuses an upload cut short as damaged and keeps nothing of it; a whole one keeps its length', async () => {
    const m = await newAccount(t);
    for (const [type, whole, cut] of [
      ['video', media.video, media.cutVideo],
      ['voice', media.voice, media.cutVoice],
    ] as const) {
      expect(await upload(m, type, cut)).toMatchObject({ code: 1, msg: filesMessages.damagedFile });
      expect(storedFiles(t.ctx.localStorage!.root, `users/${m.id}`)).not.toContain(path.basename(cut));
      const kept = await upload(m, type, whole);
      expect(kept.code, kept.msg).toBe(0);
      expect(kept.data.duration).toBeCloseTo(20, 1);
    }
  });

  it('refuses a translation source cut short, holding nothing; a whole one holds 20 s as before', async () => {
    const m = await newAccount(t, { credits: 1000 });
    // Registered with its header's 20 s, as a file stored before its packets were read would be.
    const cut = await registerUpload(t, m.id, 'video', media.cutVideo);
    expect(await translate(m, cut)).toMatchObject({ code: 1, msg: filesMessages.damagedFile });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
    // 2 credits a second in mode 2; the length it is settled on is the one measured now.
    const whole = await translate(m, await registerUpload(t, m.id, 'video', media.video));
    expect(whole).toMatchObject({ code: 0, data: { credits: 40 } });
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, whole.data.id));
    expect(row!.params.sourceSeconds).toBeCloseTo(20, 1);
  });

  it('refuses a talking video driven by a recording cut short, holding nothing; a whole one holds what it did', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const cut = await registerUpload(t, m.id, 'voice', media.cutVoice);
    expect(await talk(m, { video_id: avatarId, material_audio_id: cut })).toMatchObject({
      code: 1,
      msg: filesMessages.damagedFile,
    });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
    // 20 s at the local channel's 1 credit a second, held with its 25 % headroom.
    const whole = await registerUpload(t, m.id, 'voice', media.voice);
    expect(await talk(m, { video_id: avatarId, material_audio_id: whole })).toMatchObject({
      code: 0,
      data: { credits: 25 },
    });
  });
});

describe('one frame-rate floor and pixel-frame ceiling for every heavy video', () => {
  it('refuses a 1 fps video as the material of a work and as a translation source, holding nothing', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const fileId = await registerUpload(t, m.id, 'video', media.slow);
    await t.ctx.database.db.execute(
      sql`insert into materials (user_id, file_id, type, name, source) values (${m.id}, ${fileId}, 'video', ${'慢视频'}, 'upload')`,
    );
    const fpsTooLow = commonMessages.mediaFpsTooLow(t.config.MEDIA_MIN_FPS);
    expect(await talk(m, { material_video_id: fileId, voice_id: voiceId, text: '大家好' })).toMatchObject({
      code: 1,
      msg: fpsTooLow,
    });
    expect(await translate(m, fileId)).toMatchObject({ code: 1, msg: fpsTooLow });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
    // Nothing was set to prepare it either.
    expect(await t.ctx.database.db.select().from(avatars).where(eq(avatars.userId, m.id))).toHaveLength(0);
  });

  it('refuses a material video and a translation source past the pixel-frame ceiling, holding nothing', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const fileId = await registerUpload(t, m.id, 'video', media.clip);
    await t.ctx.database.db.execute(
      sql`insert into materials (user_id, file_id, type, name, source) values (${m.id}, ${fileId}, 'video', ${'素材'}, 'upload')`,
    );
    // 640×360 at 25 fps for 10 s, with a ceiling of 9 s of it.
    const refused = await withCeiling(640 * 360 * 25 * 9, async () => [
      await talk(m, { material_video_id: fileId, voice_id: voiceId, text: '大家好' }),
      await translate(m, fileId),
    ]);
    for (const r of refused) expect(r).toMatchObject({ code: 1, msg: commonMessages.mediaTooCostly });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
  });
});

describe('what a work renders passes the same pixel-frame ceiling', () => {
  /** The prepared actor (360×640 at 25 fps) speaking for `seconds`. */
  const actorCost = (seconds: number) => 360 * 640 * 25 * seconds;

  it('refuses a talking video whose recording would render the avatar past the ceiling, holding nothing', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const voice = await registerUpload(t, m.id, 'voice', media.voice);
    const order = { video_id: avatarId, material_audio_id: voice };
    // The 20 s recording on the actor, with a ceiling of 19 s of it: refused; of 21 s: taken.
    expect(await withCeiling(actorCost(19), () => talk(m, order))).toMatchObject({
      code: 1,
      msg: commonMessages.renderTooCostly,
    });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
    expect(await withCeiling(actorCost(21), () => talk(m, order))).toMatchObject({ code: 0, data: { credits: 25 } });
  });

  it('refuses a photo video past the ceiling, counted at the size and rate of the clip it renders', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const [photo] = (
      (await t.ctx.database.db.execute(
        sql`insert into photos (user_id, type, source, name, image_key, width, height)
            values (null, 1, 2, ${'照片'}, ${'public/photos/x.jpg'}, 2560, 1920) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const voice = await registerUpload(t, m.id, 'voice', media.voice);
    const order = { photo_id: photo!.id, material_audio_id: voice };
    // The local channel renders a 2560×1920 picture as a 960×720 clip at 25 fps: 20 s of it.
    const clipCost = 960 * 720 * 25 * 20;
    expect(await withCeiling(clipCost * 0.95, () => talk(m, order))).toMatchObject({
      code: 1,
      msg: commonMessages.renderTooCostly,
    });
    expect(await balance(m)).toBe(1000);
    expect(await worksOf(m)).toHaveLength(0);
    // Well under the picture's own 2560×1920 for 20 s: the clip is what is counted.
    const taken = await withCeiling(clipCost * 1.05, () => talk(m, order));
    expect(taken.code, taken.msg).toBe(0);
    expect(await balance(m)).toBe(1000 - taken.data.credits);
  });

  it('refuses a multi-scene work whose scenes together pass the ceiling, though each alone would not', async () => {
    const m = await newAccount(t, { credits: 2000 });
    const voice = await registerUpload(t, m.id, 'voice', media.voice);
    const scene = { type: 'audio', file_id: voice, video_id: avatarId };
    const order = { api: 'local', output_mode: 'video', content: JSON.stringify([scene, scene]) };
    const multi = () =>
      t.call<{ id: number; credits: number }>(saveMultiWork, { name: '多场景', ...order }, { token: m.token });
    expect(await withCeiling(actorCost(30), multi)).toMatchObject({ code: 1, msg: commonMessages.renderTooCostly });
    expect(await balance(m)).toBe(2000);
    expect(await worksOf(m)).toHaveLength(0);
    const taken = await withCeiling(actorCost(41), multi);
    expect(taken.code, taken.msg).toBe(0);
  });
});
