import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  createAvatar,
  createImageGenerate,
  parseVideoLink,
  savePhoto,
  saveVoice,
  saveWork,
  startAudition,
  submitVideoTranslate,
} from '@app/contract';
import { apiAndWorker, callServer, childServerEnv, withApp, withDatabase } from '../../../test/child-server.js';
import { backend, freshDatabase, waitFor } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { makeFakeMedia, startFakeOpenAiImages } from '../../engines/image/testing/fake-vendors.js';
import { spokenPcm, spokenSample } from '../../engines/speech/testing/audio-fixtures.js';
import { startFakeOpenAiTranscription } from '../../engines/transcription/testing/fake-openai-transcription.js';
import { testLedger } from '../../modules/billing/testing/ledger.js';
import { startFakeParseService } from '../../modules/extraction/testing/fake-parse-service.js';
import { makeSpeechVideo, startFakeTranslator } from '../../modules/video-translation/testing/fixtures.js';
import { addVoice, registerUpload } from '../../modules/works/testing/studio.js';
import { ffmpeg } from '../media/ffmpeg.js';
import type { Db } from '../db/client.js';

/**
 * kill -9 of the worker process while one order of every kind of job is mid-way, on PostgreSQL split
 * mode (an api and a worker process on one database), then the worker started again: each order ends
 * done, or failed and refunded, within 90 s of the restart, charged at most once, and the queue puts
 * the cut-off jobs back instead of sending new ones. Remote engines are loopback fakes that hold their
 * answer until released after the kill; local work is caught while its job is active.
 * Skipped on the embedded database (PGlite): one process owns it, so there is no worker apart from the
 * api to kill; a whole process killed and started again is what the multi-scene and producing crash tests do.
 */
const split = backend === 'postgres';
const RECOVERY_SECONDS = 90;
const PHOTO_TEXT = '小猫咪你好，我们出去玩吧。';
const AUDITION_TEXT = '欢迎来到直播间。';

type Ending = 'running' | 'done' | 'failed';
interface RecordState {
  ending: Ending;
  /** The record's key in the credit ledger; null for a free kind. */
  jobKey: string | null;
  held: number;
  charged: number;
}
interface Kind {
  job: string;
  /** Places the order through the HTTP contract, as the web app does; returns the record's id. */
  submit: () => Promise<number | string>;
  read: (d: Db, id: number | string) => Promise<RecordState>;
  /** A remote engine's fake holds this order's request; local kinds have none. */
  stalled?: () => boolean;
}

let dir: string;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let servers: Awaited<ReturnType<typeof apiAndWorker>> | null = null;
const fakes: FakeServer[] = [];
let release: () => void = () => undefined;
const released = new Promise<void>((r) => (release = r));
const hold = () => released;
/** What the CosyVoice fake was asked to speak, by route. */
const spoken: { path: string; text: string }[] = [];
let cosy: FakeServer;
let asr: FakeServer;
let images: FakeServer;
let parser: FakeServer;
/** The loopback web site the extracted video comes from. */
let siteUrl = '';
let setup: {
  alice: TestAccount;
  bob: TestAccount;
  voiceId: number;
  /** The pet's picture in alice's upload folder, registered through the API once it runs. */
  petPictureKey: string;
  recording: number;
  avatarClip: number;
  speechVideo: number;
};

