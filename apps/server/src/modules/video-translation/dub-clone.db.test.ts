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
import { works } from '../../db/schema/index.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import { startFakeOpenAiTranscription } from '../../engines/transcription/testing/fake-openai-transcription.js';
import { registerUpload } from '../works/testing/studio.js';
import { translateParamsOf } from './params.js';
import { startFakeFishAudio } from './testing/fake-fish-audio.js';
import { makeSpeechVideo, startFakeTranslator } from './testing/fixtures.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

const MODEL = 'speaker-model-1';

let t: TestApp;
let dir: string;
let asr: FakeServer;
let text: FakeServer;
let fish: FakeServer;
let alice: TestAccount;
let video: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translate-clone-'));
  const source = await makeSpeechVideo(path.join(dir, 'media'), { seconds: 30 });
  asr = await startFakeOpenAiTranscription(() => ({
    language: 'chinese',
    duration: source.duration,
    segments: source.segments,
  }));
  text = await startFakeTranslator();
  fish = await startFakeFishAudio(MODEL);
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: `${asr.url}/v1`,
    TEXT_MODEL_URL: `${text.url}/v1`,
    // A voice channel that clones: Fish Audio's cloud, picked by the default `auto`.
    SPEECH_FISH_URL: fish.url,
    SPEECH_FISH_KEY: 'fish-key',
  });
  alice = await newAccount(t, { credits: 1000 });
  video = await registerUpload(t, alice.id, 'video', source.file);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([asr?.close(), text?.close(), fish?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('dubbing with a cloning voice channel', () => {
  it('clones the speaker once through Fish Audio and speaks every segment with that cloned voice', async () => {
    const r = await t.call<{ id: number }>(
      submitVideoTranslate,
      { file_id: video, source_lang: 'zh', target_lang: 'en', mode: 2 },
      { token: alice.token },
    );
    expect(r).toMatchObject({ code: 0, msg: m.submitted });
    const rec = await waitFor(
      `translation ${r.data.id}`,
      async () =>
        (
          await t.call<{ list: VideoTranslateRecord[] }>(listVideoTranslate, { limit: 0 }, { token: alice.token })
        ).data.list.find((x) => x.id === r.data.id && x.status >= 3),
      300_000,
    );
    expect(rec.status, rec.fail_reason).toBe(3);
    expect(rec.note).toMatch(new RegExp(`^${m.clonedVoiceNote('.+')}`));
    expect(rec.note).not.toContain(m.offlineVoiceNote);

    // One model made from the speaker's own sample, then every segment synthesized with it.
    const cloned = fish.requests.filter((q) => q.path === '/model');
    expect(cloned).toHaveLength(1);
    expect(cloned[0]!.headers.authorization).toBe('Bearer fish-key');
    const sample = (await cloned[0]!.form()).get('voices') as File;
    expect(sample.size).toBeGreaterThan(10_000);
    const spoken = fish.requests
      .filter((q) => q.path === '/v1/tts')
      .map((q) => q.json<{ reference_id: string; text: string }>());
    const p = translateParamsOf((await t.ctx.database.db.select().from(works).where(eq(works.id, r.data.id)))[0]!);
    expect(spoken.length).toBe(p.transcript!.length);
    expect(spoken.every((q) => q.reference_id === MODEL)).toBe(true);
    expect(spoken.map((q) => q.text).sort()).toEqual(Object.values(p.translations).sort());
    expect(p).toMatchObject({ dubChannel: 'fish', dubVoice: { voiceRef: MODEL } });
  }, 400_000);
});
