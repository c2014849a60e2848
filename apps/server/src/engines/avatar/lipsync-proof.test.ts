import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { releaseFaceThread, type Point } from '../talking-face/face-api.js';
import { readRawFrames } from '../talking-face/frames.js';
import { decodeSpeech, frameRms } from '../talking-face/speech.js';
import {
  faceClip,
  lipGap,
  measureFaces,
  mouthPixels,
  mouthWidth,
  pauses,
  pearson,
  soundingRuns,
  speechWithPauses,
  vowelSpeech,
  type MeasuredFrame,
} from '../talking-face/testing/media.js';
import { createLipsyncEngine, type LipsyncReport } from './local-lipsync.js';
import { prepareAvatarMedia } from './prepare.js';
import type { PreparedAvatar } from './types.js';

/**
 * The proof of the offline lip-sync on generated speech: the offline voice saying 啊 / 一 / 乌 (a / i /
 * u) with pauses, rendered (1) by the jaw drive on a face clip whose lips never part, and (2) from the
 * footage on an avatar cloned from a clip of that face speaking (another text), whose mouths the
 * engine takes from its own frames. face-api's landmarks of every output frame say how the mouth
 * looks: the shapes differ per vowel, the opening follows the loudness, the pauses close the mouth,
 * and an open mouth is never one flat colour.
 */
const FPS = 25;

interface Measured {
  out: string;
  frames: MeasuredFrame[];
  gap: number[];
  width: number[];
  report: LipsyncReport;
}

let dir: string;
let rms: Float32Array;
let vowels: [number, number][];
let quiet: [number, number][];
let jaw: Measured;
let footage: Measured;
let size: { width: number; height: number };
/** How far face-api's opening of lips that never move wanders from frame to frame: the measure's own noise. */
let jitter: number;
const timings: string[] = [];
let clock = performance.now();
const lap = (what: string) => {
  timings.push(`${what} ${((performance.now() - clock) / 1000).toFixed(1)} s`);
  clock = performance.now();
};