const rowOf = async (d: Db, q: SQL) => {
  const { rows } = (await d.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  if (!rows[0]) throw new Error('record not found');
  return rows[0];
};
/** A record's state from `status` (with the done and failed values of its table) and its ledger columns. */
const stateOf = (r: Record<string, unknown>, done: number, failed: number): RecordState => {
  const status = Number(r.status);
  return {
    ending: status === done ? 'done' : status === failed ? 'failed' : 'running',
    jobKey: (r.job_key as string | null | undefined) ?? null,
    held: Number(r.held ?? 0),
    charged: Number(r.charged ?? 0),
  };
};
async function order<T>(p: string, params: Record<string, string | number>, who: TestAccount): Promise<T> {
  const r = await callServer<T>(env, 'POST', p, params, who.token);
  expect(r.code, `${p}: ${r.msg}`).toBe(0);
  return r.data;
}
const works = (d: Db, id: number | string) =>
  rowOf(
    d,
    sql`select status, job_key, credits_held as held, credits_charged as charged from works where id = ${Number(id)}`,
  ).then((r) => stateOf(r, 3, 4));

const kinds: Record<string, Kind> = {
  'photo videos': {
    job: 'photo.render',
    submit: async () => {
      const picture = await order<{ file_id: number }>(
        completeUpload.path,
        { file_type: 'image', url: setup.petPictureKey },
        setup.alice,
      );
      const photo = await order<{ id: number }>(
        savePhoto.path,
        { name: '旺财', file_id: picture.file_id, type: 2 },
        setup.alice,
      );
      const work = await order<{ id: number }>(
        saveWork.path,
        { api: 'local', photo_id: photo.id, voice_id: setup.voiceId, text: PHOTO_TEXT },
        setup.alice,
      );
      return work.id;
    },
    read: works,
    stalled: () => spoken.some((s) => s.text.includes('小猫咪')),
  },
  'voice clones': {
    job: 'voice.clone',
    submit: async () =>
      (
        await order<{ id: number }>(
          saveVoice.path,
          { name: '中断的克隆', file_id: setup.recording, api: 'kyy' },
          setup.bob,
        )
      ).id,
    read: async (d, id) =>
      stateOf(
        await rowOf(
          d,
          sql`select status, job_key, credits as held, case when status = 2 then credits else 0 end as charged
              from voice_trainings where voice_id = ${Number(id)}`,
        ),
        2,
        3,
      ),
    // The preview of a cloned voice is spoken from its reference clip, not by a built-in speaker.
    stalled: () => spoken.some((s) => s.path !== '/inference_sft'),
  },
  'voice auditions': {
    job: 'voice.audition',
    submit: async () =>
      (await order<{ job_id: string }>(startAudition.path, { voice_id: setup.voiceId, text: AUDITION_TEXT }, setup.bob))
        .job_id,
    read: async (d, id) =>
      stateOf(await rowOf(d, sql`select status from voice_auditions where id = ${String(id)}`), 3, 4),
    stalled: () => spoken.some((s) => s.text.includes(AUDITION_TEXT.slice(0, 4))),
  },
  'avatar preparation': {
    job: 'avatar.prepare',
    submit: async () =>
      (await order<{ id: number }>(createAvatar.path, { name: '中断的分身', file_id: setup.avatarClip }, setup.alice))
        .id,
    read: async (d, id) => stateOf(await rowOf(d, sql`select status from avatars where id = ${Number(id)}`), 2, 3),
  },
  extraction: {
    job: 'extraction.run',
    submit: async () =>
      (await order<{ id: number }>(parseVideoLink.path, { link: `看看这个 ${siteUrl}/share/crash.html` }, setup.bob))
        .id,
    read: async (d, id) =>
      stateOf(
        await rowOf(
          d,
          sql`select status, job_key, credits_held as held, credits_charged as charged from analyse_records where id = ${Number(id)}`,
        ),
        3,
        4,
      ),
    stalled: () => parser.requests.length > 0,
  },
  translation: {
    job: 'translate.run',
    submit: async () =>
      (
        await order<{ id: number }>(
          submitVideoTranslate.path,
          { file_id: setup.speechVideo, source_lang: 'zh', target_lang: 'en', mode: 2 },
          setup.alice,
        )
      ).id,
    read: works,
    stalled: () => asr.requests.length > 0,
  },
  'AI pictures': {
    job: 'ai-media.generate',
    submit: async () =>
      (await order<{ id: number }>(createImageGenerate.path, { text: '雪山日出', num: 1 }, setup.alice)).id,
    read: async (d, id) =>
      stateOf(
        await rowOf(
          d,
          sql`select status, job_key, credits_held as held, credits_charged as charged from ai_media_records where id = ${Number(id)}`,
        ),
        3,
        4,
      ),
    stalled: () => images.requests.some((r) => r.path === '/v1/images/generations'),
  },
};
const jobNames = Object.values(kinds).map((k) => k.job);

async function jobCounts(d: Db): Promise<Record<string, number>> {
  const { rows } = (await d.execute(
    sql`select name, count(*)::int as n from pgboss.job where name in (${sql.join(
      jobNames.map((n) => sql`${n}`),
      sql`, `,
    )}) group by name`,
  )) as unknown as { rows: { name: string; n: number }[] };
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
async function jobStates(d: Db, name: string): Promise<string[]> {
  const { rows } = (await d.execute(
    sql`select state::text as state from pgboss.job where name = ${name}`,
  )) as unknown as {
    rows: { state: string }[];
  };
  return rows.map((r) => r.state);
}

describe.skipIf(!split)('kill -9 of the worker with one order of every kind mid-way', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-table-'));
    const at = (name: string) => path.join(dir, name);
    const [pcm, recording, media, speech] = await Promise.all([
      spokenPcm(22050),
      spokenSample('f2', 14, 'crash-recording.wav'),
      makeFakeMedia(dir),
      makeSpeechVideo(at('speech'), { seconds: 6 }),
      makeClip(at('avatar.mp4'), { width: 360, height: 640, seconds: 6 }),
      makeClip(at('clip.mp4'), { width: 320, height: 240, seconds: 2, withAudio: true }),
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', at('pet.png')]),
    ]);
    // Two seconds of CosyVoice's raw 16-bit PCM at 22.05 kHz, for every speech request once released.
    const twoSeconds = pcm.subarray(0, 22050 * 2 * 2);
    cosy = await startLoopbackFake(async (req) => {
      const form = await req.form();
      spoken.push({ path: req.path, text: String(form.get('tts_text') ?? '') });
      await hold();
      return { headers: { 'content-type': 'application/octet-stream' }, body: twoSeconds };
    });
    asr = await startFakeOpenAiTranscription(async () => {
      await hold();
      return { language: 'chinese', duration: speech.duration, segments: speech.segments };
    });
    images = await startFakeOpenAiImages(media, { apiKey: 'sk-crash', hold });
    const site = await startLoopbackFake({
      host: '127.0.0.2',
      routes: { '/media/clip.mp4': () => ({ file: at('clip.mp4') }) },
    });
    siteUrl = site.url;
    parser = await startFakeParseService(
      { '/share/crash.html': { type: 'video', desc: '被打断的提取', videoUrl: `${site.url}/media/clip.mp4` } },
      { hold },
    );
    const text = await startFakeTranslator();
    fakes.push(cosy, asr, images, site, parser, text);

    db = await freshDatabase();
    servers = await apiAndWorker(
      {
        ...(await childServerEnv(dir, db.env)),
        AVATAR_CHANNELS: 'local=local',
        WORK_LEASE_SECONDS: '5',
        SPEECH_COSYVOICE_URL: cosy.url,
        TRANSCRIPTION_ENGINE: 'openai',
        TRANSCRIPTION_OPENAI_URL: `${asr.url}/v1`,
        TEXT_MODEL_URL: `${text.url}/v1`,
        TRANSLATE_DUB_CHANNEL: 'local',
        OPENAI_IMAGE_BASE_URL: images.url,
        OPENAI_IMAGE_API_KEY: 'sk-crash',
        AI_IMAGE_CHANNEL: 'openai',
        EXTRACTION_RESOLVERS: 'parse-service',
        PARSE_SERVICE_URL: parser.url,
        EXTRACTION_FREE_PER_DAY: '0',
        TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
      },
      dir,
    );
    env = servers.env;
    setup = await withApp(env, async (ctx) => {
      const alice = await newAccount({ ctx }, { credits: 5000 });
      const bob = await newAccount({ ctx }, { credits: 5000 });
      // Every clone of the remote channel is paid, so its hold and settlement are in the ledger.
      await ctx.database.db.execute(sql`update voice_channels set free_times = 0 where api = 'kyy'`);
      return {
        alice,
        bob,
        voiceId: await addVoice({ ctx }, { userId: null, api: 'kyy', voiceRef: 'spk:中文女' }),
        petPictureKey: await ctx.storage
          .putFile(`users/${alice.id}/image/pet.png`, at('pet.png'))
          .then(() => `users/${alice.id}/image/pet.png`),
        recording: await registerUpload({ ctx }, bob.id, 'voice', recording),
        avatarClip: await registerUpload({ ctx }, alice.id, 'video', at('avatar.mp4')),
        speechVideo: await registerUpload({ ctx }, alice.id, 'video', speech.file),
      };
    });
  }, 180_000);
  afterAll(async () => {
    release();
    await servers?.stop('SIGKILL');
    await Promise.all(fakes.map((f) => f.close()));
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ends every order done or refunded within 90 s of the restart, charged at most once, with no job sent again', async () => {
    const { api, worker } = servers!;
    await Promise.all([api.start('api'), worker.start('worker')]);
    await withDatabase(env, async (d) => {
      const remote = Object.entries(kinds).filter(([, k]) => k.stalled);
      const ids: Record<string, number | string> = {};
      for (const [name, k] of remote) ids[name] = await k.submit();
      await waitFor(
        'every remote engine holding its request',
        () => Promise.resolve(remote.every(([, k]) => k.stalled!())),
        120_000,
      );
      // The local preparation is caught while it runs: its job active, its row still processing.
      ids['avatar preparation'] = await kinds['avatar preparation']!.submit();
      await waitFor(
        'the avatar preparation to start',
        async () => (await jobStates(d, 'avatar.prepare')).includes('active'),
        60_000,
        50,
      );
      await worker.stop('SIGKILL');

      // What the dead worker left: every order mid-way, its job still active.
      for (const [name, k] of Object.entries(kinds)) {
        expect((await k.read(d, ids[name]!)).ending, name).toBe('running');
        expect(await jobStates(d, k.job), name).toEqual(['active']);
      }
      const submitted = await jobCounts(d);
      release();
      const restartedAt = Date.now();
      await worker.start('worker again');

      const endedIn: Record<string, number> = {};
      const most: Record<string, number> = { ...submitted };
      await waitFor(
        'every order to end',
        async () => {
          for (const [name, k] of Object.entries(kinds)) {
            if (endedIn[name] !== undefined) continue;
            const { ending } = await k.read(d, ids[name]!);
            if (ending === 'running') continue;
            endedIn[name] = (Date.now() - restartedAt) / 1000;
            console.info(`${name}: ${ending} ${endedIn[name].toFixed(1)} s after the restart`);
          }
          for (const [name, n] of Object.entries(await jobCounts(d))) most[name] = Math.max(most[name] ?? 0, n);
          return Object.keys(endedIn).length === Object.keys(kinds).length;
        },
        240_000,
        500,
      );

      for (const [name, k] of Object.entries(kinds)) {
        const r = await k.read(d, ids[name]!);
        expect(endedIn[name], name).toBeLessThanOrEqual(RECOVERY_SECONDS);
        if (!r.jobKey || r.held === 0) {
          expect(r.ending, name).toBe('done');
          continue;
        }
        const { rows: logs } = (await d.execute(
          sql`select credits from credit_logs where job_key = ${r.jobKey} order by id`,
        )) as unknown as { rows: { credits: number }[] };
        const { rows: holds } = (await d.execute(
          sql`select status, held, charged from credit_reservations where job_key = ${r.jobKey}`,
        )) as unknown as { rows: { status: string; held: number; charged: number }[] };
        // One hold, closed once: settled at what the record says it cost, or refunded in full.
        expect(holds, name).toEqual([
          { status: r.ending === 'done' ? 'settled' : 'refunded', held: r.held, charged: r.charged },
        ]);
        if (r.ending === 'failed') expect(r.charged, name).toBe(0);
        const credits = logs.map((l) => Number(l.credits));
        const net = credits.reduce((a, b) => a + b, 0);
        expect(credits[0], name).toBe(-r.held);
        expect(credits.length, name).toBeLessThanOrEqual(2);
        expect(net, name).toBe(-r.charged);
      }
      // The job table did not grow while the orders waited: each order is still its one job.
      expect(most).toEqual(Object.fromEntries(jobNames.map((n) => [n, 1])));
      expect(submitted).toEqual(most);
      for (const who of [setup.alice, setup.bob]) {
        const { rows } = (await d.execute(
          sql`select coalesce(sum(credits), 0)::int as n from credit_logs where user_id = ${who.id}`,
        )) as unknown as { rows: { n: number }[] };
        expect(Number(rows[0]!.n)).toBe(await testLedger(d).balance(who.id));
      }
    });
    await servers!.stop('SIGTERM');
  }, 400_000);
});
