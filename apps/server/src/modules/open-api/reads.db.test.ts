import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesMessages, openApiErrors } from '@app/contract';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { avatars, files, works } from '../../db/schema/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { addVoice } from '../works/testing/studio.js';
import { apiCall, newApiKey } from './testing/api.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: string;
let bobKey: string;
type Named =
  | 'aliceAvatar'
  | 'aliceBusy'
  | 'bobAvatar'
  | 'publicAvatar'
  | 'publicVoice'
  | 'aliceVoice'
  | 'aliceTraining'
  | 'bobVoice'
  | 'done'
  | 'failed'
  | 'running'
  | 'bobDone';
const ids = {} as Record<Named, number>;

const db = () => t.ctx.database.db;
const refused = (kind: keyof typeof openApiErrors) => ({
  status: openApiErrors[kind].status,
  body: { data: null, error: { code: openApiErrors[kind].code } },
});

async function avatarRow(userId: number | null, name: string, status = 2): Promise<number> {
  const [row] = await db()
    .insert(avatars)
    .values({
      userId,
      name,
      source: userId ? 1 : 2,
      status,
      sourceKey: `users/x/${name}.mp4`,
      coverKey: `covers/${name}.jpg`,
      hs: 2,
    })
    .returning({ id: avatars.id });
  return row!.id;
}

async function workRow(userId: number, status: number, name: string): Promise<number> {
  const [row] = await db()
    .insert(works)
    .values({
      userId,
      kind: 'talking',
      name,
      channel: 'local',
      channelName: '本地',
      creditsHeld: 10,
      jobKey: `work:${randomUUID()}`,
      status,
      videoKey: status === 3 ? `users/${userId}/works/${name}/video.mp4` : null,
      coverKey: status === 3 ? `users/${userId}/works/${name}/cover.jpg` : null,
      duration: status === 3 ? 4.2 : 0,
      failReason: status === 4 ? '渲染失败' : '',
    })
    .returning({ id: works.id });
  return row!.id;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-reads-'));
  t = await buildTestApp();
  alice = await newAccount(t, { credits: 100 });
  bob = await newAccount(t, { credits: 100 });
  [aliceKey, bobKey] = [await newApiKey(t, alice), await newApiKey(t, bob)];
  ids.aliceAvatar = await avatarRow(alice.id, 'alice_ready');
  ids.aliceBusy = await avatarRow(alice.id, 'alice_busy', 1);
  ids.bobAvatar = await avatarRow(bob.id, 'bob_ready');
  ids.publicAvatar = await avatarRow(null, 'actor');
  ids.publicVoice = await addVoice(t, { userId: null });
  ids.aliceVoice = await addVoice(t, { userId: alice.id });
  ids.aliceTraining = await addVoice(t, { userId: alice.id, status: 1 });
  ids.bobVoice = await addVoice(t, { userId: bob.id });
  ids.done = await workRow(alice.id, 3, 'done');
  ids.failed = await workRow(alice.id, 4, 'failed');
  ids.running = await workRow(alice.id, 2, 'running');
  ids.bobDone = await workRow(bob.id, 3, 'bob');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=320x320', '-frames:v', '1', path.join(dir, 'ok.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=100x100', '-frames:v', '1', path.join(dir, 'small.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300', '-t', '6', '-c:a', 'aac', path.join(dir, 'tone.m4a')]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('what the caller may use', () => {
  it('lists own ready avatars and the public actors, never another account’s', async () => {
    const r = await apiCall<{ avatars: { avatar_id: string; is_public: boolean; preview_image_url: string }[] }>(
      t,
      aliceKey,
      'GET',
      '/v2/avatars',
    );
    expect(r).toMatchObject({ status: 200, body: { error: null } });
    expect(r.body.data.avatars.map((a) => [a.avatar_id, a.is_public])).toEqual([
      [String(ids.aliceAvatar), false],
      [String(ids.publicAvatar), true],
    ]);
    expect(r.body.data.avatars[0]!.preview_image_url).toMatch(/^http:\/\/localhost(:\d+)?\/files\//);
  });

  it('lists own ready voices and the public ones, never another account’s', async () => {
    const r = await apiCall<{ voices: { voice_id: string; type: string }[] }>(t, aliceKey, 'GET', '/v2/voices');
    const listed = r.body.data.voices.map((v) => [v.voice_id, v.type]);
    // Own voices first; the seeded public voices follow with the one added here.
    expect(listed[0]).toEqual([String(ids.aliceVoice), 'private']);
    expect(listed).toContainEqual([String(ids.publicVoice), 'public']);
    expect(listed.filter(([, type]) => type === 'private')).toHaveLength(1);
    expect(listed.map(([id]) => id)).not.toContain(String(ids.bobVoice));
  });

  it('tells the balance in credits', async () => {
    expect(await apiCall(t, aliceKey, 'GET', '/v2/user/remaining_quota')).toMatchObject({
      status: 200,
      body: { error: null, data: { remaining_quota: 100, details: { credits: 100 } } },
    });
  });
});

