import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackFake, type FakeServer } from '../../../../test/loopback-fake.js';
import { runTool, ffmpeg, probe } from '../../../platform/media/ffmpeg.js';

/** Chinese sentences the test videos speak (espeak-ng, Mandarin). */
const SENTENCES = [
  '大家好，欢迎来到我们的直播间。',
  '今天给大家介绍一款新产品。',
  '它的价格非常实惠。',
  '喜欢的朋友请点个关注。',
  '我们下次再见。',
  '感谢大家的支持。',
  '这款产品有三种颜色。',
  '现在下单还有优惠。',
];

export interface SpokenSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * A test video of `seconds` (testsrc picture, 320×240) whose sound is Chinese speech by espeak-ng, one
 * sentence every `every` seconds starting at 1 s, over a quiet hum; returns where each sentence is.
 */
export async function makeSpeechVideo(
  dir: string,
  o: { seconds: number; every?: number; name?: string },
): Promise<{ file: string; segments: SpokenSegment[]; duration: number }> {
  await mkdir(dir, { recursive: true });
  const every = o.every ?? 6;
  const segments: SpokenSegment[] = [];
  const inputs: string[] = [];
  const filters: string[] = [];
  for (let i = 0, at = 1; at + 3 < o.seconds; i++, at += every) {
    const text = SENTENCES[i % SENTENCES.length]!;
    const wav = path.join(dir, `s${i}.wav`);
    await runTool('espeak-ng', ['-v', 'cmn', '-s', '190', '-w', wav, text]);
    const { duration } = await probe(wav);
    const len = Math.min(duration, every - 0.8);
    segments.push({ start: at, end: Math.round((at + len) * 1000) / 1000, text });
    inputs.push('-i', wav);
    filters.push(`[${segments.length}:a]atrim=0:${len.toFixed(3)},aresample=44100,adelay=${Math.round(at * 1000)}:all=1[s${i}]`);
  }
  const file = path.join(dir, o.name ?? 'source.mp4');
  const mix = `${filters.join(';')};[0:a]volume=0.05[hum];[hum]${segments.map((_, i) => `[s${i}]`).join('')}amix=inputs=${segments.length + 1}:duration=first:normalize=0[a]`;
  await ffmpeg([
    '-f', 'lavfi', '-i', `sine=frequency=120:duration=${o.seconds}:sample_rate=44100`,
    ...inputs,
    '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${o.seconds}`,
    '-filter_complex', mix,
    '-map', `${segments.length + 1}:v`, '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    file,
  ]);
  return { file, segments, duration: (await probe(file)).duration };
}

/**
 * An OpenAI-compatible `/v1/chat/completions` stand-in that "translates" each "[id] …" line of the
 * request into an English sentence with the same id (OpenAI API reference, Chat › Create completion).
 * `dropOnce` leaves one line out of the first batch reply, as a real model sometimes does.
 */
export async function startFakeTranslator(o: { dropOnce?: boolean; delayMs?: () => number } = {}): Promise<FakeServer> {
  let dropped = !o.dropOnce;
  return startLoopbackFake((req) => {
    const body = req.json<{ messages: { role: string; content: string }[] }>();
    const text = body.messages.at(-1)?.content ?? '';
    let lines = text
      .split('\n')
      .map((l) => /^\[(\d+)\]/.exec(l))
      .filter((x): x is RegExpExecArray => !!x)
      .map((x) => `[${x[1]}] Hello friends, this is line ${x[1]}.`);
    if (!lines.length) lines = ['Hello friends.'];
    if (!dropped && lines.length > 1) {
      dropped = true;
      lines = lines.slice(0, -1);
    }
    return {
      delayMs: o.delayMs?.(),
      body: {
        id: 'c1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: lines.join('\n') }, finish_reason: 'stop' }],
      },
    };
  });
}
