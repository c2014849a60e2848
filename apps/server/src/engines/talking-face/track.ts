import { detectFaces, landmarksInRegion, releaseFaceThread, type DetectedFace, type FaceRegion, type Point } from './face-api.js';
import { readRawFrames } from './frames.js';
import { mouthLandmarksOf, type MouthLandmarks } from './mouth.js';
import { centroid, choosePresenter, facePose, matchPresenter, mergeFaces, searchRegion, type FacePose } from './select-face.js';

/** Where the face's mouth is, sampled every `every` frames of a clip. */
export interface FaceTrack {
  every: number;
  frameCount: number;
  /** One entry per sample (frame i·every); null where no face was found. */
  samples: (MouthLandmarks | null)[];
  /** Most faces seen in one sample: the presenter (largest, most central) is the one animated. */
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

/** Samples after losing the presenter during which she is looked for around her last place first. */
const NEAR_SEARCH_SAMPLES = 3;

/**
 * After this many samples in a row without a face, only every SPARSE_STEP-th sample is searched (the
 * others count as empty) until a face is found again: a clip with nobody in it is still judged to its
 * end, at a third of the cost, and a presenter who appears is found at most two samples late.
 */
const SPARSE_AFTER = 10;
const SPARSE_STEP = 3;

/** The turn of the whole-frame searches for a tilted face that the straight search missed. */
const TURNED_SEARCH = (25 * Math.PI) / 180;

/** The presenter being followed: where she was last seen, and the landmark net's box around her. */
interface Presenter {
  pose: FacePose;
  /** Samples since she was last seen, and since the detector last found her. */
  missed: number;
  sinceDetect: number;
  /** The detector's box size (kept, so following cannot make it creep) and its centre's offset from the face's centre, in the face's own frame. */
  width: number;
  height: number;
  offset: Point;
}

function rotate(p: Point, angle: number): Point {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: p.x * c - p.y * s, y: p.x * s + p.y * c };
}

function presenterFrom(face: DetectedFace, landmarks: Point[]): Presenter {
  const pose = facePose(landmarks);
  const { region } = face;
  const offset = rotate({ x: region.cx - pose.centre.x, y: region.cy - pose.centre.y }, -pose.roll);
  return { pose, missed: 0, sinceDetect: 0, width: region.width, height: region.height, offset };
}

/** The landmark net's region for the presenter: her detector box, turned upright, where her face is now. */
function followRegion(p: Presenter): FaceRegion {
  const o = rotate(p.offset, p.pose.roll);
  return { cx: p.pose.centre.x + o.x, cy: p.pose.centre.y + o.y, width: p.width, height: p.height, angle: p.pose.roll };
}

/** The whole frame seen turned by `angle`: a view large enough to hold all of it. */
function turnedFrame(width: number, height: number, angle: number): FaceRegion {
  const c = Math.abs(Math.cos(angle));
  const s = Math.abs(Math.sin(angle));
  return { cx: width / 2, cy: height / 2, width: width * c + height * s, height: width * s + height * c, angle };
}

/**
 * Smooths a track without touching the mouth's own motion: a sample whose landmarks jumped away from
 * both its neighbours (a misread frame) is dropped (the frames around it are interpolated), and
 * each sample's position (the mean of its points, moved as one) is averaged with its neighbours'
 * by 1-2-1 weights; the shape of the mouth is kept as read.
 */