describe('POST /v1/asset', () => {
  it('stores a picture or a recording sent as the body, under the web upload’s rules and quota', async () => {
    const image = await apiCall<{ id: string; file_type: string; url: string; width: number }>(
      t,
      aliceKey,
      'POST',
      '/v1/asset',
      {
        body: fs.readFileSync(path.join(dir, 'ok.png')),
        contentType: 'image/png',
      },
    );
    expect(image).toMatchObject({ status: 200, body: { code: 100, data: { file_type: 'image', width: 320 } } });
    expect(image.body.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/files\/users\//);
    const [row] = await db()
      .select()
      .from(files)
      .where(and(eq(files.id, Number(image.body.data.id)), eq(files.userId, alice.id)));
    expect(row).toMatchObject({ kind: 'image' });
    const audio = await apiCall<{ file_type: string; duration: number }>(t, aliceKey, 'POST', '/v1/asset', {
      body: fs.readFileSync(path.join(dir, 'tone.m4a')),
      contentType: 'audio/mp4',
    });
    expect(audio.body.data).toMatchObject({ file_type: 'audio' });
    expect(audio.body.data.duration).toBeCloseTo(6, 0);
  });

  it('refuses another type, an empty body and a file the rules refuse', async () => {
    expect(
      await apiCall(t, aliceKey, 'POST', '/v1/asset', { body: Buffer.from('GIF89a'), contentType: 'image/gif' }),
    ).toMatchObject(refused('assetType'));
    expect(
      await apiCall(t, aliceKey, 'POST', '/v1/asset', { body: Buffer.alloc(0), contentType: 'image/png' }),
    ).toMatchObject({ status: 400 });
    expect(
      await apiCall(t, aliceKey, 'POST', '/v1/asset', {
        body: fs.readFileSync(path.join(dir, 'small.png')),
        contentType: 'image/png',
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'request_refused', message: filesMessages.imageTooSmall } },
    });
  });
});

describe('videos', () => {
  it('gives the status of own videos in HeyGen’s words, and not found for anyone else’s', async () => {
    const done = await apiCall(t, aliceKey, 'GET', `/v1/video_status.get?video_id=${ids.done}`);
    expect(done).toMatchObject({
      status: 200,
      body: { code: 100, data: { id: String(ids.done), status: 'completed', duration: 4.2, error: null } },
    });
    expect(JSON.stringify(done.body)).toMatch(/"video_url":"http:\/\/localhost(:\d+)?\/files\/users\//);
    expect(await apiCall(t, aliceKey, 'GET', `/v1/video_status.get?video_id=${ids.failed}`)).toMatchObject({
      body: { data: { status: 'failed', video_url: null, error: { code: 'video_failed', message: '渲染失败' } } },
    });
    expect(await apiCall(t, aliceKey, 'GET', `/v1/video_status.get?video_id=${ids.running}`)).toMatchObject({
      body: { data: { status: 'processing' } },
    });
    for (const id of [String(ids.bobDone), 'abc', '0', '99999999'])
      expect(await apiCall(t, aliceKey, 'GET', `/v1/video_status.get?video_id=${id}`)).toMatchObject(
        refused('videoMissing'),
      );
  });

  it('lists own videos newest first, a page at a time', async () => {
    const first = await apiCall<{ videos: { video_id: string }[]; token: string | null }>(
      t,
      aliceKey,
      'GET',
      '/v1/video.list?limit=2',
    );
    expect(first.body.data.videos.map((v) => v.video_id)).toEqual([String(ids.running), String(ids.failed)]);
    const next = await apiCall<{ videos: { video_id: string }[]; token: string | null }>(
      t,
      aliceKey,
      'GET',
      `/v1/video.list?limit=2&token=${first.body.data.token}`,
    );
    expect(next.body.data).toEqual({
      videos: [expect.objectContaining({ video_id: String(ids.done), status: 'completed' })],
      token: null,
    });
  });

  it('deletes an ended video of its own only', async () => {
    const del = (key: string, id: number) => apiCall(t, key, 'DELETE', `/v1/video.delete?video_id=${id}`);
    expect(await del(bobKey, ids.done)).toMatchObject(refused('videoMissing'));
    expect(await del(aliceKey, ids.running)).toMatchObject(refused('videoNotEnded'));
    expect(await del(aliceKey, ids.failed)).toMatchObject({ status: 200, body: { code: 100, data: null } });
    expect(await apiCall(t, aliceKey, 'GET', `/v1/video_status.get?video_id=${ids.failed}`)).toMatchObject(
      refused('videoMissing'),
    );
  });
});

describe('refusals', () => {
  it('answers an unknown path, a bad query and bad JSON in the same shape', async () => {
    expect(await apiCall(t, aliceKey, 'GET', '/v2/nothing')).toMatchObject(refused('notFound'));
    expect(await apiCall(t, aliceKey, 'GET', '/v1/video.list?limit=500')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_parameter', message: expect.stringContaining('limit') } },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/asset',
      headers: { 'x-api-key': aliceKey, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_parameter', message: openApiErrors.invalidJson.zh } });
  });

  it('limits each key’s calls a minute through the shared counters, and only that key', async () => {
    const config = t.ctx.config as { API_KEY_CALLS_PER_MINUTE: number };
    const saved = config.API_KEY_CALLS_PER_MINUTE;
    config.API_KEY_CALLS_PER_MINUTE = 3;
    try {
      const key = await newApiKey(t, alice, '限流');
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => apiCall(t, key, 'GET', '/v2/user/remaining_quota')),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(replies.find((r) => r.status === 429)).toMatchObject(refused('rateLimited'));
      expect((await apiCall(t, bobKey, 'GET', '/v2/user/remaining_quota')).status).toBe(200);
    } finally {
      config.API_KEY_CALLS_PER_MINUTE = saved;
    }
  });
});
