import { detectFaces, landmarksInBox, releaseFaceThread, type DetectedFace, type Point } from './face-api.js';
import { readRawFrames } from './frames.js';
import { mouthLandmarksOf, type MouthLandmarks } from './mouth.js';

/** Where the face's mouth is, sampled every `every` frames of a clip. */
export interface FaceTrack {
  every: number;
  frameCount: number;
  /** One entry per sample (frame i·every); null where no face was found. */
  samples: (MouthLandmarks | null)[];
  /** Most faces seen in one sample: the largest is the one animated. */
  faces: number;
}

const POINTS = 22;

/** Packs a track into a short base64 string (quarter-pixel 16-bit coordinates) to keep with the avatar. */
export function packTrack(t: FaceTrack): string {
  const data = new Uint16Array(t.samples.length * POINTS * 2);
  t.samples.forEach((s, i) => {
    if (!s) return; // all zeros: no face
    [s.chin, s.nose, ...s.mouth].forEach((p, j) => {
      data[(i * POINTS + j) * 2] = Math.max(1, Math.min(65535, Math.round(p.x * 4)));
      data[(i * POINTS + j) * 2 + 1] = Math.max(1, Math.min(65535, Math.round(p.y * 4)));
    });
  });
  return Buffer.from(data.buffer).toString('base64');
}

export function unpackTrack(packed: string, every: number, frameCount: number, faces: number): FaceTrack {
  const bytes = Buffer.from(packed, 'base64');
  const data = new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const samples: (MouthLandmarks | null)[] = [];
  for (let i = 0; i * POINTS * 2 < data.length; i++) {
    const pts: Point[] = [];
    for (let j = 0; j < POINTS; j++) pts.push({ x: data[(i * POINTS + j) * 2]! / 4, y: data[(i * POINTS + j) * 2 + 1]! / 4 });
    samples.push(pts[0]!.x === 0 ? null : { chin: pts[0]!, nose: pts[1]!, mouth: pts.slice(2) });
  }
  return { every, frameCount, samples, faces };
}

function lerpPoint(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** The mouth at any frame: linear between the nearest samples with a face on either side. */
export function landmarksAt(t: FaceTrack, frame: number): MouthLandmarks | null {
  const pos = frame / t.every;
  let i = Math.floor(pos);
  let j = i + 1;
  while (i >= 0 && !t.samples[i]) i--;
  while (j < t.samples.length && !t.samples[j]) j++;
  const a = i >= 0 ? t.samples[i]! : null;
  const b = j < t.samples.length ? t.samples[j]! : null;
  if (!a || !b) return a ?? b;
  const w = (pos - i) / (j - i);
  return { chin: lerpPoint(a.chin, b.chin, w), nose: lerpPoint(a.nose, b.nose, w), mouth: a.mouth.map((p, k) => lerpPoint(p, b.mouth[k]!, w)) };
}

/** Samples between two runs of the face detector; in between, the landmark net follows the face alone. */
export const DETECT_EVERY = 5;

type FaceBox = DetectedFace['box'];

function centroid(points: Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x / points.length;
    y += p.y / points.length;
  }
  return { x, y };
}

/**
 * Finds the largest face and its landmarks on every `every`-th frame of a video. The detector
 * (face-api's tiny one) runs on every DETECT_EVERY-th sample and whenever the face is lost; on the
 * samples between, the landmark net alone reads the face in the last detection's box moved with the
 * landmarks (the box keeps the detector's size, so it cannot creep). Frames are decoded scaled so the
 * long side is at most `maxSide` (default 640): the landmark net reads a 112-pixel crop of the face
 * anyway, so larger frames cost time and memory without making the points finer.
 */
export async function trackFace(
  file: string,
  size: { width: number; height: number; frameCount: number },
  opts: {
    every: number;
    maxSide?: number;
    /** Stop when this many first samples found no face at all (a clip with nobody in it). */
    giveUpAfter?: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<FaceTrack> {
  const scale = Math.min(1, (opts.maxSide ?? 640) / Math.max(size.width, size.height));
  const w = Math.max(2, 2 * Math.round((size.width * scale) / 2));
  const h = Math.max(2, 2 * Math.round((size.height * scale) / 2));
  const back = size.width / w;
  const total = Math.ceil(size.frameCount / opts.every);
  const samples: (MouthLandmarks | null)[] = [];
  let faces = 0;
  // The last detection: its box, the landmarks' centre then, and the landmarks' centre on the last sample.
  let seen: { box: FaceBox; at: Point; now: Point; sample: number } | null = null;
  const frames = readRawFrames(
    ['-i', file, '-map', '0:v:0', '-vf', `select='not(mod(n\\,${opts.every}))',scale=${w}:${h}`, '-fps_mode', 'passthrough'],
    'rgb24',
    w * h * 3,
    opts.signal,
  );
  try {
    for await (const rgb of frames) {
      const n = samples.length;
      let points: Point[] | null = null;
      if (seen && n - seen.sample < DETECT_EVERY) {
        const box = { ...seen.box, x: seen.box.x + seen.now.x - seen.at.x, y: seen.box.y + seen.now.y - seen.at.y };
        points = await landmarksInBox(rgb, w, h, box);
        const c = centroid(points);
        // A face that jumped by more than a fifth of its box is lost: look for it again.
        if (Math.hypot(c.x - seen.now.x, c.y - seen.now.y) > seen.box.width / 5) points = null;
        else seen.now = c;
      }
      if (!points) {
        const found = await detectFaces(rgb, w, h, { minScore: 0.6 });
        faces = Math.max(faces, found.length);
        const best = found[0];
        points = best ? best.landmarks : null;
        if (best) {
          const c = centroid(best.landmarks);
          seen = { box: best.box, at: c, now: c, sample: n };
        } else seen = null;
      }
      samples.push(points ? mouthLandmarksOf(points.map((p) => ({ x: p.x * back, y: p.y * back }))) : null);
      opts.onProgress?.(Math.min(1, samples.length / total));
      if (faces === 0 && samples.length >= (opts.giveUpAfter ?? Infinity)) break;
    }
  } finally {
    releaseFaceThread();
  }
  return { every: opts.every, frameCount: size.frameCount, samples, faces };
}