export function smoothSamples(samples: (MouthLandmarks | null)[]): (MouthLandmarks | null)[] {
  const points = (m: MouthLandmarks) => [m.chin, m.nose, ...m.mouth];
  const centre = (m: MouthLandmarks | null) => (m ? centroid(points(m)) : null);
  const width = (m: MouthLandmarks) => Math.hypot(m.mouth[6]!.x - m.mouth[0]!.x, m.mouth[6]!.y - m.mouth[0]!.y);
  const kept = samples.map((m, i) => {
    const a = samples[i - 1];
    const b = samples[i + 1];
    if (!m || !a || !b) return m;
    const c = centre(m)!;
    const ca = centre(a)!;
    const cb = centre(b)!;
    const expected = (ca.x + cb.x) / 2;
    const off = Math.hypot(c.x - expected, c.y - (ca.y + cb.y) / 2);
    const neighbours = Math.hypot(ca.x - cb.x, ca.y - cb.y);
    const ratio = width(m) / ((width(a) + width(b)) / 2);
    // Neighbours that agree with each other and a sample far from both: the sample was misread.
    if (off > 0.5 * width(m) + neighbours && neighbours < 0.25 * width(m)) return null;
    if ((ratio < 0.7 || ratio > 1.4) && neighbours < 0.25 * width(m)) return null;
    return m;
  });
  const centres = kept.map(centre);
  return kept.map((m, i) => {
    const c = centres[i];
    const a = centres[i - 1];
    const b = centres[i + 1];
    if (!m || !c || !a || !b) return m;
    const dx = (a.x + 2 * c.x + b.x) / 4 - c.x;
    const dy = (a.y + 2 * c.y + b.y) / 4 - c.y;
    const move = (p: Point) => ({ x: p.x + dx, y: p.y + dy });
    return { chin: move(m.chin), nose: move(m.nose), mouth: m.mouth.map(move) };
  });
}

/**
 * Follows the clip's presenter and reads her landmarks on every `every`-th frame of a video.
 *
 * The presenter is the largest, most central face of the first sample with a face (searched
 * straight and turned both ways with the tiny detector and with the SSD one, so a tilted or small
 * presenter is not passed over for someone beside her); from then on only a face where she was and of her size is
 * taken, so the track never moves to another person. On most samples the landmark net alone reads
 * her face in a box turned with her head and moved with her landmarks (the box keeps the detector's
 * size, so it cannot creep); every DETECT_EVERY-th sample, or when she is lost, the tiny detector
 * looks for her in a turned square around her last place, then in the whole frame, then (now and
 * then while she stays lost, at growing intervals) in the whole frame turned by ±25°. Misread
 * samples are dropped and positions smoothed (smoothSamples).
 *
 * Frames are decoded scaled so the long side is at most `maxSide` (default 640): the landmark net
 * reads a 112-pixel crop of the face anyway, so larger frames cost time and memory without making
 * the points finer.
 */
