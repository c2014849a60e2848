import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteAvatar,
  embedLiveAvatar,
  publishLiveConfig,
  saveLiveConfig,
  type LiveConfig,
  liveAtlasMeta,
  liveAvatar,
  liveAvatarMessages,
  type Avatar,
  type LiveAvatarAssets,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { avatars, users } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { faceClip } from '../../engines/talking-face/testing/media.js';
import { ffmpeg, runTool } from '../../platform/media/ffmpeg.js';
import { cloneAvatar } from '../works/testing/studio.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo } from './repo.js';

let t: TestApp;
let media: string;
let alice: TestAccount;
let bob: TestAccount;
let face: Avatar;

const rowOf = async (id: number) => (await avatarsRepo.find(t.ctx.database.db, id))!;
const usedBytes = async (id: number) =>
  (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.storageUsedBytes;
const live = (who: TestAccount, avatarId: number) =>
  t.call<LiveAvatarAssets>(liveAvatar, { avatar_id: avatarId }, { token: who.token });
/** The local file behind a storage URL the reply hands out. */
const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname).replace(/^\/files\//, '');

beforeAll(async () => {
  // The lip-sync channel on: preparation finds the face the live assets are made from.
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local,lipsync=lipsync' });
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'live-assets-'));
  alice = await newAccount(t);
  bob = await newAccount(t);
  face = await cloneAvatar(t, alice, await faceClip(path.join(media, 'face.mp4'), 5.2), '主播');
}, 300_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

