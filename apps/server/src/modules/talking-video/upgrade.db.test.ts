import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteWork, listWorks, workStatusNames, type Work } from '@app/contract';
import { buildTestApp, freshDatabase, waitFor, type TestApp } from '../../../test/helper.js';
import { creditReservations, works } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { makeClip, makeTone } from '../../engines/avatar/testing/media.js';
import { issueToken } from '../../platform/auth/tokens.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { testLedger } from '../billing/testing/ledger.js';

/**
 * Works made before works had kinds: a database migrated up to the last migration before `kind` and
 * `params`, holding a finished work and one caught mid-render, is upgraded by the server's start.
 */
const migrationsDir = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** The migrations folder as it was before works had kinds. */
function migrationsBeforeKinds(dest: string): void {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((e) => e.tag.endsWith('_works_kind'));
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  fs.mkdirSync(path.join(dest, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(dest, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dest, `${e.tag}.sql`));
}

type Run = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Opens the old database (on disk for PGlite, a new database on PostgreSQL), migrated to before kinds. */
async function oldDatabase(dataDir: string, migrations: string) {
  const fresh = await freshDatabase();
  if (fresh.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: fresh.env.DATABASE_URL });
    await client.connect();
    await migratePg(drizzlePg({ client }), { migrationsFolder: migrations });
    const run: Run = (text, values) => client.query(text, values);
    return { env: fresh.env, run, close: () => client.end(), drop: fresh.drop };
  }
  const dir = path.join(dataDir, 'db');
  const client = new PGlite(dir);
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrations });
  const run: Run = (text, values) => client.query(text, values);
  return { env: { PGLITE_DIR: dir }, run, close: () => client.close(), drop: fresh.drop };
}

let t: TestApp;
let stage: string;
let dataDir: string;
let drop: () => Promise<void>;
let token: string;
let userId: number;
const ids = { done: 0, live: 0 };
const keys = { speech: '', video: '', cover: '', liveSpeech: '' };
const created = new Date('2026-01-02T03:04:05Z');

/** Writes a file where the local store keeps `key`, as the old server had stored it. */
function store(key: string, file: string): number {
  const dest = path.join(dataDir, 'storage', key);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(file, dest);
  return fs.statSync(dest).size;
}
const stored = (key: string) => fs.existsSync(path.join(dataDir, 'storage', key));

beforeAll(async () => {
  stage = fs.mkdtempSync(path.join(os.tmpdir(), 'works-upgrade-'));
  dataDir = path.join(stage, 'data');
  fs.mkdirSync(dataDir);
  migrationsBeforeKinds(path.join(stage, 'migrations'));
  const old = await oldDatabase(dataDir, path.join(stage, 'migrations'));
  drop = old.drop;
  const one = async (text: string, values?: unknown[]) => (await old.run(text, values)).rows[0]!;

  userId = Number((await one(`insert into users (username) values ('old_user') returning id`)).id);
  const batch = Number(
    (
      await one(
        `insert into credit_batches (user_id, credits, credits_left, expire_at, action_name)
         values ($1, 100, 84, now() + interval '30 days', '测试赠送') returning id`,
        [userId],
      )
    ).id,
  );
  await old.run(
    `insert into credit_logs (user_id, action_name, credits, job_key) values
       ($1, '测试赠送', 100, null), ($1, '数字人视频合成', -8, 'work:old-done'), ($1, '数字人视频合成', 2, 'work:old-done'),
       ($1, '数字人视频合成', -10, 'work:old-live')`,
    [userId],
  );
  await old.run(
    `insert into credit_reservations (job_key, user_id, action_name, held, charged, status, sources, closed_at) values
       ('work:old-done', $1, '数字人视频合成', 8, 6, 'settled', $2::jsonb, now()),
       ('work:old-live', $1, '数字人视频合成', 10, 0, 'held', $3::jsonb, null)`,
    [userId, JSON.stringify([{ batchId: batch, credits: 6 }]), JSON.stringify([{ batchId: batch, credits: 10 }])],
  );

  // The avatar of the work in progress: uploaded, its preparation not yet run.
  const sourceKey = `users/${userId}/video/a.mp4`;
  store(sourceKey, await makeClip(path.join(stage, 'a.mp4'), { width: 360, height: 640, seconds: 6 }));
  const avatarId = Number(
    (
      await one(
        `insert into avatars (user_id, name, source, status, source_key, source_name, hs)
         values ($1, '旧分身', 1, 1, $2, 'a.mp4', 2) returning id`,
        [userId, sourceKey],
      )
    ).id,
  );

  // A finished work: speech, video and cover stored, charged 6 of the 8 held.
  const clip = await makeClip(path.join(stage, 'done.mp4'), { seconds: 2, withAudio: true });
  const cover = path.join(stage, 'cover.jpg');
  await ffmpeg(['-i', clip, '-frames:v', '1', cover]);
  const tone = await makeTone(path.join(stage, 'speech.m4a'), 2);
  const done = await one(
    `insert into works (user_id, name, status, channel, channel_name, engine, avatar_id, hs, mode, voice_id, script,
       language, emotion, rate, volume, pitch, estimate_seconds, credits_per_second, credits_held, credits_charged,
       job_key, duration, progress, created_at, finished_at)
     values ($1, '旧作品', 3, 'local', $2, 'local', $3, 2, 'text', null, '旧的台词', 'zh', 'happy', 1.1, 0.9, 1,
       7.5, 1, 8, 6, 'work:old-done', 5.9, 100, $4, now()) returning id`,
    [userId, avatarMessages.localChannelName, avatarId, created],
  );
  ids.done = Number(done.id);
  const prefix = `users/${userId}/works/${ids.done}/`;
  Object.assign(keys, { speech: `${prefix}speech.m4a`, video: `${prefix}video.mp4`, cover: `${prefix}cover.jpg` });
  const bytes = store(keys.speech, tone) + store(keys.video, clip) + store(keys.cover, cover);
  await old.run(
    `update works set speech_key = $2, speech_seconds = 2, video_key = $3, cover_key = $4, stored_bytes = $5 where id = $1`,
    [ids.done, keys.speech, keys.video, keys.cover, bytes],
  );
  await old.run(`update users set storage_used_bytes = $2 where id = $1`, [userId, bytes]);

  // A work caught mid-render: its speech (4 s) stored, 10 credits held on a 9.2 s estimate.
  const live = await one(
    `insert into works (user_id, name, status, channel, channel_name, engine, avatar_id, hs, mode, script,
       estimate_seconds, credits_per_second, credits_held, job_key, progress)
     values ($1, '进行中', 2, 'local', $2, 'local', $3, 2, 'text', '进行中的台词', 9.2, 1, 10, 'work:old-live', 20)
     returning id`,
    [userId, avatarMessages.localChannelName, avatarId],
  );
  ids.live = Number(live.id);
  keys.liveSpeech = `users/${userId}/works/${ids.live}/speech.m4a`;
  store(keys.liveSpeech, await makeTone(path.join(stage, 'live.m4a'), 4));
  await old.run(`update works set speech_key = $2, speech_seconds = 4 where id = $1`, [ids.live, keys.liveSpeech]);
  await old.close();

  // The new server starts on the old data: the remaining migrations run, the unfinished work resumes.
  t = await buildTestApp({ ...old.env, DATA_DIR: dataDir, AVATAR_CHANNELS: 'local=local' });
  token = await issueToken(t.ctx.database.db, userId);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await drop?.();
  fs.rmSync(stage, { recursive: true, force: true });
});

