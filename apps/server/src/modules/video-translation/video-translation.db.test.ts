import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commonMessages,
  deleteVideoTranslate,
  filesMessages,
  listTranslateLanguages,
  listVideoTranslate,
  listWorks,
  submitVideoTranslate,
  videoTranslateMessages as m,
  type VideoTranslateRecord,
  type Work,
} from '@app/contract';
import { backend, buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { buildApp, type BuiltApp } from '../../app.js';
import { creditReservations, works } from '../../db/schema/index.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import {
  startFakeOpenAiTranscription,
  type FakeTranscriptReply,
} from '../../engines/transcription/testing/fake-openai-transcription.js';
import { faceClip } from '../../engines/talking-face/testing/media.js';
import { ffmpeg, probe, runToolStderr } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { registerUpload } from '../works/testing/studio.js';
import { translateParamsOf } from './params.js';
import { parseSrt } from '../../platform/media/srt.js';
import { makeSpeechVideo, startFakeTranslator, type SpokenSegment } from './testing/fixtures.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let asr: FakeServer;
let text: FakeServer;
let alice: TestAccount;
let bob: TestAccount;
let source: { file: string; segments: SpokenSegment[]; duration: number };
let aliceVideo: number;
/** What the fake recogniser answers: the fixture's own segments, or a failure. */
let asrReply: FakeTranscriptReply | { status: number; body: unknown };
/** Delays every text-model answer (a job to interrupt while it waits). */
let textDelayMs = 0;
/** The app started again by the resume test. */
let restarted: BuiltApp | undefined;

const db = () => t.ctx.database.db;
const submit = (who: TestAccount, p: Record<string, string | number>) =>
  t.call<{ id: number; credits: number }>(submitVideoTranslate, p, { token: who.token });
const records = async (who: TestAccount) =>
  (
    await t.call<{ list: VideoTranslateRecord[]; total: number }>(
      listVideoTranslate,
      { limit: 0 },
      { token: who.token },
    )
  ).data.list;
const ended = (who: TestAccount, id: number, timeout = 240_000) =>
  waitFor(`translation ${id}`, async () => (await records(who)).find((r) => r.id === id && r.status >= 3), timeout);
const rowOf = async (id: number) => (await db().select().from(works).where(eq(works.id, id)))[0]!;
const reservationOf = async (jobKey: string) =>
  db().select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey));
const localFile = async (key: string) => (await t.ctx.storage.toLocalFile(key, dir)).path;
const order = (fileId: number) => ({ file_id: fileId, source_lang: 'zh', target_lang: 'en', mode: 2 });

function env(): Record<string, string> {
  return {
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: `${asr.url}/v1`,
    TEXT_MODEL_URL: `${text.url}/v1`,
    TEXT_MODEL_TIMEOUT_MS: '120000',
    TRANSLATE_BATCH_SIZE: '3',
    WORK_LEASE_SECONDS: '3',
    // A file database for PGlite, so the resume test can open it again after a shutdown.
    ...(backend === 'pglite' ? { PGLITE_DIR: path.join(dir, 'db') } : {}),
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translate-'));
  source = await makeSpeechVideo(path.join(dir, 'media'), { seconds: 30 });
  asrReply = { language: 'chinese', duration: source.duration, segments: source.segments };
  asr = await startFakeOpenAiTranscription(() => asrReply);
  text = await startFakeTranslator({ dropOnce: true, delayMs: () => textDelayMs });
  t = await buildTestApp(env());
  alice = await newAccount(t, { credits: 1000 });
  bob = await newAccount(t, { credits: 1000 });
  aliceVideo = await registerUpload(t, alice.id, 'video', source.file);
}, 120_000);

