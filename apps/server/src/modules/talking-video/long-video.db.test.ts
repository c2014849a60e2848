import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveWork, type Avatar, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { avatars, creditLogs, creditReservations, talkingChunks, works } from '../../db/schema/index.js';
import { samplePhoto } from '../../engines/talking-face/testing/media.js';
import { decodeSpeech, SPEECH_RATE } from '../../engines/talking-face/speech.js';
import { ffmpeg, probe, runTool } from '../../platform/media/ffmpeg.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';

/**
 * A talking video longer than the chunk threshold (set low here) on the offline lip-sync channel: its
 * speech is cut into chunks rendered by jobs of their own, joined without a seam under the whole speech,
 * charged once on its real length.
 */
let t: TestApp;
let dir: string;
let owner: TestAccount;
let avatar: Avatar;
let voiceId: number;

/** About 11 s of espeak-ng speech: three chunks of about 4 s. */
const SCRIPT =
  '大家好，欢迎来到数字人视频平台。今天我们来介绍一款全新的产品。它的设计非常简洁，使用起来也很方便。如果您喜欢，请点个关注吧。';

/**
 * 5 s of a face drifting fast enough that every frame differs visibly from the one before (a repeated or
 * skipped frame at a join then shows), except where the footage's loop turns back.
 */
async function movingFace(file: string): Promise<string> {
  await ffmpeg([
    '-loop', '1', '-framerate', '25', '-i', samplePhoto(1),
    '-vf', `crop=378:672:x='304+40*sin(2*PI*t/2)':y='218+30*sin(2*PI*t/1.3)',scale=480:854,format=yuv420p`,
    '-t', '5', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', file,
  ]);
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-video-'));
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local,lipsync=lipsync',
    AVATAR_LOCAL_MAX_CONCURRENCY: '2',
    TALKING_CHUNK_AFTER_SECONDS: '5',
    TALKING_CHUNK_SECONDS: '4',
  });
  owner = await newAccount(t, { credits: 1000 });
  avatar = await cloneAvatar(t, owner, await movingFace(path.join(dir, 'face.mp4')));
  voiceId = await addVoice(t, { userId: owner.id });
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Submits the script on the lip-sync channel; watches the work's progress until it ends. */
async function render(name: string): Promise<{ work: Work; progress: number[] }> {
  const r = await t.call<{ id: number }>(
    saveWork,
    { name, video_id: avatar.id, voice_id: voiceId, text: SCRIPT, api: 'lipsync' },
    { token: owner.token },
  );
  if (r.code !== 0) throw new Error(r.msg);
  const progress: number[] = [];
  const work = await waitFor(
    `work ${r.data.id}`,
    async () => {
      const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, r.data.id));
      if (row && progress.at(-1) !== row.progress) progress.push(row.progress);
      const l = await t.call<{ list: Work[] }>(listWorks, { page: 1, limit: 0 }, { token: owner.token });
      return l.data.list.find((x) => x.id === r.data.id && (x.status === 3 || x.status === 4));
    },
    600_000,
  );
  return { work, progress };
}

const W = 96;
const H = 160;

/** Every frame of a video, small and grey, for comparing pictures. */
async function greyFrames(file: string): Promise<Buffer[]> {
  const raw = await runTool('ffmpeg', ['-v', 'error', '-i', file, '-vf', `scale=${W}:${H},format=gray`, '-f', 'rawvideo', 'pipe:1']);
  const frames: Buffer[] = [];
  for (let at = 0; at + W * H <= raw.length; at += W * H) frames.push(raw.subarray(at, at + W * H));
  return frames;
}

const meanDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

const rmsAround = (samples: Int16Array, seconds: number) => {
  const from = Math.max(0, Math.round((seconds - 0.1) * SPEECH_RATE));
  const to = Math.min(samples.length, Math.round((seconds + 0.1) * SPEECH_RATE));
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
};

const localFile = (key: string | null) => t.ctx.localStorage!.pathOf(key!);