const listed = async () => (await t.call<{ list: Work[] }>(listWorks, { page: 1, limit: 0 }, { token })).data.list;
const rowOf = async (id: number) => (await t.ctx.database.db.select().from(works).where(eq(works.id, id)))[0]!;

describe('works made before kinds', () => {
  it('lists the finished work as before', async () => {
    const w = (await listed()).find((x) => x.id === ids.done);
    expect(w).toEqual({
      id: ids.done,
      name: '旧作品',
      url: expect.stringContaining('video.mp4') as string,
      cover: expect.stringContaining('cover.jpg') as string,
      status: 3,
      status_name: workStatusNames.done,
      fail_reason: '',
      create_time: formatDateTime(created),
      api_name: avatarMessages.localChannelName,
      api_key: 'local',
      duration: 5.9,
      credits: 6,
      queue_position: 0,
      progress: 100,
      is_multi: 0,
      only_audio: 0,
      photo_type: 0,
      type: '',
      hs: 2,
      note: '',
      captions: 0,
    });
    const fetched = await t.app.inject({ method: 'GET', url: w!.url });
    expect(fetched.statusCode).toBe(200);
  });

  it('keeps every talking-video field in params, with the synthesized speech among its files', async () => {
    const row = await rowOf(ids.done);
    expect(row.kind).toBe('talking');
    expect(row.params).toMatchObject({
      mode: 'text',
      voiceId: null,
      script: '旧的台词',
      audioFileId: null,
      language: 'zh',
      emotion: 'happy',
      volume: 0.9,
      pitch: 1,
      estimateSeconds: 7.5,
      creditsPerSecond: 1,
      speechKey: keys.speech,
      speechSeconds: 2,
      files: [keys.speech],
    });
    expect((row.params as { rate: number }).rate).toBeCloseTo(1.1, 5);
  });

  it('renders the work caught mid-render from its stored speech and charges its real duration', async () => {
    const w = await waitFor(
      'old work renders',
      async () => (await listed()).find((x) => x.id === ids.live && (x.status === 3 || x.status === 4)),
      180_000,
    );
    expect(w).toMatchObject({ status: 3, name: '进行中' });
    expect(w.duration).toBeCloseTo(4, 0);
    const charged = Math.ceil(w.duration - 0.001);
    expect(w.credits).toBe(charged);
    const [hold] = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, 'work:old-live'));
    expect(hold).toMatchObject({ status: 'settled', charged });
    expect(await testLedger(t.ctx.database.db).balance(userId)).toBe(100 - 6 - charged);
    // The speech it resumed from was not synthesized again.
    expect((await rowOf(ids.live)).params).toMatchObject({ speechKey: keys.liveSpeech, speechSeconds: 4 });
  }, 200_000);

  it('deletes the old work with every file it owns', async () => {
    const r = await t.call(deleteWork, { id: ids.done }, { token });
    expect(r.code).toBe(0);
    for (const key of [keys.speech, keys.video, keys.cover]) expect(stored(key)).toBe(false);
  });
});
