import { open } from 'node:fs/promises';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { HOLD_BELOW_SECONDS, type PlacedSegment, type Stretch } from './align.js';

/** The dub track's format: mono 16-bit PCM at 24 kHz. */
const RATE = 24_000;

/** Step 1: the source's sound as 16 kHz mono WAV, what speech recognisers hear. */
export async function extractAudio(source: string, out: string, signal?: AbortSignal): Promise<void> {
  await ffmpeg(['-i', source, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out], { signal });
}

/** Up to `maxSeconds` of the speaker from the first speech on, for cloning the voice. */
export async function voiceSample(
  audio: string,
  speech: { start: number; end: number }[],
  out: string,
  maxSeconds = 20,
  signal?: AbortSignal,
): Promise<void> {
  const from = speech[0]?.start ?? 0;
  const to = Math.min(speech.at(-1)?.end ?? from + maxSeconds, from + maxSeconds);
  await ffmpeg(['-ss', from.toFixed(3), '-t', Math.max(1, to - from).toFixed(3), '-i', audio, '-ac', '1', '-ar', '16000', out], { signal });
}

function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** atempo takes 0.5–2 per stage; chained for anything beyond, either way. */
function tempoFilter(speed: number): string {
  if (Math.abs(speed - 1) < 0.001) return 'anull';
  const stages: string[] = [];
  let left = speed;
  while (left > 2) {
    stages.push('atempo=2');
    left /= 2;
  }
  while (left < 0.5) {
    stages.push('atempo=0.5');
    left /= 0.5;
  }
  stages.push(`atempo=${left.toFixed(4)}`);
  return stages.join(',');
}

const f3 = (n: number) => n.toFixed(3);

/**
 * The source with the given spans slowed (a dub that did not fit even at 1.3× and with its gap): the
 * picture by setpts, its sound by atempo over exactly the same span so they stay in step; a span too
 * short to slow holds its last frame (and silence) instead. Everything else plays as it was.
 */
export async function stretchSource(
  source: string,
  stretches: Stretch[],
  duration: number,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const parts: { from: number; to: number; extra: number }[] = [];
  let at = 0;
  for (const s of stretches) {
    if (s.from > at) parts.push({ from: at, to: s.from, extra: 0 });
    parts.push(s);
    at = Math.max(at, s.to);
  }
  if (at < duration) parts.push({ from: at, to: duration, extra: 0 });
  const chains = parts.map((p, i) => {
    const span = p.to - p.from;
    if (span < HOLD_BELOW_SECONDS) {
      const from = Math.max(0, p.from - 0.04);
      return (
        `[0:v]trim=start=${f3(from)}:end=${f3(p.from)},setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop_duration=${f3(p.extra)}[v${i}];` +
        `[0:a]atrim=start=${f3(from)}:end=${f3(p.from)},asetpts=PTS-STARTPTS,apad=pad_dur=${f3(p.extra)}[a${i}]`
      );
    }
    const slow = (span + p.extra) / span;
    return (
      `[0:v]trim=start=${f3(p.from)}:end=${f3(p.to)},setpts=(PTS-STARTPTS)*${slow.toFixed(6)}[v${i}];` +
      `[0:a]atrim=start=${f3(p.from)}:end=${f3(p.to)},asetpts=PTS-STARTPTS,${tempoFilter(1 / slow)}[a${i}]`
    );
  });
  const graph = `${chains.join(';')};${parts.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${parts.length}:v=1:a=1[v][a]`;
  await ffmpeg(
    [
      '-i', source,
      '-filter_complex', graph,
      '-map', '[v]',
      '-map', '[a]',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '160k',
      '-movflags', '+faststart',
      out,
    ],
    { signal },
  );
}

/** Runs jobs with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * Step 5: the dub track, exactly `duration` seconds: each clip at its tempo, placed at its start,
 * silence everywhere else (the padding of short segments included).
 */
export async function buildDubTrack(
  placed: PlacedSegment[],
  clipOf: (id: number) => string,
  duration: number,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const total = Math.round(duration * RATE);
  const pcm = new Int16Array(total);
  await eachLimited(placed, 3, async (p) => {
    if (p.length <= 0) return;
    const raw = await ffmpeg(['-i', clipOf(p.id), '-af', tempoFilter(p.speed), '-ac', '1', '-ar', String(RATE), '-f', 's16le', '-'], { signal });
    const samples = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 2));
    const at = Math.round(p.start * RATE);
    const n = Math.min(samples.length, Math.round(p.length * RATE), total - at);
    if (n > 0) pcm.set(samples.subarray(0, n), at);
  });
  const body = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const fh = await open(out, 'w');
  try {
    await fh.write(wavHeader(body.length));
    await fh.write(body);
  } finally {
    await fh.close();
  }
}

export interface MixOptions {
  /** The picture: the source itself (mode 2) or the lip-synced render (mode 1). */
  video: string;
  /** The source, whose sound is kept under the dub. */
  original: string;
  track: string;
  out: string;
  /** Subtitles burnt into the picture (re-encodes it); otherwise the picture is copied untouched. */
  burnSrt?: string;
  signal?: AbortSignal;
}

/** Escapes a path for ffmpeg's filter syntax (subtitles=…). */
const filterPath = (p: string) => p.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

/**
 * Step 6: the dub over the original sound, which is lowered throughout and ducked further whenever the
 * dub speaks (sidechain), muxed with the picture. The length is the original's.
 */
export async function mixAndMux(o: MixOptions): Promise<void> {
  const audio =
    '[2:a]aresample=48000,aformat=channel_layouts=stereo,asplit=2[dub][key];' +
    '[1:a]aresample=48000,aformat=channel_layouts=stereo,volume=0.35[bed];' +
    '[bed][key]sidechaincompress=threshold=0.015:ratio=10:attack=15:release=350[ducked];' +
    '[ducked][dub]amix=inputs=2:duration=first:normalize=0[a]';
  const video = o.burnSrt
    ? `;[0:v]subtitles='${filterPath(o.burnSrt)}':force_style='FontName=Noto Sans CJK SC,FontSize=18,Outline=1'[v]`
    : '';
  await ffmpeg(
    [
      '-i', o.video,
      '-i', o.original,
      '-i', o.track,
      '-filter_complex', audio + video,
      '-map', o.burnSrt ? '[v]' : '0:v:0',
      '-map', '[a]',
      ...(o.burnSrt ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'] : ['-c:v', 'copy']),
      '-c:a', 'aac', '-b:a', '160k',
      '-movflags', '+faststart',
      o.out,
    ],
    { signal: o.signal },
  );
}

export async function coverOf(video: string, out: string, signal?: AbortSignal): Promise<void> {
  await ffmpeg(['-i', video, '-frames:v', '1', '-q:v', '3', out], { signal });
}