describe('live avatar assets', () => {
  it('are made at the first live use, counted to the owner, and handed to the owner', async () => {
    expect(face.status).toBe(AVATAR_STATUS.ready);
    // Preparation leaves them to the first live use: most avatars are never used live.
    expect((await rowOf(face.id)).liveKey).toBeNull();
    const bytesBefore = (await rowOf(face.id)).storedBytes;
    const r = await live(alice, face.id);
    expect(r.code).toBe(0);
    const row = await rowOf(face.id);
    expect(row.liveKey).toBe(`users/${alice.id}/avatars/${face.id}/live-meta.json`);
    expect(row.storedBytes).toBeGreaterThan(bytesBefore);
    expect(await usedBytes(alice.id)).toBe(row.storedBytes);
    const { meta, loop, atlas } = r.data;
    expect(liveAtlasMeta.parse(meta)).toEqual(meta);
    expect(meta.sprites.length).toBeGreaterThanOrEqual(8);
    expect(meta.track).toHaveLength(row.frameCount);
    expect(meta.loop.frames).toBe(2 * row.frameCount);
    // The loop plays: H.264, every frame of both directions, no sound.
    const loopFile = t.ctx.localStorage!.pathOf(keyOf(loop));
    const probed = JSON.parse(
      (
        await runTool('ffprobe', [
          '-v',
          'error',
          '-count_frames',
          '-show_entries',
          'stream=codec_type,codec_name,nb_read_frames,width,height',
          '-of',
          'json',
          loopFile,
        ])
      ).toString(),
    ) as {
      streams: { codec_type: string; codec_name: string; nb_read_frames: string; width: number; height: number }[];
    };
    expect(probed.streams).toHaveLength(1);
    expect(probed.streams[0]).toMatchObject({
      codec_type: 'video',
      codec_name: 'h264',
      width: meta.loop.width,
      height: meta.loop.height,
    });
    expect(Number(probed.streams[0]!.nb_read_frames)).toBe(2 * row.frameCount);
    // The atlas decodes at the size the meta says.
    const pixels = await ffmpeg([
      '-i',
      t.ctx.localStorage!.pathOf(keyOf(atlas)),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-',
    ]);
    expect(pixels.length).toBe(meta.atlas.width * meta.atlas.height * 4);
    // The browser fetches them.
    const got = await t.app.inject({ method: 'GET', url: atlas });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // Asked again: the same files, not made or counted again.
    const again = await live(alice, face.id);
    expect(again.data.meta).toEqual(meta);
    expect((await rowOf(face.id)).storedBytes).toBe(row.storedBytes);
  });

  it("refuses another user's avatar and unknown ones with a message", async () => {
    for (const id of [face.id, 999_999]) {
      const r = await live(bob, id);
      expect(r).toMatchObject({ code: 1, msg: liveAvatarMessages.avatarMissing });
    }
  });

  it('builds once when two first uses come together, counting the bytes once', async () => {
    const before = await rowOf(face.id);
    /** The bytes of the live files in storage now. */
    const stored = async () =>
      (
        await Promise.all(
          ['live-loop.mp4', 'live-atlas.png', 'live-meta.json'].map((f) =>
            t.ctx.storage.head(`users/${alice.id}/avatars/${face.id}/${f}`),
          ),
        )
      ).reduce((n, o) => n + (o?.size ?? 0), 0);
    // As an avatar prepared before live assets existed: none recorded, none counted.
    const counted = await stored();
    await t.ctx.database.db
      .update(avatars)
      .set({ liveKey: null, storedBytes: before.storedBytes - counted })
      .where(eq(avatars.id, face.id));
    await t.ctx.database.db
      .update(users)
      .set({ storageUsedBytes: (await usedBytes(alice.id)) - counted })
      .where(eq(users.id, alice.id));
    const [a, b] = await Promise.all([live(alice, face.id), live(alice, face.id)]);
    expect(a.code).toBe(0);
    expect(b.data.meta).toEqual(a.data.meta);
    const after = await rowOf(face.id);
    expect(after.liveKey).not.toBeNull();
    // The files made again may differ by a few bytes from the first ones (the encoder's own choices):
    // what counts is that the ones stored now are counted once.
    expect(after.storedBytes).toBe(before.storedBytes - counted + (await stored()));
    expect(await usedBytes(alice.id)).toBe(after.storedBytes);
  }, 180_000);

  it('serves a public actor to anyone, built at its first use under the public folder', async () => {
    const own = await rowOf(face.id);
    const actor = await avatarsRepo.insert(t.ctx.database.db, {
      ...Object.fromEntries(
        Object.entries(own).filter(([k]) => !['id', 'userId', 'liveKey', 'createdAt', 'updatedAt'].includes(k)),
      ),
      name: '公共主播',
      userId: null,
      source: AVATAR_SOURCE.public,
      seedKey: 'live-test-actor',
      storedBytes: 0,
      sourceKey: own.sourceKey,
    });
    const r = await live(bob, actor.id);
    expect(r.code).toBe(0);
    expect(r.data.meta.sprites.length).toBeGreaterThanOrEqual(8);
    const row = await rowOf(actor.id);
    expect(row.liveKey).toBe('public/actors/live-test-actor/live-meta.json');
    expect(row.storedBytes).toBe(0);
    // Hidden by the operator: no longer offered.
    await t.ctx.database.db.update(avatars).set({ hidden: 1 }).where(eq(avatars.id, actor.id));
    expect(await live(bob, actor.id)).toMatchObject({ code: 1, msg: liveAvatarMessages.avatarMissing });
  }, 180_000);

  it("hands a published widget's avatar to the sites it lists, without a login", async () => {
    const { rows } = (await t.ctx.database.executor.executeSql(
      'select id from voices where user_id is null order by id limit 1',
      [],
    )) as { rows: { id: number }[] };
    const config = await t.call<LiveConfig>(
      saveLiveConfig,
      { name: '前台', avatar_id: face.id, voice_id: rows[0]!.id, source: 1 },
      { token: alice.token },
    );
    expect(config.code, config.msg).toBe(0);
    const pub = await t.call<{ key: string }>(
      publishLiveConfig,
      { id: config.data.id, enabled: 1, origins: 'https://shop.example.com' },
      { token: alice.token },
    );
    expect(pub.code, pub.msg).toBe(0);
    // Called from the shop's page (its Origin), as the widget's loader does.
    const asked = <T>(origin: string) => t.call<T>(embedLiveAvatar, { key: pub.data.key }, { origin });
    const r = await asked<LiveAvatarAssets>('https://shop.example.com');
    expect(r.code, r.msg).toBe(0);
    expect((await asked('https://evil.example.com')).code).toBe(1);
    expect(r.data.meta.sprites.length).toBeGreaterThanOrEqual(8);
    expect((await live(alice, face.id)).data.meta).toEqual(r.data.meta);
  }, 120_000);

  it('says so for footage without a face', async () => {
    const pattern = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'pattern.mp4'), { width: 360, height: 640, seconds: 5.5 }),
      '图案',
    );
    expect(await live(alice, pattern.id)).toMatchObject({ code: 1, msg: liveAvatarMessages.noFace });
  }, 180_000);

  it('are deleted with the avatar', async () => {
    const row = await rowOf(face.id);
    const used = await usedBytes(alice.id);
    const keys = ['live-loop.mp4', 'live-atlas.png', 'live-meta.json'].map(
      (f) => `users/${alice.id}/avatars/${face.id}/${f}`,
    );
    for (const k of keys) expect(await t.ctx.storage.head(k)).not.toBeNull();
    expect(row.liveKey).not.toBeNull();
    const r = await t.call(deleteAvatar, { id: face.id }, { token: alice.token });
    expect(r.code).toBe(0);
    for (const k of keys) expect(await t.ctx.storage.head(k)).toBeNull();
    expect(await usedBytes(alice.id)).toBe(used - row.storedBytes);
  });
});
