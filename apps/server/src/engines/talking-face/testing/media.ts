import { createRequire } from 'node:module';
import path from 'node:path';
import { ffmpeg, runTool } from '../../../platform/media/ffmpeg.js';
import { detectFaces, landmarksInBox, type DetectedFace, type Point } from '../face-api.js';
import { readRawFrames } from '../frames.js';

/** The sample photos shipped in the npm package @vladmandic/face-api (demo/sample1..6.jpg). */
export function samplePhoto(n: number): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`);
}

/**
 * A talking-head-like clip: a portrait crop of sample1.jpg around one face (closed mouth), drifting
 * a few pixels on a slow ellipse as a filmed person would, at 480×854, 25 fps.
 */
export async function faceClip(file: string, seconds = 6): Promise<string> {
  await ffmpeg([
    '-loop', '1', '-framerate', '25', '-i', samplePhoto(1),
    '-vf', `crop=378:672:x='304+9*sin(2*PI*t/6)':y='218+6*sin(4*PI*t/6)',scale=480:854,format=yuv420p`,
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', file,
  ]);
  return file;
}

/** Mandarin speech from espeak-ng with three pauses of 0.6–0.9 s (about 15 s in all). */
export async function speechWithPauses(file: string): Promise<string> {
  const ssml =
    '<speak>大家好，欢迎来到直播间。<break time="700ms"/>今天介绍一款新产品。<break time="900ms"/>' +
    '它的设计非常简洁。<break time="600ms"/>请点个关注吧。</speak>';
  await runTool('espeak-ng', ['-m', '-v', 'cmn', '-s', '190', '-w', file, ssml]);
  return file;
}

/**
 * Mouth opening as face-api sees it: the mean gap between the inner lips (points 61–67, 62–66,
 * 63–65) over the mouth's width (48–54). About 0–0.05 for closed lips, 0.2+ for an open "a".
 */
export function mouthOpening(p: Point[]): number {
  const d = (a: number, b: number) => Math.hypot(p[a]!.x - p[b]!.x, p[a]!.y - p[b]!.y);
  return (d(61, 67) + d(62, 66) + d(63, 65)) / 3 / d(48, 54);
}

export interface MeasuredFrame {
  landmarks: Point[] | null;
  opening: number;
}

/**
 * face-api's landmarks of the largest face on every `step`-th frame of a video: the SSD detector
 * runs on every `detectEvery`-th measured frame (the box is kept in between), the landmark net on each.
 */
export async function measureFaces(
  file: string,
  width: number,
  height: number,
  opts: { step?: number; detectEvery?: number } = {},
): Promise<MeasuredFrame[]> {
  const out: MeasuredFrame[] = [];
  const step = opts.step ?? 1;
  let box: DetectedFace['box'] | null = null;
  const select = step > 1 ? ['-vf', `select='not(mod(n\\,${step}))'`, '-fps_mode', 'passthrough'] : [];
  for await (const rgb of readRawFrames(['-i', file, '-map', '0:v:0', ...select], 'rgb24', width * height * 3)) {
    if (out.length % (opts.detectEvery ?? 10) === 0 || !box) box = (await detectFaces(rgb, width, height, { detector: 'ssd' }))[0]?.box ?? null;
    const landmarks = box ? await landmarksInBox(rgb, width, height, box) : null;
    out.push({ landmarks, opening: landmarks ? mouthOpening(landmarks) : 0 });
  }
  return out;
}

/** Every frame's luma plane. */
export async function lumaFrames(file: string, width: number, height: number, frames?: number): Promise<Buffer[]> {
  const all: Buffer[] = [];
  const limit = frames === undefined ? [] : ['-frames:v', String(frames)];
  for await (const y of readRawFrames(['-i', file, '-map', '0:v:0', ...limit], 'gray', width * height)) all.push(y);
  return all;
}

export async function rgbFrameAt(file: string, index: number, width: number, height: number): Promise<Buffer> {
  const raw = await runTool('ffmpeg', [
    '-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
  ]);
  if (raw.length !== width * height * 3) throw new Error(`frame ${index} of ${file} not found`);
  return raw;
}

export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]! / n;
    mb += b[i]! / n;
  }
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb || 1);
}

/** Runs of at least `minFrames` frames whose RMS is under `gate`: [first, last] frame indexes. */
export function pauses(rms: ArrayLike<number>, gate: number, minFrames: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= rms.length; i++) {
    const quiet = i < rms.length && rms[i]! < gate;
    if (quiet && start < 0) start = i;
    if (!quiet && start >= 0) {
      if (i - start >= minFrames) runs.push([start, i - 1]);
      start = -1;
    }
  }
  return runs;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Compares an output frame with its source (luma): the mean absolute difference outside and inside
 * `box`, and the border step — across the box's edge, how much the output's jump from the pixel just
 * inside to the pixel just outside differs from the source's (a pasted patch shows a step there).
 */
export function seamFigures(out: Buffer, src: Buffer, width: number, height: number, box: Box) {
  let outside = 0;
  let nOut = 0;
  let inside = 0;
  let nIn = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.abs(out[y * width + x]! - src[y * width + x]!);
      if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1) {
        inside += d;
        nIn++;
      } else {
        outside += d;
        nOut++;
      }
    }
  let step = 0;
  let nStep = 0;
  const at = (b: Buffer, x: number, y: number) => b[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  const edge = (xi: number, yi: number, xo: number, yo: number) => {
    step += Math.abs(at(out, xi, yi) - at(out, xo, yo) - (at(src, xi, yi) - at(src, xo, yo)));
    nStep++;
  };
  for (let x = box.x0; x <= box.x1; x++) {
    edge(x, box.y0, x, box.y0 - 1);
    edge(x, box.y1, x, box.y1 + 1);
  }
  for (let y = box.y0; y <= box.y1; y++) {
    edge(box.x0, y, box.x0 - 1, y);
    edge(box.x1, y, box.x1 + 1, y);
  }
  return { outside: outside / Math.max(1, nOut), inside: inside / Math.max(1, nIn), step: step / Math.max(1, nStep) };
}

/**
 * A presenter clip the way the demo actors are made: a crop of one of the package's sample photos
 * around one person, scaled 6 % larger than the frame and drifting a few pixels on a slow ellipse.
 */
export async function actorClip(
  file: string,
  actor: { photo: number; crop: { w: number; h: number; x: number; y: number }; out: { w: number; h: number } },
  seconds = 6,
): Promise<string> {
  const { crop, out } = actor;
  const bigW = Math.round((out.w * 1.06) / 2) * 2;
  const bigH = Math.round((out.h * 1.06) / 2) * 2;
  await ffmpeg([
    '-loop', '1', '-framerate', '25', '-i', samplePhoto(actor.photo),
    '-vf',
    `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=${bigW}:${bigH},` +
      `crop=${out.w}:${out.h}:x='(iw-ow)/2+(iw-ow)/2*sin(2*PI*t/6)':y='(ih-oh)/2+(ih-oh)/3*sin(4*PI*t/6)',format=yuv420p`,
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', file,
  ]);
  return file;
}

/** sample3.jpg's right-hand woman (苏晴 of the demo actors), smiling with her teeth showing, a crop at 720×1280. */
export const SMILING_ACTOR = { photo: 3, crop: { w: 560, h: 996, x: 1330, y: 100 }, out: { w: 720, h: 1280 } };

/**
 * A presenter filmed on a studio green, 720×1280: that woman's head and shoulders cut out of her photo in a
 * soft oval, drifting a few pixels on a slow ellipse.
 */
export async function screenActorClip(file: string, seconds = 10): Promise<string> {
  const { crop } = SMILING_ACTOR;
  const mask = `${file}.mask.png`;
  await ffmpeg([
    '-f', 'lavfi', '-i', 'color=c=black:s=600x1000', '-frames:v', '1',
    '-vf', "format=gray,geq=lum='255*lt(pow((X-300)/290,2)+pow((Y-560)/520,2),1)',gblur=sigma=3", mask,
  ]);
  await ffmpeg([
    '-f', 'lavfi', '-i', `color=c=0x00b140:s=720x1280:r=25:d=${seconds}`,
    '-loop', '1', '-framerate', '25', '-i', samplePhoto(SMILING_ACTOR.photo),
    '-i', mask,
    '-filter_complex',
    `[1:v]crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=600:1000,format=yuva420p[p];[2:v]format=gray[m];` +
      `[p][m]alphamerge[cut];[0:v][cut]overlay=x='60+8*sin(2*PI*t/6)':y='280+5*sin(4*PI*t/6)':shortest=1,format=yuv420p[v]`,
    '-map', '[v]', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', file,
  ]);
  return file;
}
/** sample6.jpg's left-hand woman, closed-lipped smile, a crop at 720×1280. */
export const CLOSED_ACTOR = { photo: 6, crop: { w: 540, h: 960, x: 80, y: 200 }, out: { w: 720, h: 1280 } };

/**
 * How far the lips are apart: the mean gap between the inner lips over the distance between the
 * outer eye corners (unlike `mouthOpening`, a narrower, rounded mouth does not read as more open).
 */
export function lipGap(p: Point[]): number {
  const d = (a: number, b: number) => Math.hypot(p[a]!.x - p[b]!.x, p[a]!.y - p[b]!.y);
  return (d(61, 67) + d(62, 66) + d(63, 65)) / 3 / d(36, 45);
}

/** Mouth width over the distance between the outer eye corners (steady against zoom and sway). */
export function mouthWidth(p: Point[]): number {
  const d = (a: number, b: number) => Math.hypot(p[a]!.x - p[b]!.x, p[a]!.y - p[b]!.y);
  return d(48, 54) / d(36, 45);
}

/** Whether (x, y) is inside the polygon `poly`. */
function insidePolygon(poly: Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * What the mouth of one RGB frame shows: the bright-teeth pixels (light and nearly grey) inside
 * `box`, and the largest share of the inner-lip area (landmarks `p`) taken by one colour (16 levels a channel).
 */
export function mouthPixels(rgb: Buffer, width: number, p: Point[], box: Box): { teeth: number; flat: number; inner: number } {
  const inner = p.slice(60, 68);
  let teeth = 0;
  for (let y = Math.floor(box.y0); y <= Math.ceil(box.y1); y++)
    for (let x = Math.floor(box.x0); x <= Math.ceil(box.x1); x++) {
      const i = (y * width + x) * 3;
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      if ((r + g + b) / 3 > 170 && Math.max(r, g, b) - Math.min(r, g, b) < 50) teeth++;
    }
  const bins = new Map<number, number>();
  let n = 0;
  const ix = inner.map((q) => q.x);
  const iy = inner.map((q) => q.y);
  for (let y = Math.floor(Math.min(...iy)); y <= Math.ceil(Math.max(...iy)); y++)
    for (let x = Math.floor(Math.min(...ix)); x <= Math.ceil(Math.max(...ix)); x++) {
      if (!insidePolygon(inner, x + 0.5, y + 0.5)) continue;
      const i = (y * width + x) * 3;
      const key = ((rgb[i]! >> 4) << 8) | ((rgb[i + 1]! >> 4) << 4) | (rgb[i + 2]! >> 4);
      bins.set(key, (bins.get(key) ?? 0) + 1);
      n++;
    }
  const top = Math.max(0, ...bins.values());
  return { teeth, flat: n ? top / n : 0, inner: n };
}

/** The offline voice saying 啊 / 一 / 乌 in turn with pauses between, and the frames of each vowel. */
export async function vowelSpeech(file: string, rounds = 3): Promise<string> {
  const { createLocalSpeech } = await import('../../speech/local.js');
  const gap = '<break time="0.45s"/>';
  const text = Array.from({ length: rounds }, () => ['啊', '一', '乌'].join(gap)).join(gap);
  await createLocalSpeech().synthesize({ text, voice: { voiceRef: '' }, rate: 0.6, volume: 1, pitch: 1, outFile: file });
  return file;
}

/** The sounding runs between pauses of at least `minFrames` quiet frames: [first, last] frame. */
export function soundingRuns(rms: ArrayLike<number>, gate: number, minFrames: number): [number, number][] {
  const runs: [number, number][] = [];
  let from = 0;
  for (const [a, b] of [...pauses(rms, gate, minFrames), [rms.length, rms.length] as [number, number]]) {
    if (a - 1 > from + 2) runs.push([from, a - 1]);
    from = b + 1;
  }
  return runs;
}
