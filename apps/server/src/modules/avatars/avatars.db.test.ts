import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAvatar,
  deleteAvatar,
  listAvatars,
  studioMessages,
  type Avatar,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { avatars, users } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { probe, runTool } from '../../platform/media/ffmpeg.js';
import { cloneAvatar, registerUpload } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let media: string;
let alice: TestAccount;
let bob: TestAccount;
let portrait: Avatar;

beforeAll(async () => {
  t = await buildTestApp();
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'avatars-media-'));
  alice = await newAccount(t);
  bob = await newAccount(t);
  portrait = await cloneAvatar(
    t,
    alice,
    await makeClip(path.join(media, 'portrait.mp4'), { width: 360, height: 640, seconds: 6 }),
    '竖屏分身',
  );
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

const own = (m: TestAccount, extra: Record<string, string | number> = {}) =>
  t.call<{ list: Avatar[]; hlist: Avatar[]; slist: Avatar[]; total: number; generate: number }>(
    listAvatars,
    { source: '1', limit: 0, ...extra },
    { token: m.token },
  );

describe('avatar cloning', () => {
  it('prepares a ready avatar with stored mezzanine, reversed copy and covers under the owner', async () => {
    expect(portrait).toMatchObject({ status: 2, hs: 2, width: 360, height: 640, source: 1, fail_reason: '' });
    expect(portrait.duration).toBeCloseTo(6, 1);
    const [row] = await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, portrait.id));
    for (const key of [row!.mezzanineKey, row!.reversedKey, row!.coverKey, row!.coverSmallKey]) {
      expect(key).toMatch(new RegExp(`^users/${alice.id}/avatars/${portrait.id}/`));
      expect(await t.ctx.storage.head(key!)).not.toBeNull();
    }
    const mezz = await probe(t.ctx.localStorage!.pathOf(row!.mezzanineKey!));
    expect(mezz.video?.codec).toBe('h264');
    expect(mezz.audio).toBeUndefined();
    const [u] = await t.ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(u!.storageUsedBytes).toBe(row!.storedBytes);
    expect(row!.storedBytes).toBeGreaterThan(0);
  });

  it('signs every URL afresh and splits lists by orientation', async () => {
    const landscape = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'land.mp4'), { width: 640, height: 360, seconds: 5.5 }),
      '横屏分身',
    );
    expect(landscape.hs).toBe(1);
    const r = await own(alice);
    expect(r.data).toMatchObject({ total: 2, generate: 0 });
    expect(r.data.hlist.map((a) => a.id)).toEqual([landscape.id]);
    expect(r.data.slist.map((a) => a.id)).toEqual([portrait.id]);
    expect(r.data.list[0]!.url).toMatch(/^\/files\/users\/.+\?expires=\d+&sig=/);
    const fetched = await t.app.inject({ method: 'GET', url: r.data.list[0]!.cover });
    expect(fetched.statusCode).toBe(200);
    expect((await own(alice, { name: '横屏' })).data.list.map((a) => a.id)).toEqual([landscape.id]);
    expect((await own(alice, { hs: '2' })).data.list.map((a) => a.id)).toEqual([portrait.id]);
    expect((await own(bob)).data.total).toBe(0);
  });

  it('refuses HDR and too-short videos with a readable reason', async () => {
    const hdr = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'hdr.mp4'), { seconds: 6, transfer: 'smpte2084' }),
      'HDR',
    );
    expect(hdr).toMatchObject({ status: 3, fail_reason: avatarMessages.sourceHdr });
    // Too short is known from the probe at creation: refused before anything is queued.
    const shortId = await registerUpload(
      t,
      alice.id,
      'video',
      await makeClip(path.join(media, 'short.mp4'), { seconds: 3 }),
    );
    expect(await t.call(createAvatar, { name: '短', file_id: shortId }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: avatarMessages.sourceTooShort,
    });
  });

  it('checks the name and that the upload is the video of the caller', async () => {
    const fileId = await registerUpload(t, bob.id, 'video', path.join(media, 'portrait.mp4'));
    expect(await t.call(createAvatar, { name: '  ', file_id: fileId }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: studioMessages.avatarNameRequired,
    });
    expect(await t.call(createAvatar, { name: '偷来的', file_id: fileId }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: studioMessages.avatarVideoRequired,
    });
    const ok = await t.call<{ id: number }>(createAvatar, { name: '分身', file_id: fileId }, { token: bob.token });
    expect(ok).toMatchObject({ code: 0, msg: studioMessages.cloneStarted });
    const listed = await own(bob);
    expect(listed.data.list[0]).toMatchObject({ id: ok.data.id });
  });

  it('lets only the owner delete, removing the files and freeing the bytes', async () => {
    expect(await t.call(deleteAvatar, { id: portrait.id }, { token: bob.token })).toMatchObject({
      code: 1,
      msg: studioMessages.avatarMissing,
    });
    const [row] = await t.ctx.database.db.select().from(avatars).where(eq(avatars.id, portrait.id));
    const [before] = await t.ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(await t.call(deleteAvatar, { id: portrait.id }, { token: alice.token })).toMatchObject({
      code: 0,
      msg: studioMessages.deleted,
    });
    expect(await t.ctx.storage.head(row!.mezzanineKey!)).toBeNull();
    const [after] = await t.ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(before!.storageUsedBytes - after!.storageUsedBytes).toBe(row!.storedBytes);
    expect(await t.call(deleteAvatar, { id: portrait.id }, { token: alice.token })).toMatchObject({
      code: 1,
      msg: studioMessages.avatarMissing,
    });
  });
});

