import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { makeTone } from '../avatar/testing/media.js';
import { detectFaces, euclidean, faceDescriptor } from '../talking-face/face-api.js';
import { blinkTrack } from '../talking-face/eyes.js';
import { decodeSpeech, frameRms } from '../talking-face/speech.js';
import {
  lumaFrames,
  measureFaces,
  mouthOpening,
  pauses,
  pearson,
  rgbFrameAt,
  samplePhoto,
  speechWithPauses,
} from '../talking-face/testing/media.js';
import type { Point } from '../talking-face/face-api.js';
import { createPhotoEngines, photoMessages, PhotoEngineError, type PhotoRenderResult } from './index.js';

const engine = createPhotoEngines().forChannel('local');
let dir: string;
let still: string;
let speech: string;
let result: PhotoRenderResult;
let rms: Float32Array;
let frames: number;

/** Eye aspect ratio (lid gap over eye width) of both eyes: about 0.25–0.35 open, under 0.15 shut. */
function eyeAspect(p: Point[]): number {
  const d = (a: number, b: number) => Math.hypot(p[a]!.x - p[b]!.x, p[a]!.y - p[b]!.y);
  return ((d(37, 41) + d(38, 40)) / (2 * d(36, 39)) + (d(43, 47) + d(44, 46)) / (2 * d(42, 45))) / 2;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'photo-'));
  // A portrait still of one face with closed lips (a crop of the package's sample1.jpg).
  still = join(dir, 'face.jpg');
  await ffmpeg(['-i', samplePhoto(1), '-vf', 'crop=378:672:304:218,scale=480:854', '-q:v', '2', still]);
  speech = await speechWithPauses(join(dir, 'speech.wav'));
  result = await engine.render({ image: still, audioFile: speech, outFile: join(dir, 'face.mp4') });
  frames = Math.round((await probe(speech)).duration * 25);
  rms = frameRms(await decodeSpeech(speech), 25, frames);
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local photo video engine', () => {
  it('animates the face of a portrait for the speech length and says nothing more', async () => {
    expect(result).toMatchObject({ faceAnimated: true, faces: 1, note: null, width: 480, height: 854 });
    const info = await probe(result.file);
    expect(info.audio).toBeTruthy();
    expect(Math.abs(info.duration - frames / 25)).toBeLessThan(0.1);
  });

  it('moves the lips with the speech, closes them in pauses, blinks, and keeps the person', async () => {
    const measured = await measureFaces(result.file, 480, 854);
    expect(measured.every((m) => m.landmarks)).toBe(true);
    const opening = measured.slice(0, frames).map((m) => m.opening);
    const rgb = await rgbFrameAt(still, 0, 480, 854);
    const [face] = await detectFaces(rgb, 480, 854, { detector: 'ssd' });
    // Closed: within 0.05 of a mouth width of the still's own lips.
    const closed = mouthOpening(face!.landmarks) + 0.05;
    const r = pearson(opening, rms);
    console.info(`photo lips: pearson ${r.toFixed(3)}, closed under ${closed.toFixed(3)}`);
    expect(r).toBeGreaterThanOrEqual(0.5);
    const quiet = pauses(rms, 0.01, 10);
    expect(quiet.length).toBeGreaterThanOrEqual(3);
    for (const [a, b] of quiet)
      for (let i = a + 3; i <= b; i++) expect(opening[i], `frame ${i} in pause ${a}-${b}`).toBeLessThan(closed);
    // Blinks: face-api's landmark net under-reports shut lids (its eye points barely close even when
    // the lid covers the eye), so the test asks for a dip at every blink that the rest of the clip does not show.
    const ears = measured.map((m) => eyeAspect(m.landmarks!));
    const median = [...ears].sort((a, b) => a - b)[Math.floor(ears.length / 2)]!;
    const blinks = blinkTrack(frames, 25);
    const shut = [...blinks.keys()].filter((i) => blinks[i]! >= 1);
    expect(shut.length).toBeGreaterThanOrEqual(2);
    for (const i of shut) expect(ears[i]!, `blink at frame ${i}`).toBeLessThan(median * 0.93);
    const apart = ears.filter((_, i) => shut.every((j) => Math.abs(i - j) > 4));
    expect(apart.filter((e) => e >= median * 0.93).length / apart.length).toBeGreaterThan(0.9);
    // Same person: descriptors of the loudest frames against the still.
    const still0 = await faceDescriptor(rgb, 480, 854);
    const loud = [...rms.keys()]
      .sort((a, b) => rms[b]! - rms[a]!)
      .slice(0, 40)
      .filter((_, k) => k % 10 === 0);
    let sum = 0;
    for (const i of loud)
      sum += euclidean((await faceDescriptor(await rgbFrameAt(result.file, i, 480, 854), 480, 854))!, still0!);
    expect(sum / loud.length).toBeLessThan(0.35);
  }, 600_000);

  it('sways and breathes: the picture moves even where the face does not change', async () => {
    const y = await lumaFrames(result.file, 480, 854, 40);
    // The bottom third (shoulders, background) of frame 0 against frame 33 (a quarter sway later).
    let mad = 0;
    const from = Math.floor(854 * (2 / 3)) * 480;
    for (let i = from; i < 480 * 854; i++) mad += Math.abs(y[0]![i]! - y[33]![i]!) / (480 * 854 - from);
    expect(mad).toBeGreaterThan(1);
  });

  it('animates the whole picture when there is no face, and says so', async () => {
    const pattern = join(dir, 'pattern.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=s=640x480', '-frames:v', '1', pattern]);
    const tone = await makeTone(join(dir, 'tone.wav'), 2);
    const r = await engine.render({ image: pattern, audioFile: tone, outFile: join(dir, 'pattern.mp4') });
    expect(r).toMatchObject({ faceAnimated: false, faces: 0, note: photoMessages.noFaceAnimated });
    expect(photoMessages.noFaceAnimated).toContain('没有检测到人脸');
    const y = await lumaFrames(r.file, 640, 480, 40);
    let mad = 0;
    for (let i = 0; i < 640 * 480; i++) mad += Math.abs(y[0]![i]! - y[33]![i]!) / (640 * 480);
    expect(mad).toBeGreaterThan(0.5);
  }, 120_000);

  it('animates the largest of several faces and says so', async () => {
    const group = join(dir, 'group.jpg');
    await ffmpeg(['-i', samplePhoto(2), '-vf', 'scale=960:-2', group]);
    const tone = await makeTone(join(dir, 'tone2.wav'), 1);
    const r = await engine.render({ image: group, audioFile: tone, outFile: join(dir, 'group.mp4') });
    expect(r.faceAnimated).toBe(true);
    expect(r.faces).toBeGreaterThan(1);
    expect(r.note).toBe(photoMessages.largestFaceOnly);
  }, 120_000);

  it('refuses a file that is not a picture, in Chinese', async () => {
    const e = await engine.render({ image: speech, audioFile: speech, outFile: join(dir, 'bad.mp4') }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(PhotoEngineError);
    expect((e as Error).message).toBe(photoMessages.imageUnreadable);
  });
});
