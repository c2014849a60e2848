import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listTranslateLanguages,
  listVideoTranslate,
  submitVideoTranslate,
  videoTranslateMessages as m,
  type VideoTranslateRecord,
} from '@app/contract';
import { backend, buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { buildApp, type BuiltApp } from '../../app.js';
import { creditReservations, works } from '../../db/schema/index.js';
import { avatarMessages } from '../../engines/avatar/index.js';
import { startFakeDuix, type FakeDuix, type FakeDuixScript } from '../../engines/avatar/testing/fake-duix.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import { startFakeOpenAiTranscription } from '../../engines/transcription/testing/fake-openai-transcription.js';
import { probe, runToolStderr } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { registerUpload } from '../works/testing/studio.js';
import { translateParamsOf } from './params.js';
import { makeSpeechVideo, startFakeTranslator, type SpokenSegment } from './testing/fixtures.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let asr: FakeServer;
let text: FakeServer;
let duix: FakeDuix;
/** What the Duix fake does next; its fields are read at each request, so a test may change them. */
let duixScript: FakeDuixScript;
let alice: TestAccount;
let source: { file: string; segments: SpokenSegment[]; duration: number };
let video: number;
/** The app started again by the resume test. */
let restarted: BuiltApp | undefined;

const SECONDS = 12;
/** 12 s at mode 1's 4 credits a second. */
const PRICE = 48;

const db = () => t.ctx.database.db;
const submit = (name: string) =>
  t.call<{ id: number; credits: number }>(
    submitVideoTranslate,
    { file_id: video, source_lang: 'zh', target_lang: 'en', mode: 1, name },
    { token: alice.token },
  );
const records = async () =>
  (await t.call<{ list: VideoTranslateRecord[] }>(listVideoTranslate, { limit: 0 }, { token: alice.token })).data.list;
const ended = (id: number) =>
  waitFor(`translation ${id}`, async () => (await records()).find((r) => r.id === id && r.status >= 3), 240_000);
const rowOf = async (id: number) => (await db().select().from(works).where(eq(works.id, id)))[0]!;
const reservationOf = async (id: number) =>
  db()
    .select()
    .from(creditReservations)
    .where(eq(creditReservations.jobKey, (await rowOf(id)).jobKey));
const localFile = async (key: string) => (await t.ctx.storage.toLocalFile(key, dir)).path;

/** Duix fetches our signed URLs; here the app under test answers them in-process. */
async function fetchFromApp(url: string): Promise<Buffer> {
  const u = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${u.pathname}`);
  return res.rawPayload;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translate-duix-'));
  source = await makeSpeechVideo(path.join(dir, 'media'), { seconds: SECONDS });
  asr = await startFakeOpenAiTranscription(() => ({
    language: 'chinese',
    duration: source.duration,
    segments: source.segments,
  }));
  text = await startFakeTranslator();
  // Duix's picture is told apart from the source's (320×240) by its size.
  const result = await makeClip(path.join(dir, 'duix-result.mp4'), {
    width: 640,
    height: 360,
    seconds: SECONDS,
    withAudio: true,
  });
  duixScript = { resultFile: result, result: 'url', pollsBeforeDone: 2, fetchInput: fetchFromApp };
  duix = await startFakeDuix(duixScript);
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: `${asr.url}/v1`,
    TEXT_MODEL_URL: `${text.url}/v1`,
    TRANSLATE_LIPSYNC_ENGINE: 'duix',
    DUIX_BASE_URL: duix.url,
    DUIX_POLL_INTERVAL_MS: '100',
    WORK_LEASE_SECONDS: '3',
    // A file database for PGlite, so the resume test can open it again after a shutdown.
    ...(backend === 'pglite' ? { PGLITE_DIR: path.join(dir, 'db') } : {}),
  });
  alice = await newAccount(t, { credits: 1000 });
  video = await registerUpload(t, alice.id, 'video', source.file);
}, 120_000);

afterAll(async () => {
  await restarted?.app.close();
  await t?.close().catch(() => undefined);
  await asr?.close();
  await text?.close();
  await duix?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('video translation lip-synced by a remote engine (Duix.Avatar)', () => {
  it('hands the source video and the dub to Duix, keeps its picture, and takes its one render slot in turn', async () => {
    const options = await t.call<{ modes: { mode: number; available: boolean }[] }>(listTranslateLanguages);
    expect(options.data.modes.find((x) => x.mode === 1)).toMatchObject({ available: true });
    const before = await testLedger(db()).balance(alice.id);
    // Two at once: the translation slots would run both, Duix's single slot runs them one after the other.
    const a = await submit('口型-Duix-1');
    const b = await submit('口型-Duix-2');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.data.credits).toBe(PRICE);
    for (const id of [a.data.id, b.data.id]) {
      const rec = await ended(id);
      expect(rec).toMatchObject({ fail_reason: '', status: 3, mode: 1, credits: PRICE });
      // Under 10 s of clear speech: the offline preset voice dubs (and the note says so).
      expect(rec.note).toBe(`${m.offlinePresetNote}；${m.lipsyncNote(m.lipsyncEngineNames.duix)}`);
      expect(await reservationOf(id)).toEqual([expect.objectContaining({ status: 'settled', charged: PRICE })]);
      const row = await rowOf(id);
      expect(row.engine).toBe('duix');
      // The result is Duix's picture (its size), with the dub over the source's sound, the source's length.
      const info = await probe(await localFile(row.videoKey!));
      expect(info.video).toMatchObject({ width: 640, height: 360 });
      expect(info.audio).toBeTruthy();
      expect(Math.abs(info.duration - SECONDS)).toBeLessThan(0.15);
      // Duix's copy is ours now; only the result and the subtitles stay stored.
      const p = translateParamsOf(row);
      expect(p.lipsyncTask).toEqual({ engine: 'duix', id: expect.any(String) as unknown });
      expect(p.files.sort()).toEqual([p.srtKey, p.sourceSrtKey].sort());
    }
    expect(await testLedger(db()).balance(alice.id)).toBe(before - 2 * PRICE);
    expect(duix.maxRunning()).toBe(1);

    // What Duix was given: the user's video as uploaded, and the dubbed track as long as the result.
    expect(duix.received).toHaveLength(2);
    const uploaded = fs.readFileSync(source.file);
    for (const got of duix.received) {
      expect(got.video.equals(uploaded)).toBe(true);
      const wav = path.join(dir, `received-${got.code}.wav`);
      fs.writeFileSync(wav, got.audio);
      const track = await probe(wav);
      expect(track.video).toBeFalsy();
      expect(Math.abs(track.duration - SECONDS)).toBeLessThan(0.1);
      // The dub speaks (the source's own sound is not what was sent: it carries a 120 Hz hum under speech).
      const level = await runToolStderr('ffmpeg', [
        '-hide_banner',
        '-i',
        wav,
        '-af',
        'volumedetect',
        '-f',
        'null',
        '-',
      ]);
      expect(Number(/max_volume: (-?[\d.]+) dB/.exec(level)?.[1])).toBeGreaterThan(-20);
    }
  }, 300_000);

  it('refunds in full when Duix fails the task, with its reason in Chinese', async () => {
    const before = await testLedger(db()).balance(alice.id);
    duixScript.failWith = '视频中未检测到人脸';
    try {
      const r = await submit('口型-Duix-失败');
      expect(r.code).toBe(0);
      const rec = await ended(r.data.id);
      expect(rec).toMatchObject({
        status: 4,
        credits: 0,
        fail_reason: `${avatarMessages.duixTaskFailed}（视频中未检测到人脸）`,
      });
      expect(await testLedger(db()).balance(alice.id)).toBe(before);
      expect(await reservationOf(r.data.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    } finally {
      delete duixScript.failWith;
    }
  }, 300_000);

  it('follows the task Duix is rendering after a shutdown: lip-synced once, charged once', async () => {
    duixScript.neverFinish = true;
    const accepted = duix.accepted.length;
    const r = await submit('口型-Duix-续跑');
    expect(r.code).toBe(0);
    const id = r.data.id;
    await waitFor('the task to reach Duix', async () => (duix.accepted.length > accepted ? true : null), 120_000);
    expect(translateParamsOf(await rowOf(id)).lipsyncTask).toEqual({ engine: 'duix', id: duix.accepted.at(-1) });
    await t.app.close();
    // Duix went on rendering meanwhile and finishes.
    duixScript.neverFinish = false;
    const again: BuiltApp = await buildApp(t.config, { pollingIntervalSeconds: 0.5 });
    Object.assign(t, { app: again.app, ctx: again.ctx });
    restarted = again;
    const done = await waitFor(
      `translation ${id}`,
      async () => ((await rowOf(id)).status >= 3 ? rowOf(id) : null),
      240_000,
    );
    expect(done).toMatchObject({ status: 3, failReason: '' });
    expect(duix.accepted.length - accepted).toBe(1);
    expect(await reservationOf(id)).toEqual([expect.objectContaining({ status: 'settled', charged: PRICE })]);
  }, 400_000);
});
