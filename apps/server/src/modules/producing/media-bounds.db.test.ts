import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commonMessages,
  completeUpload,
  filesMessages,
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
const media: Record<'video' | 'cutVideo' | 'voice' | 'cutVoice' | 'slow', string> = {
  video: '',
  cutVideo: '',
  voice: '',
  cutVoice: '',
  slow: '',
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
});