afterAll(async () => {
  await restarted?.app.close();
  await t?.close().catch(() => undefined);
  await asr?.close();
  await text?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('video translation', () => {
  it('lists the languages the engines support, with modes and prices', async () => {
    const r = await t.call<{
      list: { id: string; source: boolean; target: boolean; icon: string }[];
      modes: { mode: number; credits: number }[];
      configured: boolean;
    }>(listTranslateLanguages);
    expect(r.data.configured).toBe(true);
    expect(r.data.list.map((l) => l.id)).toEqual(['zh', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'ru', 'pt', 'ar']);
    // The offline voice speaks Chinese and English only: the other languages can be heard, not spoken.
    expect(r.data.list.filter((l) => l.target).map((l) => l.id)).toEqual(['zh', 'en']);
    expect(r.data.list.every((l) => l.source && l.icon)).toBe(true);
    expect(r.data.modes).toEqual([
      expect.objectContaining({ mode: 1, credits: 4 }),
      expect.objectContaining({ mode: 2, credits: 2 }),
    ]);
  });

  it('refuses each bad order with the spec\u2019s message, before charging', async () => {
    const before = await testLedger(db()).balance(alice.id);
    expect((await submit(alice, {})).msg).toBe(m.fileRequired);
    expect((await submit(alice, { file_id: aliceVideo })).msg).toBe(m.sourceRequired);
    expect((await submit(alice, { file_id: aliceVideo, source_lang: 'zh' })).msg).toBe(m.targetRequired);
    expect((await submit(alice, { file_id: aliceVideo, source_lang: 'zh', target_lang: 'en' })).msg).toBe(
      m.modeRequired,
    );
    expect((await submit(alice, { ...order(aliceVideo), target_lang: 'zh' })).msg).toBe(m.sameLanguage);
    expect((await submit(alice, { ...order(aliceVideo), target_lang: 'fr' })).msg).toBe(m.targetUnsupported);
    expect((await submit(alice, { ...order(aliceVideo), source_lang: 'xx' })).msg).toBe(m.sourceUnsupported);
    // Someone else's upload is not found; an audio file is not a video.
    expect((await submit(bob, order(aliceVideo))).msg).toBe(filesMessages.fileMissing);
    const wav = path.join(dir, 'media', 's0.wav');
    const audioId = await registerUpload(t, alice.id, 'voice', wav);
    const r = await submit(alice, order(audioId));
    expect(r).toMatchObject({ code: 1, msg: m.fileRule });
    expect(await testLedger(db()).balance(alice.id)).toBe(before);
  });

  it('says so before anything is uploaded or charged when no speech recogniser is configured', async () => {
    const bare = await buildTestApp({ AVATAR_CHANNELS: 'local=local', TEXT_MODEL_URL: `${text.url}/v1` });
    try {
      const r = await bare.call<{ configured: boolean; reason: string }>(listTranslateLanguages);
      expect(r.data).toMatchObject({ configured: false, reason: m.notConfigured });
      const who = await newAccount(bare, { credits: 100 });
      const s = await bare.call(
        submitVideoTranslate,
        { file_id: 1, source_lang: 'zh', target_lang: 'en', mode: 2 },
        { token: who.token },
      );
      expect(s).toMatchObject({ code: 1, msg: commonMessages.toolUnavailable });
    } finally {
      await bare.close();
    }
  });

  it('translates a Chinese video into English end to end (mode 2): one video and one audio stream, speech in every slot, SRTs', async () => {
    const before = await testLedger(db()).balance(alice.id);
    const asrCalls = asr.requests.length;
    const r = await submit(alice, { ...order(aliceVideo), name: '翻译测试' });
    expect(r).toMatchObject({ code: 0, msg: m.submitted });
    expect(r.data.credits).toBe(60);
    const rec = await ended(alice, r.data.id);
    expect(rec).toMatchObject({
      status: 3,
      step: '已完成',
      credits: 60,
      source_lang: 'zh',
      target_lang: 'en',
      mode: 2,
    });
    expect(rec.note).toBe(m.offlineVoiceNote);
    expect(rec.srt_url).not.toBe('');
    expect(rec.source_srt_url).not.toBe('');
    expect(asr.requests.length - asrCalls).toBe(1);
    expect(await testLedger(db()).balance(alice.id)).toBe(before - 60);
    const row = await rowOf(rec.id);
    expect(await reservationOf(row.jobKey)).toEqual([expect.objectContaining({ status: 'settled', charged: 60 })]);
    // A landscape source is framed as landscape in the gallery.
    expect(row.hs).toBe(1);

    // Under 翻译视频 in the works list.
    const gallery = await t.call<{ list: Work[] }>(listWorks, { limit: 0, type: 'fy' }, { token: alice.token });
    expect(gallery.data.list.map((w) => w.id)).toContain(rec.id);

    const video = await localFile(row.videoKey!);
    const info = await probe(video);
    const streams = JSON.parse(
      (await import('node:child_process'))
        .execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', video])
        .toString(),
    ) as { streams: { codec_type: string }[] };
    expect(streams.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    // Every dub fitted by tempo and gaps here: no stretch slowed, so the result keeps the source's length.
    expect(translateParamsOf(row).stretches).toEqual([]);
    expect(Math.abs(info.duration - source.duration)).toBeLessThan(0.1);

    // Speech in every source segment's slot: no silence covering the middle of any slot.
    const report = await runToolStderr('ffmpeg', [
      '-hide_banner',
      '-i',
      video,
      '-vn',
      '-af',
      'silencedetect=noise=-30dB:d=0.3',
      '-f',
      'null',
      '-',
    ]);
    const silences: [number, number][] = [];
    const starts = [...report.matchAll(/silence_start: ([\d.]+)/g)].map((x) => Number(x[1]));
    const ends = [...report.matchAll(/silence_end: ([\d.]+)/g)].map((x) => Number(x[1]));
    starts.forEach((s, i) => silences.push([s, ends[i] ?? info.duration]));
    for (const seg of source.segments) {
      const mid = (seg.start + seg.end) / 2;
      expect(
        silences.some(([a, b]) => a <= mid && mid <= b),
        `speech at ${mid}s`,
      ).toBe(false);
    }

    // The subtitles: English lines at the transcript's times, and the Chinese original.
    const p = row.params as { srtKey: string; sourceSrtKey: string; files: string[]; audioKey: string };
    const target = parseSrt(fs.readFileSync(await localFile(p.srtKey), 'utf8'));
    expect(target).toHaveLength(source.segments.length);
    target.forEach((cue, i) => {
      expect(Math.abs(cue.start - source.segments[i]!.start)).toBeLessThan(0.3);
      expect(Math.abs(cue.end - source.segments[i]!.end)).toBeLessThan(0.3);
      expect(cue.text).toMatch(/^Hello friends, this is line \d+\.$/);
    });
    expect(parseSrt(fs.readFileSync(await localFile(p.sourceSrtKey), 'utf8'))[0]!.text).toBe(source.segments[0]!.text);
    // Only the result and the subtitles stay stored.
    expect(p.files.sort()).toEqual([p.srtKey, p.sourceSrtKey].sort());
    expect(await t.ctx.storage.head(p.audioKey)).toBeNull();

    // Deleting it removes it and its files; someone else cannot.
    expect((await t.call(deleteVideoTranslate, { id: rec.id }, { token: bob.token })).msg).toBe(m.recordMissing);
    expect((await t.call(deleteVideoTranslate, { id: rec.id }, { token: alice.token })).msg).toBe(m.deleted);
    expect(await t.ctx.storage.head(row.videoKey!)).toBeNull();
    expect(await t.ctx.storage.head(p.srtKey)).toBeNull();
  }, 300_000);

  it('refunds in full when a step fails, with the reason in the list', async () => {
    const before = await testLedger(db()).balance(alice.id);
    asrReply = { status: 500, body: { error: { message: 'boom' } } };
    try {
      const r = await submit(alice, { ...order(aliceVideo), name: '失败测试' });
      expect(r.code).toBe(0);
      const rec = await ended(alice, r.data.id);
      expect(rec).toMatchObject({ status: 4, credits: 0, fail_reason: '语音识别服务暂时不可用，请稍后重试' });
      expect(await testLedger(db()).balance(alice.id)).toBe(before);
      expect(await reservationOf((await rowOf(rec.id)).jobKey)).toEqual([
        expect.objectContaining({ status: 'refunded' }),
      ]);
    } finally {
      asrReply = { language: 'chinese', duration: source.duration, segments: source.segments };
    }
  }, 120_000);

  it('lip-syncs the dub over the speaker (mode 1) and burns the subtitles in on request', async () => {
    const face = await faceClip(path.join(dir, 'face.mp4'), 12);
    const talking = path.join(dir, 'talking.mp4');
    await ffmpeg([
      '-i',
      face,
      '-i',
      source.file,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-t',
      '12',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      talking,
    ]);
    const fileId = await registerUpload(t, alice.id, 'video', talking);
    const segments = source.segments.filter((s) => s.end < 12);
    asrReply = { language: 'chinese', duration: 12, segments };
    try {
      const before = await testLedger(db()).balance(alice.id);
      const r = await submit(alice, { ...order(fileId), mode: 1, subtitles: 1, name: '口型测试' });
      expect(r).toMatchObject({ code: 0, data: { credits: 48 } });
      const rec = await ended(alice, r.data.id, 400_000);
      expect(rec).toMatchObject({ fail_reason: '', status: 3, mode: 1, subtitles: 1, credits: 48 });
      expect(rec.note).toBe(`${m.offlinePresetNote}；${m.lipsyncNote(m.lipsyncEngineNames.local)}`);
      expect(await testLedger(db()).balance(alice.id)).toBe(before - 48);
      const info = await probe(await localFile((await rowOf(rec.id)).videoKey!));
      expect(info.video && info.audio).toBeTruthy();
      expect(Math.abs(info.duration - 12)).toBeLessThan(0.15);
    } finally {
      asrReply = { language: 'chinese', duration: source.duration, segments: source.segments };
    }
  }, 500_000);

  it('resumes after a shutdown mid-pipeline: no second charge, no step done twice', async () => {
    textDelayMs = 60_000;
    const asrCalls = asr.requests.length;
    const textCalls = text.requests.length;
    const r = await submit(alice, { ...order(aliceVideo), name: '续跑测试' });
    expect(r.code).toBe(0);
    const id = r.data.id;
    // Killed while the text model is answering: the transcript is already stored.
    await waitFor('translation request', async () => text.requests.length > textCalls, 60_000);
    expect((await rowOf(id)).params).toMatchObject({ transcript: expect.any(Array) });
    await t.app.close();
    textDelayMs = 0;
    const again: BuiltApp = await buildApp(t.config, { pollingIntervalSeconds: 0.5 });
    Object.assign(t, { app: again.app, ctx: again.ctx });
    restarted = again;
    const done = await waitFor(
      `translation ${id}`,
      async () => ((await rowOf(id)).status >= 3 ? rowOf(id) : null),
      240_000,
    );
    expect(done.status).toBe(3);
    expect(asr.requests.length - asrCalls).toBe(1);
    const row = await rowOf(id);
    const reservations = await reservationOf(row.jobKey);
    expect(reservations).toEqual([expect.objectContaining({ status: 'settled', charged: 60 })]);
  }, 400_000);
});
