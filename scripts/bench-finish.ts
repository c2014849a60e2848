/**
 * What backdrops, captions and music cost: a 60 s talking video from a presenter filmed on a green
 * screen (a face of the face-api samples cut out on a studio green, drifting), made plain (the baseline,
 * measured in the same run) and made with captions, a picture backdrop (the screen keyed out) and music
 * ducked under the voice, each submitted through the studio's create call and timed from submit to
 * done. Goal: finished <= 1.3 x plain. The lip-sync channel by default (it encodes every frame); on the
 * local channel the plain video is a stream copy, so any change of picture costs a whole encode.
 * With BENCH_AVATAR=matted the presenter is filmed in a room instead (no screen): the first video with a
 * backdrop makes the avatar's person matte (timed apart, once), the pairs then reuse it.
 * Run: npm run bench:finish   (BENCH_RUNS=n pairs, default 2; BENCH_SPEECH_SECONDS, default 60;
 * BENCH_CHANNEL=lipsync|local; BENCH_AVATAR=screen|matted)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { listWorks, saveWork, type Work } from '@app/contract';
import { buildTestApp } from '../apps/server/test/helper.js';
import { newAccount } from '../apps/server/test/accounts.js';
import { actorClip, screenActorClip, SMILING_ACTOR } from '../apps/server/src/engines/talking-face/testing/media.js';
import { ffmpeg } from '../apps/server/src/platform/media/ffmpeg.js';
import { addVoice, cloneAvatar, registerUpload } from '../apps/server/src/modules/works/testing/studio.js';
import { loadText, measure, type Measured } from './lib/measure.js';

const GOAL = 1.3;
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SPEECH_SECONDS ?? 60);
const CHANNEL = process.env.BENCH_CHANNEL ?? 'lipsync';
const MATTED = process.env.BENCH_AVATAR === 'matted';
const SENTENCE = '欢迎来到我们的直播间，今天给大家介绍一款非常好用的新产品，它轻巧耐用，续航时间也很长。';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-finish-'));
  const t = await buildTestApp({ SEED_DEMO_ACTORS: '0', AVATAR_CHANNELS: `${CHANNEL}=${CHANNEL}` });
  try {
    const user = await newAccount(t, { credits: 10_000_000 });
    const clip = join(dir, 'actor.mp4');
    const avatar = await cloneAvatar(t, user, MATTED ? await actorClip(clip, SMILING_ACTOR, 10) : await screenActorClip(clip));
    if (avatar.screen !== (MATTED ? '' : 'green'))
      throw new Error(`the actor's screen is not the one filmed: '${avatar.screen}'`);
    const voice = await addVoice(t, { userId: null });
    const picture = join(dir, 'backdrop.jpg');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920', '-frames:v', '1', picture]);
    const song = join(dir, 'music.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=523:sample_rate=44100:d=20', '-c:a', 'aac', song]);
    const backgroundId = await registerUpload(t, user.id, 'image', picture);
    const musicId = await registerUpload(t, user.id, 'voice', song);
    // About SECONDS of offline speech (the spec's estimate: 4.2 characters a second).
    const text = SENTENCE.repeat(Math.max(1, Math.round((SECONDS * 4.2) / SENTENCE.length)));

    const make = (extra: Record<string, string | number>) =>
      measure(async () => {
        const r = await t.call<{ id: number }>(
          saveWork,
          { api: CHANNEL, video_id: avatar.id, voice_id: voice, text, ...extra },
          { token: user.token },
        );
        if (r.code !== 0) throw new Error(r.msg);
        let done: Work | undefined;
        while (!done) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const list = await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: user.token });
          done = list.data.list.find((w) => w.id === r.data.id && w.status >= 3);
        }
        if (done.status !== 3) throw new Error(`work failed: ${done.fail_reason}`);
        return done;
      });
    const finished = { captions: 1, background_id: backgroundId, music_id: musicId, music_volume: '0.4' };
    const plain: Measured<Work>[] = [];
    const full: Measured<Work>[] = [];
    // A presenter without a screen: its first video with a backdrop makes the matte, which later ones reuse.
    const first = MATTED ? await make(finished) : null;
    // Alternated, so a change of the machine's load weighs on both alike.
    for (let i = 0; i < RUNS; i++) {
      plain.push(await make({}));
      full.push(await make(finished));
    }
    const p = median(plain.map((m) => m.seconds));
    const f = median(full.map((m) => m.seconds));
    const show = (ms: Measured<Work>[]) =>
      ms.map((m) => `${m.seconds.toFixed(1)} s (CPU ${m.cpu.toFixed(1)} s, ${m.load})`).join('; ');
    console.log(`machine: ${cpus().length} CPUs, ${loadText()} (1 / 5 / 15 min)`);
    console.log(`video: ${full[0]?.value.duration.toFixed(1)} s at 720x1280 on the ${CHANNEL} channel, ${RUNS} pair(s)`);
    console.log(`baseline plain video, submit -> done: ${show(plain)}`);
    if (first) console.log(`first video with a backdrop (makes the 10 s footage's person matte): ${show([first])}`);
    console.log(`captions + picture backdrop (${MATTED ? 'matted' : 'keyed'}) + music: ${show(full)}`);
    console.log(`ratio finished / plain (medians): ${(f / p).toFixed(2)}x`);
    console.log(`${f <= GOAL * p ? 'PASS' : 'MISS'}: ${f.toFixed(1)} s vs goal ${(GOAL * p).toFixed(1)} s (${GOAL} x plain)`);
  } finally {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
