import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSpeech } from '../speech/local.js';
import { decodeSpeech, SPEECH_RATE } from './speech.js';
import { pauses } from './testing/media.js';
import { visemeTrack, type VisemeTrack } from './visemes.js';

let dir: string;
let track: VisemeTrack;
/** The three vowels' frames: [first, last] of each sounding run, in script order a, i, u, a, i, u. */
let runs: [number, number][];

const mean = (v: Float32Array, [a, b]: [number, number]) => {
  let s = 0;
  for (let f = a; f <= b; f++) s += v[f]!;
  return s / (b - a + 1);
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'visemes-'));
  const speech = createLocalSpeech();
  const gap = '<break time="0.5s"/>';
  const { file } = await speech.synthesize({
    text: ['啊', '一', '乌', '啊', '一', '乌'].join(gap),
    voice: { voiceRef: '' },
    rate: 0.8,
    volume: 1,
    pitch: 1,
    outFile: join(dir, 'aiu.wav'),
  });
  const samples = await decodeSpeech(file);
  const frames = Math.floor((samples.length / SPEECH_RATE) * 25);
  track = visemeTrack(samples, SPEECH_RATE, 25, frames);
  const quiet = pauses(track.rms, 0.01, 8);
  runs = [];
  let from = 0;
  for (const [a, b] of [...quiet, [frames, frames] as [number, number]]) {
    if (a - 1 > from + 2) runs.push([from, a - 1]);
    from = b + 1;
  }
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('visemes from the sound', () => {
  it('opens wide for a, little for i and u; spreads for i, rounds for u', () => {
    expect(runs.length).toBe(6);
    const by = (k: number) => [runs[k]!, runs[k + 3]!] as const;
    const avg = (v: Float32Array, k: number) => (mean(v, by(k)[0]) + mean(v, by(k)[1])) / 2;
    const [openA, openI, openU] = [0, 1, 2].map((k) => avg(track.open, k)) as [number, number, number];
    console.info(`visemes: open a ${openA.toFixed(2)} i ${openI.toFixed(2)} u ${openU.toFixed(2)}; ` +
      `spread i ${avg(track.i, 1).toFixed(2)} u ${avg(track.i, 2).toFixed(2)}; round i ${avg(track.u, 1).toFixed(2)} u ${avg(track.u, 2).toFixed(2)}`);
    expect(openA).toBeGreaterThan(1.5 * openI);
    expect(openA).toBeGreaterThan(1.5 * openU);
    expect(avg(track.a, 0)).toBeGreaterThan(avg(track.a, 1) * 2);
    expect(avg(track.i, 1)).toBeGreaterThan(0.3);
    expect(avg(track.i, 1)).toBeGreaterThan(avg(track.i, 2) * 2);
    expect(avg(track.u, 2)).toBeGreaterThan(0.3);
    expect(avg(track.u, 2)).toBeGreaterThan(avg(track.u, 1) * 2);
  });

  it('closes the lips in every pause and glides without jitter', () => {
    const quiet = pauses(track.rms, 0.01, 8);
    expect(quiet.length).toBeGreaterThanOrEqual(5);
    for (const [a, b] of quiet)
      for (let f = a + 1; f < b; f++) {
        expect(track.open[f], `frame ${f}`).toBe(0);
        expect(track.m[f], `frame ${f}`).toBeGreaterThan(0.5);
      }
    // No jitter: the opening never turns back and forth on consecutive frames by more than a little.
    let flips = 0;
    for (let f = 2; f < track.frames; f++) {
      const d1 = track.open[f - 1]! - track.open[f - 2]!;
      const d2 = track.open[f]! - track.open[f - 1]!;
      if (d1 * d2 < 0 && Math.min(Math.abs(d1), Math.abs(d2)) > 0.08) flips++;
    }
    expect(flips).toBe(0);
  });

  it('leans ahead: the mouth starts opening a frame or two before the sound', () => {
    // The second vowel follows a pause; the first starts with the file.
    const start = runs[1]![0];
    expect(track.open[start - 3]).toBe(0);
    expect(track.open[start - 1]! + track.open[start - 2]!).toBeGreaterThan(0);
  });
});
