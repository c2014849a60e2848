/**
 * Multi-scene works on the local channel: 10 scenes of about 6 s each, submitted through the API and
 * timed from submit to the merged work done, against a baseline measured in the same run: ffmpeg
 * concat by stream copy of the ten finished scene clips. Run: npm run bench:multiscene
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { listWorks, saveMultiWork, type Work } from '@app/contract';
import { buildTestApp } from '../apps/server/test/helper.js';
import { multiScenes, works } from '../apps/server/src/db/schema/index.js';
import { makeClip } from '../apps/server/src/engines/avatar/testing/media.js';
import { ffmpeg, probe } from '../apps/server/src/platform/media/ffmpeg.js';
import { joinVideoClips, type ClipFormat } from '../apps/server/src/modules/multi-scene/media.js';
import { addVoice, cloneAvatar } from '../apps/server/src/modules/works/testing/studio.js';
import { newAccount } from '../apps/server/test/accounts.js';
import { loadText, measure } from './lib/measure.js';

const SCENES = 10;
/** About 6 s of offline speech each (characters / 4.2 s is the spec's estimate). */
const LINES = [
  '大家好，欢迎来到今天的直播间，我们马上就开始今天的节目。',
  '这款产品采用全新的设计，轻巧又耐用，拿在手里非常舒服。',
  '它的续航时间很长，出门一整天也不用担心电量不够用。',
  '我们还准备了多种颜色可以选择，满足每个人不同的喜好。',
  '现在下单还能享受限时优惠，机会难得，大家千万不要错过。',
  '很多老顾客都说它是今年最值得买的好物，回购率特别高。',
  '如果您有任何问题，欢迎随时在评论区给我们留言。',
  '我们的客服会在第一时间为您耐心解答所有的疑问。',
  '别忘了点赞关注我们的账号，下次直播也不要错过哦。',
  '感谢大家今天的陪伴和支持，我们下期节目再见吧。',
];
const GOAL_TOTAL = 0.1;
const GOAL_JOIN = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-multiscene-'));
  const t = await buildTestApp({ SEED_DEMO_ACTORS: '0', AVATAR_CHANNELS: 'local=local' });
  try {
    const user = await newAccount(t, { credits: 1_000_000 });
    const avatar = await cloneAvatar(
      t,
      user,
      await makeClip(join(dir, 'actor.mp4'), { width: 720, height: 1280, seconds: 10 }),
    );
    const voice = await addVoice(t, { userId: null });
    const content = JSON.stringify(
      LINES.slice(0, SCENES).map((text) => ({
        type: 'text',
        text,
        voice_id: voice,
        video_id: avatar.id,
        rate: 1,
        volume: 1,
        pitch: 1,
      })),
    );
    const run = await measure(async () => {
      const r = await t.call<{ id: number }>(
        saveMultiWork,
        { name: '基准', api: 'local', content },
        { token: user.token },
      );
      if (r.code !== 0) throw new Error(r.msg);
      let done: Work | undefined;
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const list = await t.call<{ list: Work[] }>(listWorks, { limit: 0, is_multi: 1 }, { token: user.token });
        done = list.data.list.find((w) => w.id === r.data.id && w.status >= 3);
      }
      return { r, done };
    });
    const { r, done } = run.value;
    const totalMs = run.seconds * 1000;
    if (done.status !== 3) throw new Error(`work failed: ${done.fail_reason}`);
    const db = t.ctx.database.db;
    const [row] = await db.select().from(works).where(eq(works.id, r.data.id));
    const scenes = (await db.select().from(multiScenes).where(eq(multiScenes.workId, r.data.id))).sort(
      (a, b) => a.position - b.position,
    );
    const landed = Math.max(...scenes.map((s) => s.updatedAt.getTime()));
    const fanInMs = (row?.finishedAt?.getTime() ?? landed) - landed;
    const clips: string[] = [];
    for (const s of scenes) clips.push((await t.ctx.storage.toLocalFile(s.clipKey ?? '', dir)).path);
    const merged = await probe((await t.ctx.storage.toLocalFile(row?.videoKey ?? '', dir)).path);

    // Baseline and the join step itself, each five times on the same ten clips.
    const list = join(dir, 'clips.txt');
    await writeFile(list, clips.map((c) => `file '${c}'`).join('\n'));
    const copies: number[] = [];
    const joins: number[] = [];
    for (let i = 0; i < 5; i++) {
      let s = performance.now();
      await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', join(dir, `copy-${i}.mp4`)]);
      copies.push(performance.now() - s);
      s = performance.now();
      await joinVideoClips(
        clips,
        join(dir, `join-${i}.mp4`),
        dir,
        undefined,
        scenes.map((x) => x.format as ClipFormat | null),
      );
      joins.push(performance.now() - s);
    }
    const copy = median(copies);
    const joinMs = median(joins);
    const sum = scenes.reduce((n, s) => n + s.duration, 0);
    console.log(
      `machine: ${cpus().length} CPUs, ${loadText()} (1 / 5 / 15 min)`,
    );
    console.log(
      `scenes: ${SCENES} on the local channel, ${scenes.map((s) => s.duration.toFixed(1)).join(' + ')} = ${sum.toFixed(2)} s`,
    );
    console.log(
      `merged: ${merged.video?.width}x${merged.video?.height}, ${merged.duration.toFixed(2)} s, joined by stream copy: ${String((row?.params as { joinedByCopy?: boolean }).joinedByCopy)}`,
    );
    console.log(
      `submit -> merged work done: ${totalMs.toFixed(0)} ms, CPU ${run.cpu.toFixed(2)} s, ${run.load} (fan-in, last scene landed -> done: ${fanInMs} ms)`,
    );
    console.log(
      `baseline ffmpeg concat -c copy of the ten clips, median of 5: ${copy.toFixed(0)} ms [${copies.map((x) => x.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `join step (joinVideoClips on the same clips, formats as recorded when each landed), median of 5: ${joinMs.toFixed(0)} ms [${joins.map((x) => x.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `ratio total / baseline: ${(totalMs / copy).toFixed(1)}x; join / baseline: ${(joinMs / copy).toFixed(2)}x`,
    );
    const budget = GOAL_TOTAL * merged.duration * 1000;
    console.log(
      `${totalMs <= budget ? 'PASS' : 'MISS'}: total ${totalMs.toFixed(0)} ms vs goal ${budget.toFixed(0)} ms (${GOAL_TOTAL} x ${merged.duration.toFixed(1)} s)`,
    );
    console.log(
      `${joinMs <= GOAL_JOIN * copy ? 'PASS' : 'MISS'}: join ${joinMs.toFixed(0)} ms vs goal ${(GOAL_JOIN * copy).toFixed(0)} ms (${GOAL_JOIN} x baseline)`,
    );
  } finally {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