export async function trackFace(
  file: string,
  size: { width: number; height: number; frameCount: number },
  opts: {
    every: number;
    maxSide?: number;
    /**
     * Stop early, but not before this many samples, once the samples left could no longer bring
     * the share of samples with a face up to `minFaceShare`: the clip would be refused anyway.
     * Without it every sample is read.
     */
    giveUpAfter?: number;
    /** Share of samples with a face below which a clip has no presenter (default a third). */
    minFaceShare?: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<FaceTrack> {
  const scale = Math.min(1, (opts.maxSide ?? 640) / Math.max(size.width, size.height));
  const w = Math.max(2, 2 * Math.round((size.width * scale) / 2));
  const h = Math.max(2, 2 * Math.round((size.height * scale) / 2));
  const back = size.width / w;
  const total = Math.ceil(size.frameCount / opts.every);
  const minShare = opts.minFaceShare ?? 1 / 3;
  const samples: (MouthLandmarks | null)[] = [];
  let faces = 0;
  let withFace = 0;
  let presenter: Presenter | null = null;
  // While nobody is found, the slow searches (turned, SSD) run again only after a growing pause.
  let slowSearchAt = 0;
  let slowPause = 1;
  let stopped = false;
  // Samples since the last one with a face.
  let emptyRun = 0;

  /** Faces in the whole frame seen turned both ways: a tilted head the straight search missed. */
  const turnedSearch = async (rgb: Uint8Array): Promise<DetectedFace[]> => {
    const found: DetectedFace[] = [];
    for (const angle of [TURNED_SEARCH, -TURNED_SEARCH]) found.push(...(await detectFaces(rgb, w, h, { minScore: 0.5, region: turnedFrame(w, h, angle) })));
    return found;
  };

  /** The presenter on this frame, found by the detector, or null. */
  const find = async (rgb: Uint8Array, n: number): Promise<DetectedFace | null> => {
    // Just lost: she is most likely still where she was. Later the whole-frame searches cover that place too.
    if (presenter && presenter.missed < NEAR_SEARCH_SAMPLES) {
      const near = await detectFaces(rgb, w, h, { inputSize: 320, minScore: 0.4, region: searchRegion(presenter.pose, 3) });
      const hit = matchPresenter(near, presenter);
      if (hit) return hit;
    }
    const straight = await detectFaces(rgb, w, h, { minScore: 0.5 });
    faces = Math.max(faces, straight.length);
    let hit = presenter ? matchPresenter(straight, presenter) : null;
    // The presenter is chosen once, among every face the slow searches find too.
    const choosing = !presenter && straight.length > 0;
    if (!hit && (n >= slowSearchAt || choosing)) {
      const turned = await turnedSearch(rgb);
      if (presenter) hit = matchPresenter(turned, presenter);
      else {
        const all = mergeFaces([...straight, ...turned, ...(await detectFaces(rgb, w, h, { detector: 'ssd', minScore: 0.5 }))]);
        faces = Math.max(faces, all.length);
        hit = choosePresenter(all, w, h);
      }
      if (!hit) {
        slowSearchAt = n + slowPause;
        slowPause = Math.min(16, slowPause * 2);
      }
    }
    if (hit) slowPause = 1;
    return hit;
  };

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
      if (presenter && presenter.missed === 0 && presenter.sinceDetect < DETECT_EVERY) {
        points = await landmarksInRegion(rgb, w, h, followRegion(presenter));
        const pose = facePose(points);
        const ratio = pose.size / presenter.pose.size;
        // A face that jumped by more than a fifth of its box, or changed size, is lost: look for it again.
        const moved = Math.hypot(pose.centre.x - presenter.pose.centre.x, pose.centre.y - presenter.pose.centre.y);
        if (moved > presenter.width / 5 || ratio < 0.8 || ratio > 1.25) points = null;
        else {
          presenter.pose = pose;
          presenter.sinceDetect++;
        }
      }
      // Long without a face (nobody there, or she left): look on every SPARSE_STEP-th sample only.
      const resting = emptyRun >= SPARSE_AFTER && (emptyRun - SPARSE_AFTER) % SPARSE_STEP !== 0;
      if (resting && presenter) presenter.missed++;
      else if (!points) {
        const hit = await find(rgb, n);
        if (hit) {
          points = hit.landmarks;
          // A tilted face found by a straight search: read it again upright.
          const roll = facePose(points).roll;
          if (Math.abs(roll - hit.region.angle) > 0.17) points = await landmarksInRegion(rgb, w, h, { ...hit.region, angle: roll });
          presenter = presenterFrom(hit, points);
        } else if (presenter) presenter.missed++;
      }
      if (points) {
        withFace++;
        emptyRun = 0;
      } else emptyRun++;
      samples.push(points ? mouthLandmarksOf(points.map((p) => ({ x: p.x * back, y: p.y * back }))) : null);
      opts.onProgress?.(Math.min(1, samples.length / total));
      const hopeless = withFace + (total - samples.length) < minShare * total;
      if (opts.giveUpAfter !== undefined && samples.length >= opts.giveUpAfter && hopeless) {
        stopped = true;
        break;
      }
    }
  } finally {
    releaseFaceThread();
  }
  // A track stopped early has no face in the samples it did not read.
  while (stopped && samples.length < total) samples.push(null);
  return { every: opts.every, frameCount: size.frameCount, samples: smoothSamples(samples), faces };
}
