import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listVideoTranslate,
  submitVideoTranslate,
  videoTranslateMessages as m,
  type VideoTranslateRecord,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditReservations, works } from '../../db/schema/index.js';
import { startFakeChanjing, type FakeChanjing } from '../../engines/avatar/testing/fake-chanjing.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import { startFakeOpenAiTranscription } from '../../engines/transcription/testing/fake-openai-transcription.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { registerUpload } from '../works/testing/studio.js';
import { translateParamsOf } from './params.js';
import { makeSpeechVideo, startFakeTranslator } from './testing/fixtures.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let asr: FakeServer;
let text: FakeServer;
let chanjing: FakeChanjing;
let alice: TestAccount;
let source: string;
let video: number;

const SECONDS = 12;
const creds = { appId: 'translate-app', secretKey: 'translate-secret' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translate-chanjing-'));
  const spoken = await makeSpeechVideo(path.join(dir, 'media'), { seconds: SECONDS });
  source = spoken.file;
  asr = await startFakeOpenAiTranscription(() => ({
    language: 'chinese',
    duration: spoken.duration,
    segments: spoken.segments,
  }));
  text = await startFakeTranslator();
  const result = await makeClip(path.join(dir, 'chanjing-result.mp4'), {
    width: 640,
    height: 360,
    seconds: SECONDS,
    withAudio: true,
  });
  chanjing = await startFakeChanjing({ ...creds, resultFile: result, lipSyncPollsBeforeDone: 2 });
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: `${asr.url}/v1`,
    TEXT_MODEL_URL: `${text.url}/v1`,
    TRANSLATE_LIPSYNC_ENGINE: 'chanjing',
    CHANJING_BASE_URL: chanjing.url,
    CHANJING_APP_ID: creds.appId,
    CHANJING_SECRET_KEY: creds.secretKey,
    CHANJING_POLL_INTERVAL_MS: '100',
  });
  alice = await newAccount(t, { credits: 1000 });
  video = await registerUpload(t, alice.id, 'video', source);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await asr?.close();
  await text?.close();
  await chanjing?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('video translation lip-synced by 蝉镜 对口型', () => {
  it('uploads the source video and the dub to 蝉镜, keeps its video, and is charged once', async () => {
    const before = await testLedger(t.ctx.database.db).balance(alice.id);
    const r = await t.call<{ id: number; credits: number }>(
      submitVideoTranslate,
      { file_id: video, source_lang: 'zh', target_lang: 'en', mode: 1, name: '口型-蝉镜' },
      { token: alice.token },
    );
    expect(r).toMatchObject({ code: 0, data: { credits: 48 } });
    const rec = await waitFor(
      'translation',
      async () =>
        (
          await t.call<{ list: VideoTranslateRecord[] }>(listVideoTranslate, { limit: 0 }, { token: alice.token })
        ).data.list.find((x) => x.id === r.data.id && x.status >= 3),
      240_000,
    );
    expect(rec).toMatchObject({ fail_reason: '', status: 3, credits: 48 });
    expect(rec.note.endsWith(m.lipsyncNote(m.lipsyncEngineNames.chanjing))).toBe(true);
    const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, r.data.id));
    expect(row!.engine).toBe('chanjing');
    expect(translateParamsOf(row!).lipsyncTask).toEqual({ engine: 'chanjing', id: 'lipsync-1' });
    const reservations = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.jobKey, row!.jobKey));
    expect(reservations).toEqual([expect.objectContaining({ status: 'settled', charged: 48 })]);
    expect(await testLedger(t.ctx.database.db).balance(alice.id)).toBe(before - 48);

    // 蝉镜 got the user's video as uploaded and a dub track as long as it; the result is 蝉镜's picture.
    const [sent, dub] = [...chanjing.files.values()];
    expect(sent!.service).toBe('lip_sync_video');
    expect(sent!.bytes!.equals(fs.readFileSync(source))).toBe(true);
    expect(dub!.service).toBe('lip_sync_audio');
    const wav = path.join(dir, 'dub-sent.wav');
    fs.writeFileSync(wav, dub!.bytes!);
    expect(Math.abs((await probe(wav)).duration - SECONDS)).toBeLessThan(0.1);
    const info = await probe((await t.ctx.storage.toLocalFile(row!.videoKey!, dir)).path);
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs(info.duration - SECONDS)).toBeLessThan(0.15);
  }, 300_000);
});