describe('a long talking video rendered in chunks', () => {
  it('joins its chunks without a seam under the whole speech, counts chunks in its progress and is charged once', async () => {
    const { work, progress } = await render('长视频');
    expect(work.status, work.fail_reason).toBe(3);
    const db = t.ctx.database.db;
    const [row] = await db.select().from(works).where(eq(works.id, work.id));
    const chunks = (await db.select().from(talkingChunks).where(eq(talkingChunks.workId, work.id))).sort(
      (a, b) => a.position - b.position,
    );
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.every((c) => c.status === 3)).toBe(true);
    // Ranges follow one another from frame 0.
    chunks.forEach((c, i) => expect(c.startFrame).toBe(i === 0 ? 0 : chunks[i - 1]!.startFrame + chunks[i - 1]!.frames));
    // The chunks' clips were steps: removed once joined.
    for (const c of chunks) expect(await t.ctx.storage.head(c.clipKey!)).toBeNull();

    const video = localFile(row!.videoKey);
    const speechFile = localFile((row!.params as { speechKey: string }).speechKey);
    const [info, speech] = await Promise.all([probe(video), probe(speechFile)]);
    const fps = info.video!.fps;
    const total = chunks.reduce((n, c) => n + c.frames, 0);
    expect(Math.abs(info.duration - speech.duration)).toBeLessThanOrEqual(1 / fps + 0.001);
    const frames = await greyFrames(video);
    expect(frames.length).toBe(total);

    // No frame repeated or skipped at a join: the step there is like the steps elsewhere (the footage moves
    // all the time, except where its loop turns back, which shows its last frame twice).
    const [clip] = await db.select().from(avatars).where(eq(avatars.id, avatar.id));
    const turn = (f: number) => f % clip!.frameCount === 0;
    const steps = frames.slice(1).map((f, i) => meanDiff(frames[i]!, f));
    const joins = chunks.slice(1).map((c) => c.startFrame);
    const elsewhere = steps.filter((_, i) => !joins.includes(i + 1) && !turn(i + 1)).sort((a, b) => a - b);
    const low = elsewhere[Math.floor(elsewhere.length * 0.02)]!;
    const high = elsewhere[Math.floor(elsewhere.length * 0.98)]!;
    expect(low).toBeGreaterThan(0.2);
    for (const j of joins) {
      if (turn(j)) continue;
      expect(steps[j - 1], `step into frame ${j}`).toBeGreaterThanOrEqual(low);
      expect(steps[j - 1], `step into frame ${j}`).toBeLessThanOrEqual(high);
      // And like the steps just around it (the drift is smooth): a frame shown twice or left out would halve or double it.
      const near = [j - 3, j - 2, j, j + 1].filter((i) => !turn(i + 1)).map((i) => steps[i]!);
      const ratio = steps[j - 1]! / (near.reduce((a, b) => a + b, 0) / near.length);
      expect(ratio, `step into frame ${j} against its neighbours`).toBeGreaterThan(0.6);
      expect(ratio, `step into frame ${j} against its neighbours`).toBeLessThan(1.6);
    }

    // The sound is the whole speech: around each join as loud as the speech itself there.
    const heard = await decodeSpeech(video);
    const spoken = await decodeSpeech(speechFile);
    for (const j of joins) {
      const at = j / fps;
      const a = rmsAround(heard, at);
      const b = rmsAround(spoken, at);
      expect(Math.abs(a - b), `sound at ${at.toFixed(2)} s`).toBeLessThanOrEqual(0.2 * Math.max(b, 300));
    }

    // Progress went through the chunks, not straight from the speech to the end.
    expect(progress.some((p) => p > 10 && p < 90)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // Charged once, on the joined video's real length.
    const [hold] = await db.select().from(creditReservations).where(eq(creditReservations.jobKey, row!.jobKey));
    expect(hold).toMatchObject({ status: 'settled', charged: row!.creditsCharged });
    const logs = await db.select().from(creditLogs).where(eq(creditLogs.jobKey, row!.jobKey));
    expect(logs).toHaveLength(2);
    expect(logs.map((l) => l.credits).reduce((a, b) => a + b, 0)).toBe(-row!.creditsCharged);
    const perSecond = (row!.params as { creditsPerSecond: number }).creditsPerSecond;
    expect(row!.creditsCharged).toBe(Math.ceil(info.duration - 0.001) * perSecond);
  }, 900_000);

  it('retries a failed chunk alone, by its own job', async () => {
    const engine = t.ctx.engines.avatar.forChannel('lipsync');
    const render0 = engine.render.bind(engine);
    const calls: number[] = [];
    let failed = false;
    (engine as { render: typeof engine.render }).render = async (req) => {
      calls.push(req.segment?.start ?? -1);
      if (!failed && req.segment && req.segment.start > 0) {
        failed = true;
        throw new Error('a worker ran out of memory');
      }
      return render0(req);
    };
    try {
      const { work } = await render('失败一次的分段');
      expect(work.status, work.fail_reason).toBe(3);
      const chunks = await t.ctx.database.db.select().from(talkingChunks).where(eq(talkingChunks.workId, work.id));
      const retried = chunks.filter((c) => c.failures > 0);
      expect(retried).toHaveLength(1);
      // The failed chunk rendered twice, every other chunk once.
      for (const c of chunks) expect(calls.filter((s) => s === c.startFrame)).toHaveLength(c.failures > 0 ? 2 : 1);
    } finally {
      (engine as { render: typeof engine.render }).render = render0;
    }
  }, 900_000);
});