/** Renders the vowel speech on `avatar`, and reads the output's landmarks and pixels on every frame. */
async function renderAndMeasure(avatar: PreparedAvatar, speech: string, name: string): Promise<Measured> {
  let report: LipsyncReport | null = null;
  const out = join(dir, `${name}.mp4`);
  await createLipsyncEngine({ onReport: (r) => void (report = r) }).render({ avatar, audioFile: speech, outFile: out });
  const frames = (await measureFaces(out, avatar.width, avatar.height, { detectEvery: 25 })).slice(0, rms.length);
  lap(`${name} render and landmarks`);
  const gap = frames.map((m) => (m.landmarks ? lipGap(m.landmarks) : 0));
  const width = frames.map((m) => (m.landmarks ? mouthWidth(m.landmarks) : 0));
  return { out, frames, gap, width, report: report! };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
/** The middle half of a run: the vowel itself, not the lips on their way. */
const middle = ([a, b]: [number, number]) => Array.from({ length: b - a + 1 }, (_, k) => a + k).filter((i) => i >= a + (b - a) / 4 && i <= b - (b - a) / 4);

/** Mean of `values` over the middle of every run of vowel `k` (0 a, 1 i, 2 u). */
function perVowel(values: number[], k: number): number {
  return mean(vowels.filter((_, n) => n % 3 === k).flatMap((run) => middle(run).map((i) => values[i]!)));
}

/** Pearson r of the opening against the loudness with the opening moved by `offset` frames. */
function shifted(gap: number[], offset: number): number {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rms.length; i++) {
    const j = i + offset;
    if (j < 0 || j >= gap.length) continue;
    a.push(gap[j]!);
    b.push(rms[i]!);
  }
  return pearson(a, b);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lipsync-proof-'));
  const engine = createLipsyncEngine();
  const [speech, other, clip] = await Promise.all([
    vowelSpeech(join(dir, 'vowels.wav')),
    speechWithPauses(join(dir, 'other.wav')),
    faceClip(join(dir, 'face.mp4'), 5),
  ]);
  const samples = await decodeSpeech(speech);
  rms = frameRms(samples, FPS, Math.floor((samples.length / 16_000) * FPS));
  vowels = soundingRuns(rms, 0.01, 6);
  quiet = pauses(rms, 0.01, Math.ceil(0.3 * FPS));

  lap('media');
  // (1) A face whose lips never part: the jaw drive.
  const still = await engine.prepareAvatar(await prepareAvatarMedia(clip, join(dir, 'still')));
  size = still;
  const steady = (await measureFaces(still.mezzanine, still.width, still.height, { step: 5, detectEvery: 25 })).flatMap((m) => (m.landmarks ? [lipGap(m.landmarks)] : []));
  jitter = Math.max(...steady) - Math.min(...steady);
  lap('still avatar');

  // (2) The same face speaking another text (its first 10 s), cloned: its own mouths speak the vowels.
  // Made while the jaw drive's output is measured (the landmark net and ffmpeg share the cores).
  const speakingAvatar = (async () => {
    const otherCut = join(dir, 'other-10s.wav');
    await ffmpeg(['-i', other, '-t', '10', otherCut]);
    const talking = join(dir, 'talking.mp4');
    await engine.render({ avatar: still, audioFile: otherCut, outFile: talking });
    const silent = join(dir, 'talking-silent.mp4');
    await ffmpeg(['-i', talking, '-an', '-c:v', 'copy', silent]);
    return engine.prepareAvatar(await prepareAvatarMedia(silent, join(dir, 'speaking')));
  })();
  jaw = await renderAndMeasure(still, speech, 'jaw');
  const speaking = await speakingAvatar;
  lap('speaking avatar');
  footage = await renderAndMeasure(speaking, speech, 'footage');
  releaseFaceThread();
  console.info(`proof set-up: ${timings.join(', ')}`);
}, 300_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['jaw drive (a face whose lips never part)', () => jaw, 'jaw'],
  ['footage mouths (an avatar cloned from a speaking clip)', () => footage, 'footage'],
] as const)('offline lip-sync proof: %s', (_name, get, drive) => {
  it('is driven the way its footage calls for', () => {
    expect(vowels.length).toBe(9);
    expect(get().report.drive).toBe(drive);
    expect(get().frames.every((m) => m.landmarks)).toBe(true);
  });

  it('gives each vowel its own mouth: a opens most, i is wider than u', () => {
    const { gap, width } = get();
    const [ga, gi, gu] = [0, 1, 2].map((k) => perVowel(gap, k)) as [number, number, number];
    const [wa, wi, wu] = [0, 1, 2].map((k) => perVowel(width, k)) as [number, number, number];
    console.info(
      `${drive} shapes: opening a ${ga.toFixed(3)} i ${gi.toFixed(3)} u ${gu.toFixed(3)} (a/i ${(ga / gi).toFixed(2)}, a/u ${(ga / gu).toFixed(2)}); ` +
        `width a ${wa.toFixed(3)} i ${wi.toFixed(3)} u ${wu.toFixed(3)}`,
    );
    expect(ga).toBeGreaterThan(gi);
    expect(ga).toBeGreaterThan(gu);
    expect(wi).toBeGreaterThan(wu);
  });

  it('opens with the loudness (r ≥ 0.5, best at 0 ± 1 frame) and closes in every pause of 0.3 s or more', () => {
    const { gap } = get();
    const byOffset = [-3, -2, -1, 0, 1, 2, 3].map((o) => ({ o, r: shifted(gap, o) }));
    const best = byOffset.reduce((a, b) => (b.r > a.r ? b : a));
    console.info(`${drive} sync: ${byOffset.map(({ o, r }) => `${o}:${r.toFixed(3)}`).join(' ')}`);
    expect(byOffset.find((x) => x.o === 0)!.r).toBeGreaterThanOrEqual(0.5);
    expect(Math.abs(best.o)).toBeLessThanOrEqual(1);
    // Closed: within a pause, once the lips had 3 frames to close and before they open 2 frames
    // ahead of the next vowel (co-articulation). The mouth's closed shape here (the median over the
    // pauses) is as closed as the quietest tenth of all frames, and no pause frame is more open than
    // it, each give or take a tenth of the widest opening beyond what the measure wanders by on lips
    // that never move (the still clip).
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const quietest = sorted(gap)[Math.floor(gap.length / 10)]!;
    const widest = Math.max(...gap);
    expect(quiet.length).toBeGreaterThanOrEqual(3);
    const inPauses = quiet.flatMap(([a, b]) => Array.from({ length: Math.max(0, b - 2 - (a + 3) + 1) }, (_, k) => a + 3 + k));
    const closed = sorted(inPauses.map((i) => gap[i]!))[Math.floor(inPauses.length / 2)]!;
    const within = 0.1 * widest + jitter;
    console.info(
      `${drive} pauses: quietest tenth ${quietest.toFixed(3)}, closed (pause median) ${closed.toFixed(3)}, widest ${widest.toFixed(3)}, measure's own jitter ${jitter.toFixed(3)}, ` +
        `most open in a pause ${Math.max(...inPauses.map((i) => gap[i]!)).toFixed(3)}`,
    );
    expect(closed).toBeLessThanOrEqual(quietest + within);
    for (const i of inPauses) expect(gap[i]!, `frame ${i} in a pause`).toBeLessThanOrEqual(closed + within);
  });

  it('never shows an open mouth as one flat colour', async () => {
    const { frames, gap, out } = get();
    const open = [...gap.keys()].filter((i) => rms[i]! > 0.02).sort((a, b) => gap[b]! - gap[a]!).slice(0, 12).sort((a, b) => a - b);
    const rgb: Buffer[] = [];
    const select = ['-vf', `select='${open.map((i) => `eq(n\\,${i})`).join('+')}'`, '-fps_mode', 'passthrough'];
    for await (const f of readRawFrames(['-i', out, '-map', '0:v:0', ...select], 'rgb24', size.width * size.height * 3)) rgb.push(Buffer.from(f));
    expect(rgb).toHaveLength(open.length);
    const flat = open.map((i, k) => {
      const p = frames[i]!.landmarks as Point[];
      const xs = p.slice(48, 68).map((q) => q.x);
      const ys = p.slice(48, 68).map((q) => q.y);
      return mouthPixels(rgb[k]!, size.width, p, { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }).flat;
    });
    console.info(
      `${drive} flat colour share of the inner lips, widest open frames: max ${Math.max(...flat).toFixed(3)}, mean ${mean(flat).toFixed(3)} ` +
        `(frame:opening/share ${open.map((i, k) => `${i}:${gap[i]!.toFixed(3)}/${flat[k]!.toFixed(2)}`).join(' ')})`,
    );
    expect(Math.max(...flat)).toBeLessThan(0.3);
  });

  if (drive === 'footage')
    it('takes its open mouths from the footage (≥ 80 % of open frames)', () => {
      const { report } = get();
      const share = report.footageOpenFrames / Math.max(1, report.openFrames);
      console.info(
        `footage mouths: ${report.footageOpenFrames} of ${report.openFrames} open frames (${(share * 100).toFixed(1)} %), ` +
          `${new Set(report.mouthSource).size} source frames; opened further by the jaw on ${report.jawTopUps} of ${report.frames} frames`,
      );
      expect(report.openFrames).toBeGreaterThan(20);
      expect(share).toBeGreaterThanOrEqual(0.8);
      // Several of the footage's mouths, not one held throughout (closed, spread, rounded, open at the least).
      expect(new Set(report.mouthSource).size).toBeGreaterThanOrEqual(4);
    });
});
