import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Avatar, type Work } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { avatars, works } from '../../db/schema/index.js';
import { LIPSYNC_ENGINE_ID } from '../../engines/avatar/local-lipsync.js';
import { faceClip } from '../../engines/talking-face/testing/media.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { addVoice, cloneAvatar, studioWork } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * The lip-sync channel finds an avatar's face at its preparation and keeps it on the avatar; an avatar
 * without it (prepared before the channel was on) gets it found at its first render and kept.
 */
let t: TestApp;
let dir: string;
let owner: TestAccount;
let avatar: Avatar;
let voiceId: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lipsync-work-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local,lipsync=lipsync' });
  owner = await newAccount(t, { credits: 1000 });
  avatar = await cloneAvatar(t, owner, await faceClip(path.join(dir, 'face.mp4'), 6));
  voiceId = await addVoice(t, { userId: owner.id });
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const lipsyncPart = async () =>
  (await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, avatar.id)))[0]!.engineData[LIPSYNC_ENGINE_ID];

const render = (name: string): Promise<Work> =>
  studioWork(t, owner, {
    name,
    video_id: avatar.id,
    voice_id: voiceId,
    text: '大家好，欢迎来到数字人视频平台。',
    api: 'lipsync',
  });

describe('the lip-sync channel and the face track', () => {
  it('renders from the track found at preparation; an avatar without one gets it at its first render, kept for the next', async () => {
    const prepared = await lipsyncPart();
    expect(prepared).toMatchObject({ track: expect.any(String), faces: 1 });

    // As if prepared before the channel was on.
    const { [LIPSYNC_ENGINE_ID]: _dropped, ...rest } = (
      await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, avatar.id))
    )[0]!.engineData;
    await t.ctx.database.db.update(avatars).set({ engineData: rest }).where(eq(avatars.id, avatar.id));
    expect(await lipsyncPart()).toBeUndefined();

    const first = await render('第一条');
    expect(first.status, first.fail_reason).toBe(3);
    const kept = await lipsyncPart();
    expect(kept).toMatchObject({ track: expect.any(String), faces: 1 });
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, first.id));
    const info = await probe(t.ctx.localStorage!.pathOf(row!.videoKey!));
    expect(info.video && info.audio && info.duration > 1).toBeTruthy();

    const second = await render('第二条');
    expect(second.status, second.fail_reason).toBe(3);
    expect(await lipsyncPart()).toEqual(kept);
  }, 900_000);
});