describe('preparation bounded by cost', () => {
  const create = (m: TestAccount, fileId: number, name = '分身') =>
    t.call<{ id: number }>(createAvatar, { name, file_id: fileId }, { token: m.token });

  it('refuses the 4K, 1 fps, 600 s black video at once, before any work is queued', async () => {
    const file = path.join(media, 'black-4k.mp4');
    await runTool(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=black:s=3840x2160:r=1',
        '-t',
        '600',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        file,
      ],
      { timeoutMs: 300_000 },
    );
    expect(fs.statSync(file).size).toBeLessThan(2_000_000);
    const carol = await newAccount(t);
    const fileId = await registerUpload(t, carol.id, 'video', file);
    const started = Date.now();
    expect(await create(carol, fileId)).toMatchObject({
      code: 1,
      msg: studioMessages.avatarFpsTooLow(t.config.MEDIA_MIN_FPS),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await own(carol)).data.total).toBe(0);
  }, 400_000);

  it('refuses an upload past the pixel-frame ceiling, lower for guests', async () => {
    const dave = await newAccount(t);
    const clip = await makeClip(path.join(media, 'ceiling.mp4'), { width: 640, height: 360, seconds: 6 });
    const fileId = await registerUpload(t, dave.id, 'video', clip);
    const cost = 640 * 360 * 6 * 30;
    const saved = { ...t.ctx.config };
    Object.assign(t.ctx.config, { MEDIA_MAX_PIXEL_FRAMES: cost * 0.9, MEDIA_MAX_PIXEL_FRAMES_GUEST: cost * 0.9 });
    expect(await create(dave, fileId)).toMatchObject({ code: 1, msg: studioMessages.avatarTooCostly });
    Object.assign(t.ctx.config, { MEDIA_MAX_PIXEL_FRAMES: cost * 1.2 });
    await t.ctx.database.db.update(users).set({ isTourist: 1 }).where(eq(users.id, dave.id));
    expect(await create(dave, fileId)).toMatchObject({ code: 1, msg: studioMessages.avatarTooCostly });
    Object.assign(t.ctx.config, saved);
  });

  it('stops a preparation past its time budget: the avatar fails with a clear reason and nothing is left running', async () => {
    const erin = await newAccount(t);
    const saved = t.ctx.config.AVATAR_PREPARE_BUDGET_SECONDS;
    t.ctx.config.AVATAR_PREPARE_BUDGET_SECONDS = 0.3;
    try {
      const a = await cloneAvatar(t, erin, path.join(media, 'portrait.mp4'), '超时');
      expect(a).toMatchObject({ status: 3, fail_reason: studioMessages.avatarPrepareTimeout });
    } finally {
      t.ctx.config.AVATAR_PREPARE_BUDGET_SECONDS = saved;
    }
    const scratch = path.join(t.config.dataDir, 'scratch');
    const left = fs.existsSync(scratch) ? fs.readdirSync(scratch).filter((n) => n.startsWith('avatar-')) : [];
    expect(left).toEqual([]);
  });

  it("one user's many preparations do not hold up another user's", async () => {
    const frank = await newAccount(t);
    const gina = await newAccount(t);
    const files = [];
    for (let i = 0; i < 4; i++)
      files.push(await registerUpload(t, frank.id, 'video', path.join(media, 'portrait.mp4')));
    const frankIds = [];
    for (const f of files.slice(0, 3)) {
      const r = await create(frank, f);
      expect(r.code, r.msg).toBe(0);
      frankIds.push(r.data.id);
    }
    // Past the per-account share the next one is refused, not queued.
    expect(await create(frank, files[3]!)).toMatchObject({ code: 1, msg: studioMessages.avatarTooManyProcessing });
    const ginaFile = await registerUpload(t, gina.id, 'video', path.join(media, 'portrait.mp4'));
    const ginaId = (await create(gina, ginaFile)).data.id;

    const readyAt = new Map<number, number>();
    const end = Date.now() + 240_000;
    while (readyAt.size < 4 && Date.now() < end) {
      for (const m of [frank, gina])
        for (const a of (await own(m)).data.list)
          if (a.status !== 1 && !readyAt.has(a.id)) readyAt.set(a.id, readyAt.size);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(readyAt.size).toBe(4);
    // Gina's only avatar is not last behind all of Frank's: it runs before his second and third.
    expect(readyAt.get(ginaId)).toBeLessThan(readyAt.get(frankIds[2]!)!);
    expect(readyAt.get(ginaId)).toBeLessThanOrEqual(1);
  }, 300_000);
});
