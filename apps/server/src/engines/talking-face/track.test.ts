import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID } from '../avatar/local-lipsync.js';
import { avatarMessages } from '../avatar/messages.js';
import type { PreparedAvatar } from '../avatar/types.js';
import type { DetectedFace, Point } from './face-api.js';
import type { MouthLandmarks } from './mouth.js';
import { choosePresenter, matchPresenter } from './select-face.js';
import { landmarksAt, smoothSamples, trackFace, type FaceTrack } from './track.js';

const FPS = 25;
const GREY = '0x707880';

/** face-api's sample photos, shipped in its npm package. */
function samplePhoto(n: number): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`);
}

/** A photo region in the photo's own pixels. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Faces of the sample photos, as face-api's SSD detector boxes them on the full photos. */
const SAMPLE5_RIGHT: Box = { x0: 1406, y0: 390, x1: 1572, y1: 661 };
const SAMPLE1_LEFT: Box = { x0: 414, y0: 355, x1: 591, y1: 594 };

function inside(p: Point, b: Box): boolean {
  return p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1;
}

/** Undoes ffmpeg's `rotate` (clockwise by `deg`) of an iw×ih picture into an ow×oh one. */
function unrotate(q: Point, deg: number, iw: number, ih: number, ow = iw, oh = ih): Point {
  const a = (-deg * Math.PI) / 180;
  const x = q.x - ow / 2;
  const y = q.y - oh / 2;
  return { x: iw / 2 + x * Math.cos(a) - y * Math.sin(a), y: ih / 2 + x * Math.sin(a) + y * Math.cos(a) };
}

function mouthCentre(m: MouthLandmarks): Point {
  const x = m.mouth.reduce((s, p) => s + p.x, 0) / m.mouth.length;
  const y = m.mouth.reduce((s, p) => s + p.y, 0) / m.mouth.length;
  return { x, y };
}

function share(t: FaceTrack): number {
  return t.samples.filter((s) => s !== null).length / t.samples.length;
}

/**
 * Checks every frame of a track: the mouth's centre, taken back to the photo it was cut from by
 * `toPhoto` (frame index, point), lies inside `face`; and it never moves by more than `maxStep`
 * pixels from one frame to the next.
 */
function expectOnFace(track: FaceTrack, toPhoto: (frame: number, q: Point) => Point, face: Box, maxStep: number) {
  let off = 0;
  let step = 0;
  let last: Point | null = null;
  for (let k = 0; k < track.frameCount; k++) {
    const m = landmarksAt(track, k);
    expect(m, `frame ${k}`).not.toBeNull();
    const c = mouthCentre(m!);
    if (!inside(toPhoto(k, c), face)) off++;
    if (last) step = Math.max(step, Math.hypot(c.x - last.x, c.y - last.y));
    last = c;
  }
  expect(off).toBe(0);
  expect(step).toBeLessThan(maxStep);
}

function avatarOf(file: string, width: number, height: number, seconds: number): PreparedAvatar {
  return {
    mezzanine: file,
    reversed: file,
    cover: file,
    coverSmall: file,
    width,
    height,
    fps: FPS,
    frameCount: seconds * FPS,
    duration: seconds,
    orientation: width >= height ? 1 : 2,
    engineData: {},
  };
}

const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'];

let dir: string;

/**
 * Makes a `seconds`-long clip at 25 fps from still photos (`inputs`, each looped) through an ffmpeg
 * filter graph, tracks it with a sample every 5th frame, and checks at least 2/3 of the samples
 * found the face.
 */
async function trackedClip(name: string, photos: number[], graph: string, width: number, height: number, seconds: number) {
  const file = path.join(dir, name);
  const inputs = photos.flatMap((n) => ['-loop', '1', '-framerate', String(FPS), '-i', samplePhoto(n)]);
  await ffmpeg([...inputs, '-filter_complex', graph, '-t', String(seconds), ...encode, file]);
  const track = await trackFace(file, { width, height, frameCount: seconds * FPS }, { every: 5 });
  expect(share(track)).toBeGreaterThanOrEqual(2 / 3);
  return { file, track };
}

/** The local lip-sync channel prepares the clip and accepts it. */
async function expectAccepted(file: string, width: number, height: number, seconds: number) {
  const engine = createLipsyncEngine();
  const avatar = await engine.prepareAvatar(avatarOf(file, width, height, seconds));
  expect(avatar.engineData[LIPSYNC_ENGINE_ID]).toBeDefined();
  expect(engine.unusableReason?.(avatar)).toBeNull();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'track-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('trackFace on generated clips', () => {
  it('accepts and follows the right-hand woman of sample5, turned 25° more, in a 720×1280 clip', async () => {
    // Her face is about 300 px tall here and her head leans about 40° in all: the channel refused this clip.
    const seconds = 6;
    const x0 = (t: number) => 1189 + 12 * Math.sin((2 * Math.PI * t) / 5);
    const y0 = (t: number) => 152 + 8 * Math.sin((4 * Math.PI * t) / 5);
    const graph =
      `crop=600:1067:x='1189+12*sin(2*PI*t/5)':y='152+8*sin(4*PI*t/5)',scale=720:1280,rotate=-25*PI/180:fillcolor=${GREY}`;
    const { file, track } = await trackedClip('sample5-turned.mp4', [5], graph, 720, 1280, seconds);
    expectOnFace(
      track,
      (k, q) => {
        const p = unrotate(q, -25, 720, 1280);
        return { x: p.x / 1.2 + x0(k / FPS), y: p.y / 1.2 + y0(k / FPS) };
      },
      SAMPLE5_RIGHT,
      4,
    );
    await expectAccepted(file, 720, 1280, seconds);
  }, 180_000);

  it('follows a face rotated by 30° the other way (sample1)', async () => {
    const seconds = 4;
    const graph =
      `crop=480:854:x='262+8*sin(2*PI*t/4)':y=174,scale=720:1280,rotate=30*PI/180:fillcolor=${GREY}`;
    const { track } = await trackedClip('sample1-rotated.mp4', [1], graph, 720, 1280, seconds);
    expectOnFace(
      track,
      (k, q) => {
        const p = unrotate(q, 30, 720, 1280);
        return { x: (p.x * 480) / 720 + 262 + 8 * Math.sin((2 * Math.PI * k) / FPS / 4), y: (p.y * 854) / 1280 + 174 };
      },
      SAMPLE1_LEFT,
      4,
    );
  }, 120_000);

  it('follows a face of about 120 px in a 1280×720 frame', async () => {
    const seconds = 4;
    // sample5's right-hand woman at 0.42 of her size: the detector's box around her face is about 120 px.
    const [w, h] = [264, 524];
    const graph =
      `color=c=${GREY}:s=1280x720:r=${FPS}:d=${seconds}[bg];[0:v]crop=630:1248:1290:150,scale=${w}:${h}[p];` +
        `[bg][p]overlay=x='520+6*sin(2*PI*t/4)':y=40:shortest=1`;
    const { track } = await trackedClip('small.mp4', [5], graph, 1280, 720, seconds);
    const x = (k: number) => Math.round(520 + 6 * Math.sin((2 * Math.PI * k) / FPS / 4));
    expectOnFace(track, (k, q) => ({ x: ((q.x - x(k)) * 630) / w + 1290, y: ((q.y - 40) * 1248) / h + 150 }), SAMPLE5_RIGHT, 3);
  }, 120_000);

  it('follows the presenter (larger, central, tilted) and never the person beside her', async () => {
    // sample5's right-hand woman tilted in the middle; sample1's left-hand woman, smaller, straight, at the right.
    // The tiny detector alone finds only the second one on most frames.
    const seconds = 5;
    const graph =
      `color=c=${GREY}:s=1280x720:r=${FPS}:d=${seconds}[bg];` +
        `[0:v]crop=560:760:1250:200,scale=420:570,rotate=-22*PI/180:ow=560:oh=640:fillcolor=${GREY}[p];` +
        `[1:v]crop=330:420:340:280,scale=231:294[o];` +
        `[bg][p]overlay=x='360+6*sin(2*PI*t/5)':y=40:shortest=1[a];[a][o]overlay=x=1010:y=260`;
    const { track } = await trackedClip('two.mp4', [5, 1], graph, 1280, 720, seconds);
    expect(track.faces).toBeGreaterThanOrEqual(2);
    const x = (k: number) => Math.round(360 + 6 * Math.sin((2 * Math.PI * k) / FPS / 5));
    expectOnFace(
      track,
      (k, q) => {
        const p = unrotate({ x: q.x - x(k), y: q.y - 40 }, -22, 420, 570, 560, 640);
        return { x: (p.x * 560) / 420 + 1250, y: (p.y * 760) / 570 + 200 };
      },
      SAMPLE5_RIGHT,
      4,
    );
  }, 120_000);

  describe('judged over the whole clip', () => {
    let face: string;
    let nobody: string;
    beforeAll(async () => {
      face = path.join(dir, 'face-part.mp4');
      nobody = path.join(dir, 'nobody-part.mp4');
      // A straight talking-head crop of sample1, and the staircase railing of sample5 where nobody is.
      await ffmpeg(['-loop', '1', '-framerate', String(FPS), '-i', samplePhoto(1), '-vf', 'crop=480:854:262:174,scale=720:1280,setsar=1', '-t', '4', ...encode, face]);
      await ffmpeg(['-loop', '1', '-framerate', String(FPS), '-i', samplePhoto(5), '-vf', 'crop=300:534:0:0,scale=720:1280,setsar=1', '-t', '5', ...encode, nobody]);
    }, 120_000);

    async function joined(name: string, parts: [string, number][]): Promise<string> {
      const file = path.join(dir, name);
      const inputs = parts.flatMap(([f, s]) => ['-t', String(s), '-i', f]);
      const streams = parts.map((_, i) => `[${i}:v]`).join('');
      await ffmpeg([...inputs, '-filter_complex', `${streams}concat=n=${parts.length}:v=1`, ...encode, file]);
      return file;
    }

    it('accepts a clip whose first 2 s show nobody and the next 4 s the presenter', async () => {
      const file = await joined('late.mp4', [
        [nobody, 2],
        [face, 4],
      ]);
      await expectAccepted(file, 720, 1280, 6);
    }, 120_000);

    it('refuses a clip with a face in fewer than a third of its samples, with the channel message', async () => {
      const file = await joined('minority.mp4', [
        [face, 1.5],
        [nobody, 4.5],
      ]);
      const track = await trackFace(file, { width: 720, height: 1280, frameCount: 150 }, { every: 5 });
      expect(share(track)).toBeGreaterThan(0);
      expect(share(track)).toBeLessThan(1 / 3);
      const engine = createLipsyncEngine();
      const avatar = await engine.prepareAvatar(avatarOf(file, 720, 1280, 6));
      expect(engine.unusableReason?.(avatar)).toBe(avatarMessages.lipsyncNoFace);
    }, 120_000);
  });
});

function mouthAt(x: number, y: number, width = 40): MouthLandmarks {
  const mouth = Array.from({ length: 20 }, (_, i) => ({ x: x - width / 2 + (width * (i % 7)) / 6, y: y + (i < 12 ? (i % 2) * 4 : 2) }));
  return { chin: { x, y: y + 40 }, nose: { x, y: y - 30 }, mouth };
}

describe('smoothSamples', () => {
  it('drops a sample that jumped away from both neighbours and keeps the others', () => {
    const samples = [mouthAt(100, 100), mouthAt(101, 100), mouthAt(160, 140), mouthAt(102, 100), mouthAt(103, 100)];
    const out = smoothSamples(samples);
    expect(out[2]).toBeNull();
    expect(out.filter((s) => s !== null)).toHaveLength(4);
  });

  it('averages positions 1-2-1 and leaves the mouth shape alone', () => {
    const open = mouthAt(104, 100);
    open.mouth[18] = { x: 104, y: 116 }; // lower inner lip down: an open mouth
    const out = smoothSamples([mouthAt(100, 100), open, mouthAt(100, 100)]);
    const shift = (p: Point, q: Point) => ({ x: q.x - p.x, y: q.y - p.y });
    const d = shift(open.mouth[0]!, out[1]!.mouth[0]!);
    expect(Math.abs(d.x)).toBeGreaterThan(1);
    // Every point moved by the same amount: the opening is intact.
    for (let i = 0; i < 20; i++) expect(shift(open.mouth[i]!, out[1]!.mouth[i]!)).toEqual(d);
    expect(out[0]).toEqual(mouthAt(100, 100));
  });
});

/** A face of `size` (eye distance ≈ size/2) centred at (x, y), upright, with 68 rough landmarks. */
function faceAt(x: number, y: number, size: number): DetectedFace {
  const landmarks = Array.from({ length: 68 }, (_, i) => {
    if (i >= 36 && i < 42) return { x: x - size / 4, y: y - size / 6 };
    if (i >= 42 && i < 48) return { x: x + size / 4, y: y - size / 6 };
    if (i >= 48) return { x, y: y + size / 3 };
    return { x: x + (size / 2) * Math.cos((i / 16) * Math.PI), y: y + (size / 2) * Math.sin((i / 16) * Math.PI) };
  });
  const box = { x: x - size / 2, y: y - size / 2, width: size, height: size };
  return { box, region: { cx: x, cy: y, width: size, height: size, angle: 0 }, score: 0.9, landmarks };
}

describe('presenter choice', () => {
  it('prefers the large central face to a face as large at the edge, and a larger face to a smaller one', () => {
    const central = faceAt(640, 330, 120);
    const edge = faceAt(1180, 600, 130);
    expect(choosePresenter([edge, central], 1280, 720)).toBe(central);
    expect(choosePresenter([faceAt(640, 360, 60), faceAt(500, 360, 120)], 1280, 720)?.box.width).toBe(120);
    expect(choosePresenter([], 1280, 720)).toBeNull();
  });

  it('recognises the presenter near her last place and refuses the person beside her', () => {
    const pose = { centre: { x: 640, y: 360 }, roll: 0, size: 120 };
    const beside = faceAt(900, 360, 110);
    expect(matchPresenter([beside], { pose, missed: 0 })).toBeNull();
    // Even after she has not been seen for a long while.
    expect(matchPresenter([beside], { pose, missed: 100 })).toBeNull();
    const her = faceAt(650, 365, 120);
    expect(matchPresenter([beside, her], { pose, missed: 0 })).toBe(her);
    // The same place but twice the size is someone nearer the camera.
    expect(matchPresenter([faceAt(640, 360, 260)], { pose, missed: 0 })).toBeNull();
  });
});
