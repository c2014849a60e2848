/**
 * Times a 60 s text-driven video on the local channel: offline speech + local composition + probe,
 * against a plain ffmpeg stream copy of the same video. Run: npm run bench:synthesis
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalEngine } from '../apps/server/src/engines/avatar/local.js';
import { prepareAvatarMedia } from '../apps/server/src/engines/avatar/prepare.js';
import { createLocalSpeech, LOCAL_PRESET_VOICES } from '../apps/server/src/engines/speech/index.js';
import { ffmpeg, probe } from '../apps/server/src/platform/media/ffmpeg.js';
import { loadText, measure } from './lib/measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The video this benchmark is about: 60 s of speech (the goal is stated for that length). */
const TARGET_SECONDS = 60;
const GOAL_RATIO = 0.05;
/** One paragraph of a typical product script; repeated until the speech lasts about 60 s. */
const PARAGRAPH =
  '大家好，欢迎来到我们的数字人视频平台。今天我来介绍一下如何用它制作口播视频。<break time="0.5s"/>首先选择一个数字人形象，然后输入台词，选择声音，最后点击合成视频。';
const CLOSING = '祝您创作愉快，我们下次再见。';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

interface Sample {
  ms: number;
  /** CPU seconds of the whole process tree (this process, the media-tool helper, ffmpeg). */
  cpu: number;
  load: string;
}

async function timed(fn: () => Promise<unknown>): Promise<Sample> {
  const m = await measure(fn);
  return { ms: m.seconds * 1000, cpu: m.cpu, load: m.load };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-synthesis-'));
  try {
    const src = join(dir, 'clip.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1080x1920:rate=30',
      '-t',
      '10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      src,
    ]);
    const prepared = await measure(() => prepareAvatarMedia(src, join(dir, 'avatar')));
    const avatar = prepared.value;
    const engine = createLocalEngine();
    const speech = createLocalSpeech();
    const voice = { voiceRef: LOCAL_PRESET_VOICES[1]!.voiceRef };
    // Tune the script to this machine's voice: as many paragraphs as make about 60 s (not timed).
    const say = async (text: string, outFile: string) =>
      (await speech.synthesize({ text, voice, rate: 1, volume: 1, pitch: 1, outFile })).duration;
    const paragraphSeconds = await say(PARAGRAPH, join(dir, 'paragraph.m4a'));
    const closingSeconds = await say(CLOSING, join(dir, 'closing.m4a'));
    const repeats = Math.max(1, Math.round((TARGET_SECONDS - closingSeconds) / paragraphSeconds));
    const SCRIPT = PARAGRAPH.repeat(repeats) + CLOSING;

    const runs: { speech: Sample; render: Sample; probe: Sample; total: Sample }[] = [];
    let videoSeconds = 0;
    let speechSeconds = 0;
    for (let i = 0; i < RUNS; i++) {
      const audioFile = join(dir, `speech-${i}.m4a`);
      const outFile = join(dir, `out-${i}.mp4`);
      let s!: Sample;
      let r!: Sample;
      let p!: Sample;
      const total = await timed(async () => {
        s = await timed(async () => {
          speechSeconds = await say(SCRIPT, audioFile);
        });
        r = await timed(() => engine.render({ avatar, audioFile, outFile }));
        p = await timed(async () => {
          videoSeconds = (await probe(outFile)).duration;
        });
      });
      runs.push({ speech: s, render: r, probe: p, total });
    }
    const copies: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      copies.push(await timed(() => ffmpeg(['-i', join(dir, 'out-0.mp4'), '-c', 'copy', join(dir, `copy-${i}.mp4`)])));
    }

    const total = median(runs.map((r) => r.total.ms));
    const totalCpu = median(runs.map((r) => r.total.cpu));
    const copy = median(copies.map((r) => r.ms));
    const copyCpu = median(copies.map((r) => r.cpu));
    const step = (k: 'speech' | 'render' | 'probe') => median(runs.map((r) => r[k].ms)).toFixed(0);
    const cpuStep = (k: 'speech' | 'render' | 'probe') => median(runs.map((r) => r[k].cpu)).toFixed(2);
    const list = (xs: Sample[]) => xs.map((x) => `${x.ms.toFixed(0)} ms ${x.cpu.toFixed(2)} s CPU (${x.load})`).join('; ');
    const info = await probe(join(dir, 'out-0.mp4'));
    console.log(`machine: ${cpus().length} CPUs, ${loadText()} (1 / 5 / 15 min)`);
    console.log(
      `avatar: ${avatar.width}x${avatar.height}, ${avatar.duration}s clip (preparation, not timed: ${prepared.seconds.toFixed(1)} s, CPU ${prepared.cpu.toFixed(2)} s, ${prepared.load})`,
    );
    console.log(
      `output: ${info.video?.width}x${info.video?.height}, ${videoSeconds.toFixed(3)} s (speech ${speechSeconds.toFixed(3)} s)`,
    );
    console.log(
      `speech ${step('speech')} ms + render ${step('render')} ms + probe ${step('probe')} ms (medians of ${RUNS}); CPU ${cpuStep('speech')} + ${cpuStep('render')} + ${cpuStep('probe')} s`,
    );
    console.log(
      `speech + render + probe, median of ${RUNS}: ${total.toFixed(0)} ms wall, ${totalCpu.toFixed(2)} s CPU  [${list(runs.map((r) => r.total))}]`,
    );
    console.log(
      `baseline ffmpeg -c copy of the same ${videoSeconds.toFixed(0)} s ${info.video?.width}x${info.video?.height} video, median of ${RUNS}: ${copy.toFixed(0)} ms wall, ${copyCpu.toFixed(2)} s CPU  [${list(copies)}]`,
    );
    console.log(`script: ${repeats} paragraphs + closing (${SCRIPT.length} characters incl. pause tags)`);
    console.log(
      `total / video duration: ${(total / 1000 / videoSeconds).toFixed(4)} wall, ${(totalCpu / videoSeconds).toFixed(4)} CPU (goal <= ${GOAL_RATIO})`,
    );
    const budget = GOAL_RATIO * videoSeconds * 1000;
    console.log(
      `${total <= budget ? 'PASS' : 'MISS'}: speech + render + probe ${total.toFixed(0)} ms vs goal ${budget.toFixed(0)} ms (${GOAL_RATIO} x ${videoSeconds.toFixed(1)} s); stream-copy baseline ${copy.toFixed(0)} ms; ${loadText()}`,
    );
    console.log(
      `ratio to baseline: ${(total / copy).toFixed(2)}x wall, ${(totalCpu / Math.max(copyCpu, 0.01)).toFixed(2)}x CPU`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
