import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVideoChannels, saveWork, studioMessages, type Avatar, type VideoChannel } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { avatars } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';

/**
 * The channel list says, for one avatar, which channels it can go through and why not the others, in
 * the user's words; the studio greys those out and the avatar page shows them, so no submit is refused.
 */
let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
let avatar: Avatar;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-support-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local,gj=local,lipsync=lipsync' });
  alice = await newAccount(t, { credits: 1000 });
  bob = await newAccount(t, { credits: 1000 });
  // A 6 s test pattern: too short for gj (30–300 s) and no face for lip-sync.
  avatar = await cloneAvatar(t, alice, await makeClip(path.join(dir, 'pattern.mp4'), { width: 360, height: 640, seconds: 6 }));
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Reply = { code: number; msg: string; data: { list: VideoChannel[] } };
const channels = (params: Record<string, string | number>, token?: string) =>
  t.call<{ list: VideoChannel[] }>(listVideoChannels, params, token ? { token } : {}) as Promise<Reply>;
const reasons = (r: Reply) => Object.fromEntries(r.data.list.map((c) => [c.api, c.unusable]));
const setStatus = (status: number) => t.ctx.database.db.update(avatars).set({ status }).where(eq(avatars.id, avatar.id));

describe('which channels an avatar can use', () => {
  it('gives each channel its reason for this avatar, in the user’s words; none without an avatar', async () => {
    expect(avatar.status).toBe(2);
    const r = await channels({ video_id: avatar.id }, alice.token);
    expect(r.code, r.msg).toBe(0);
    expect(reasons(r)).toEqual({
      local: '',
      gj: studioMessages.gjDuration,
      lipsync: avatarMessages.lipsyncNoFace,
    });
    // Words for the user: no vendor, no settings, no operator.
    for (const c of r.data.list) expect(c.unusable).not.toMatch(/蝉镜|app_id|secret|配置|管理员|engine|error/i);
    // The spec's fields are all still there.
    expect(r.data.list[0]).toMatchObject({ api: 'local', name: avatarMessages.localChannelName, credits: 1, queue: 0, avatar_seconds: null });

    const plain = await channels({}, alice.token);
    expect(reasons(plain)).toEqual({ local: '', gj: '', lipsync: '' });
    const anonymous = await channels({});
    expect(anonymous.code).toBe(0);
    expect(anonymous.data.list.map((c) => c.api)).toEqual(['local', 'gj', 'lipsync']);
    // api still narrows the list, with the reason of that one channel.
    expect(reasons(await channels({ api: 'lipsync', video_id: avatar.id }, alice.token))).toEqual({ lipsync: avatarMessages.lipsyncNoFace });
  });

  it('the studio refuses a work on a channel exactly when the list said so, with the same words', async () => {
    const voiceId = await addVoice(t, { userId: alice.id });
    const listed = reasons(await channels({ video_id: avatar.id }, alice.token));
    for (const api of ['gj', 'lipsync'] as const) {
      const r = await t.call(saveWork, { api, video_id: avatar.id, voice_id: voiceId, text: '大家好。' }, { token: alice.token });
      expect(r.code).toBe(1);
      expect(r.msg).toBe(listed[api]);
    }
  });

  it('an avatar still being prepared, or failed, can use no channel', async () => {
    await setStatus(1);
    expect(Object.values(reasons(await channels({ video_id: avatar.id }, alice.token)))).toEqual(Array(3).fill(studioMessages.avatarProcessing));
    await setStatus(3);
    expect(Object.values(reasons(await channels({ video_id: avatar.id }, alice.token)))).toEqual(Array(3).fill(studioMessages.avatarFailed));
    await setStatus(2);
  });

  it('refuses someone else’s avatar, a missing one and a bad id in Chinese with code 1', async () => {
    for (const [params, token] of [
      [{ video_id: avatar.id }, bob.token],
      [{ video_id: avatar.id }, undefined],
      [{ video_id: 999_999 }, alice.token],
    ] as const) {
      const r = await channels(params, token);
      expect(r.code).toBe(1);
      expect(r.msg).toBe(studioMessages.avatarMissing);
    }
    const bad = await channels({ video_id: 'abc' }, alice.token);
    expect(bad.code).toBe(1);
    expect(bad.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a public avatar’s channels can be read by anyone', async () => {
    await t.ctx.database.db.update(avatars).set({ userId: null }).where(eq(avatars.id, avatar.id));
    try {
      const r = await channels({ video_id: avatar.id });
      expect(r.code, r.msg).toBe(0);
      expect(reasons(r).gj).toBe(studioMessages.gjDuration);
    } finally {
      await t.ctx.database.db.update(avatars).set({ userId: alice.id }).where(eq(avatars.id, avatar.id));
    }
  });
});
