import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSpeech } from '../apps/server/src/engines/speech/local.js';
import { countScriptChars } from '../apps/server/src/engines/speech/script.js';
import { loadText, measure } from './lib/measure.js';

/**
 * Offline speech benchmark: a 500-character Chinese script, timed end to end (text to encoded file).
 * Each run also prints the CPU time of every process it causes (espeak-ng, ffmpeg) and the load average.
 */

/** Goal of the speech issue: synthesis time / audio duration on this machine. */
const GOAL_RTF = 0.05;

const PARAGRAPH =
  '欢迎来到数字人视频创作平台。在这里，您只需要上传一段视频和一段声音，输入想说的台词，就能生成会说话的数字分身。' +
  '今天是2024年3月5日，我们的新版本正式上线，合成速度提升了35%，支持中文和English混合朗读。' +
  '如果您有任何问题，请拨打客服电话400-800-1234，或者在工作日的9:30到18:00之间联系我们的在线客服。' +
  '我们相信，人工智能会让每一个人都能轻松地表达自己，把好的想法传递给更多的人。';

function buildScript(chars: number): string {
  let script = '';
  while (countScriptChars(script) < chars) script += PARAGRAPH;
  return Array.from(script).slice(0, chars).join('');
}

async function main(): Promise<void> {
  const script = buildScript(500);
  const dir = await mkdtemp(join(tmpdir(), 'bench-tts-'));
  const speech = createLocalSpeech();
  const runs: { ms: number; duration: number; cpu: number; load: string }[] = [];
  try {
    for (let i = 0; i < 4; i++) {
      const m = await measure(() =>
        speech
          .synthesize({
            text: script,
            voice: { voiceRef: 'local:m3:50:175' },
            rate: 1,
            volume: 1,
            pitch: 1,
            outFile: join(dir, `bench-${i}.m4a`),
          })
          .catch((e: unknown) => {
            throw new Error(`run ${i + 1}: synthesis failed: ${(e as Error).message}`);
          }),
      );
      if (!(m.value.duration > 0)) throw new Error(`run ${i + 1}: the synthesised audio has no duration`);
      runs.push({ ms: m.seconds * 1000, duration: m.value.duration, cpu: m.cpu, load: m.load });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`machine: ${cpus().length} CPUs; script: ${countScriptChars(script)} characters`);
  runs.forEach((r, i) =>
    console.log(
      `run ${i + 1}${i === 0 ? ' (cold)' : ''}: ${(r.ms / 1000).toFixed(3)} s for ${r.duration.toFixed(2)} s of audio, RTF ${(r.ms / 1000 / r.duration).toFixed(4)}, CPU ${r.cpu.toFixed(2)} s (${r.load})`,
    ),
  );
  const warm = runs.slice(1);
  const ms = warm.reduce((s, r) => s + r.ms, 0) / warm.length;
  const duration = warm[0]?.duration ?? 0;
  const rtf = ms / 1000 / duration;
  const cpu = warm.reduce((s, r) => s + r.cpu, 0) / warm.length;
  console.log(
    `warm average: synthesis ${(ms / 1000).toFixed(3)} s (CPU ${cpu.toFixed(2)} s), audio ${duration.toFixed(2)} s, real-time factor ${rtf.toFixed(4)}`,
  );
  const pass = duration > 0 && rtf <= GOAL_RTF;
  console.log(
    `${pass ? 'PASS' : 'MISS'}: real-time factor ${rtf.toFixed(4)} ${pass ? '<=' : '>'} goal ${GOAL_RTF}; ${loadText()}`,
  );
}

await main();
