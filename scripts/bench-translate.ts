/**
 * Video translation of a 60 s Chinese video (espeak-ng speech every 6 s) into English, submitted
 * through the API with the speech recogniser and the text model as loopback fakes answering at once,
 * the offline voice dubbing. Timed from submit to the work done; reported as wall time ÷ video length
 * for mode 2 (voice only; goal ≤ 0.3) and mode 1 (offline lip-sync), with the CPU seconds of each step
 * (this process and the ffmpeg / espeak-ng processes it ran), so a slow step shows even on a loaded
 * machine. Run: npm run bench:translate (BENCH_MODES=2 for voice only).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { listVideoTranslate, submitVideoTranslate, type VideoTranslateRecord } from '@app/contract';
import { buildTestApp, type TestApp } from '../apps/server/test/helper.js';
import { works } from '../apps/server/src/db/schema/index.js';
import { startFakeOpenAiTranscription } from '../apps/server/src/engines/transcription/testing/fake-openai-transcription.js';
import { faceClip } from '../apps/server/src/engines/talking-face/testing/media.js';
import { ffmpeg } from '../apps/server/src/platform/media/ffmpeg.js';
import { makeSpeechVideo, startFakeTranslator } from '../apps/server/src/modules/video-translation/testing/fixtures.js';
import { registerUpload } from '../apps/server/src/modules/works/testing/studio.js';
import { newAccount, type TestAccount } from '../apps/server/test/accounts.js';
import { measure } from './lib/measure.js';

const SECONDS = 60;
const GOAL_MODE2 = 0.3;

async function translate(t: TestApp, user: TestAccount, fileId: number, mode: 1 | 2): Promise<{ wall: number; cpu: number; rec: VideoTranslateRecord; steps: string }> {
  const run = await measure((cpuSoFar) => follow(t, user, fileId, mode, cpuSoFar));
  return { wall: run.seconds, cpu: run.cpu, ...run.value };
}

/** Submits one translation and follows it to its end, the CPU of each step (of every process it causes) noted. */
async function follow(
  t: TestApp,
  user: TestAccount,
  fileId: number,
  mode: 1 | 2,
  cpuSoFar: () => Promise<number>,
): Promise<{ rec: VideoTranslateRecord; steps: string }> {
  const started = performance.now();
  let stepCpu = 0;
  const r = await t.call<{ id: number }>(
    submitVideoTranslate,
    { file_id: fileId, source_lang: 'zh', target_lang: 'en', mode, name: `基准-${mode}` },
    { token: user.token },
  );
  if (r.code !== 0) throw new Error(r.msg);
  const seen: string[] = [];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The row itself, read every 100 ms: an API list call as often would take CPU from the job it times.
    const [row] = await t.ctx.database.db
      .select({ status: works.status, step: sql<string>`${works.params}->>'step'` })
      .from(works)
      .where(eq(works.id, r.data.id));
    const rec = { status: row?.status ?? 0, step: row?.step ?? '' };
    const at = ((performance.now() - started) / 1000).toFixed(1);
    if (rec.step && seen.at(-1)?.split('@')[0] !== rec.step) {
      // The CPU spent since the last step began is that step's (polled every 100 ms).
      const now = await cpuSoFar();
      if (seen.length) seen[seen.length - 1] += ` ${(now - stepCpu).toFixed(1)} s CPU`;
      stepCpu = now;
      seen.push(`${rec.step}@${at}s`);
    }
    if (rec.status >= 3) {
      if (seen.length) seen[seen.length - 1] += ` ${((await cpuSoFar()) - stepCpu).toFixed(1)} s CPU`;
      const { list } = (await t.call<{ list: VideoTranslateRecord[] }>(listVideoTranslate, { limit: 0 }, { token: user.token })).data;
      const done = list.find((x) => x.id === r.data.id)!;
      if (done.status !== 3) throw new Error(`mode ${mode} failed: ${done.fail_reason}`);
      return { rec: done, steps: seen.join(' → ') };
    }
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-translate-'));
  const source = await makeSpeechVideo(join(dir, 'voice'), { seconds: SECONDS });
  // Mode 1 needs a face: the same sound under a talking-head picture.
  const face = await faceClip(join(dir, 'face.mp4'), SECONDS);
  const talking = join(dir, 'talking.mp4');
  await ffmpeg(['-i', face, '-i', source.file, '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-t', String(SECONDS), talking]);
  const asr = await startFakeOpenAiTranscription({ language: 'chinese', duration: source.duration, segments: source.segments });
  const text = await startFakeTranslator();
  const t = await buildTestApp({
    SEED_DEMO_ACTORS: '0',
    AVATAR_CHANNELS: 'local=local',
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: asr.baseUrl,
    TEXT_MODEL_URL: `${text.url}/v1`,
  });
  try {
    const user = await newAccount(t, { credits: 1_000_000 });
    const voiceOnly = await registerUpload(t, user.id, 'video', source.file);
    const lipsync = await registerUpload(t, user.id, 'video', talking);
    console.log(`cpus ${cpus().length}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${SECONDS} s video, ${source.segments.length} segments`);
    const modes = (process.env.BENCH_MODES ?? '2,1').split(',');
    const drift = async (id: number) => ((await t.ctx.database.db.select().from(works).where(eq(works.id, id)))[0]?.params as { drift?: number }).drift ?? 0;
    const rows = [];
    if (modes.includes('2')) {
      const two = await translate(t, user, voiceOnly, 2);
      rows.push({ mode: 'mode 2 (voice only)', ...two, ratio: two.wall / SECONDS, goal: `≤ ${GOAL_MODE2}`, drift: await drift(two.rec.id) });
    }
    if (modes.includes('1')) {
      const one = await translate(t, user, lipsync, 1);
      rows.push({ mode: 'mode 1 (offline lip-sync)', ...one, ratio: one.wall / SECONDS, goal: '—', drift: await drift(one.rec.id) });
    }
    for (const r of rows)
      console.log(
        `${r.mode}: ${r.wall.toFixed(1)} s wall = ${r.ratio.toFixed(2)} × duration (goal ${r.goal}); ${r.cpu.toFixed(1)} s CPU = ${(r.cpu / SECONDS).toFixed(2)} × duration; worst drift ${r.drift.toFixed(2)} s\n  steps: ${r.steps}`,
      );
    if (modes.includes('2')) console.log(rows[0]!.ratio <= GOAL_MODE2 ? 'mode 2 goal met' : 'mode 2 goal NOT met');
  } finally {
    await t.close();
    await asr.close();
    await text.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
