import type { Point } from './face-api.js';
import { readRawFrames, yuvFrameBytes } from './frames.js';
import { jawBox, jawFrame, MAX_JAW_GAP, type JawFrame } from './jaw.js';
import { mouthFrame, type MouthLandmarks } from './mouth.js';
import { cropFilter, patchAround, type Patch } from './patch.js';
import { smoothstep, yuvPlanes } from './warp.js';
import type { Viseme, VisemeTrack } from './visemes.js';

/**
 * Real mouths from the avatar's own footage. At preparation every landmark sample of the clip is
 * indexed by its mouth's shape (how open, how wide, how round); at render the frames of the samples
 * are read back (only the region around the mouth), a dynamic-programming pass picks for each output
 * frame the source mouth whose shape matches the viseme while keeping the sequence smooth, and the
 * chosen mouth is aligned by its landmarks onto the frame being shown and blended in with a feathered
 * mask, its colour matched to the frame's in the blend ring. Teeth, tongue and lips are the person's.
 */

/** The shape of one source mouth. */
export interface MouthShape {
  /** Source frame. */
  frame: number;
  /**
   * Inner-lip gap over mouth width above the clip's own rest (its closed or smiling mouth, where
   * the teeth may already show): 0 at rest .. ~0.4 wide open.
   */
  open: number;
  /** Mouth width over the clip's median mouth width. */
  width: number;
  /** Outer-lip height over outer-lip width: high for rounded lips. */
  round: number;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function rawShape(m: MouthLandmarks): { open: number; width: number; round: number } {
  const p = m.mouth;
  const width = dist(p[0]!, p[6]!) || 1;
  const open = (dist(p[13]!, p[19]!) + dist(p[14]!, p[18]!) + dist(p[15]!, p[17]!)) / 3 / width;
  const outer = dist(p[3]!, p[9]!);
  return { open, width, round: outer / width };
}

/** A mouth counts as open from this gap above rest on (a fifth of the way to a wide "a"). */
export const OPEN_GAP = 0.08;

/** The mouth index of a clip: one entry per landmark sample that found a face. */
export function indexMouths(samples: (MouthLandmarks | null)[], every: number): MouthShape[] {
  const raw = samples.map((s, k) => (s ? { frame: k * every, ...rawShape(s) } : null)).filter((s) => s !== null);
  const widths = raw.map((r) => r.width).sort((a, b) => a - b);
  const median = widths[Math.floor(widths.length / 2)] ?? 1;
  // The rest: the mouth as it is when not speaking, the lowest twentieth of the openings (not the
  // very lowest, one odd reading). Closed mouths above it keep their small differences, so a pause
  // takes the most closed of them.
  const opens = raw.map((r) => r.open).sort((a, b) => a - b);
  const rest = opens[Math.floor(0.1 * (opens.length - 1))] ?? 0;
  return raw.map((r) => ({ frame: r.frame, open: Math.max(0, r.open - rest), width: r.width / median, round: r.round }));
}

/**
 * Whether the footage has mouths enough to speak with: several clearly open ones and several closed
 * ones. A photo-like clip or one where the person never opens the mouth has not; the jaw warp drives it.
 */
export function usableBank(index: MouthShape[]): boolean {
  const open = index.filter((s) => s.open >= OPEN_GAP * 1.25).length;
  const closed = index.filter((s) => s.open < OPEN_GAP * 0.4).length;
  return open >= 4 && closed >= 2;
}

/** Packs the index for the avatar's engine data: 4 bytes per mouth (frame is implied by `every`). */
export function packIndex(index: MouthShape[], every: number): string {
  const data = new Uint8Array(index.length * 5);
  index.forEach((s, k) => {
    const sample = Math.round(s.frame / every);
    data[k * 5] = sample & 255;
    data[k * 5 + 1] = sample >> 8;
    data[k * 5 + 2] = Math.max(0, Math.min(255, Math.round(s.open * 400)));
    data[k * 5 + 3] = Math.max(0, Math.min(255, Math.round(s.width * 128)));
    data[k * 5 + 4] = Math.max(0, Math.min(255, Math.round(s.round * 255)));
  });
  return Buffer.from(data).toString('base64');
}

export function unpackIndex(packed: string, every: number): MouthShape[] {
  const data = Buffer.from(packed, 'base64');
  const out: MouthShape[] = [];
  for (let k = 0; k + 4 < data.length; k += 5)
    out.push({ frame: (data[k]! + data[k + 1]! * 256) * every, open: data[k + 2]! / 400, width: data[k + 3]! / 128, round: data[k + 4]! / 255 });
  return out;
}

/** At most this many source mouths are read at render (memory: one mouth region each). */
const MAX_BANK = 160;

/** Keeps up to `max` mouths, spread over the shapes: every open one first, closed ones evenly. */
export function bankSelection(index: MouthShape[], max = MAX_BANK): MouthShape[] {
  if (index.length <= max) return index;
  const sorted = [...index].sort((a, b) => a.open - b.open);
  const out: MouthShape[] = [];
  for (let k = 0; k < max; k++) out.push(sorted[Math.floor((k * (sorted.length - 1)) / (max - 1))]!);
  return out.sort((a, b) => a.frame - b.frame);
}

/** The shape each output frame asks for, in the index's own terms. */
interface Target {
  open: number;
  width: number;
}

function targetOf(v: Viseme, openMax: number): Target {
  return { open: v.open * openMax, width: 1 + 0.07 * v.i - 0.14 * v.u };
}

/**
 * The footage's widest opening (the mean of its two widest, so one odd reading does not set it):
 * a viseme fully open asks for this much.
 */
export function openRange(bank: MouthShape[]): number {
  const opens = bank.map((b) => b.open).sort((a, b) => b - a);
  return Math.max(OPEN_GAP * 1.25, ((opens[0] ?? 0.3) + (opens[1] ?? opens[0] ?? 0.3)) / 2);
}

/**
 * A fully open viseme asks for at least this opening (index units), however timid the footage's
 * widest mouth: the jaw makes up what the footage lacks.
 */
export const FULL_OPEN = 0.22;
/** Shortfalls smaller than this are left as the footage shows them. */
const TOP_UP_MIN = 0.02;

/**
 * How far the jaw should open (jaw drive units, 0..1) on top of a footage mouth of opening
 * `shapeOpen` for a viseme of opening `open`: the chosen mouth may be less open than the sound asks
 * (the footage's mouths are read only every few frames, so the index has few of each opening, and the
 * continuity of the choice holds a mouth a frame too long); 0 when it is open enough.
 */
export function jawTopUp(open: number, shapeOpen: number, openMax: number): number {
  const short = open * Math.max(openMax, FULL_OPEN) - shapeOpen;
  return short > TOP_UP_MIN ? Math.min(1, short / MAX_JAW_GAP) : 0;
}

/**
 * For each output frame, which bank mouth (index into `bank`) to show: a Viterbi pass over the
 * few best-matching mouths of each frame, the cost being the shape mismatch plus a cost for every
 * change of source (less for a source that follows on from the last in the footage), so the
 * sequence matches the sound without flickering between look-alike mouths.
 */
export function chooseMouths(bank: MouthShape[], visemes: VisemeTrack, frames: number): Int32Array {
  const openMax = openRange(bank);
  const M = Math.min(12, bank.length);
  const cand = new Int32Array(frames * M);
  const cost = new Float64Array(frames * M);
  const back = new Int32Array(frames * M);
  // A mouth more open than the sound asks is the worse mistake (lips apart in a pause): it costs twice.
  const shapeCost = (t: Target, b: MouthShape) => {
    const d = t.open - b.open;
    return (d / (d < 0 ? 0.025 : 0.035)) ** 2 + ((t.width - b.width) / 0.06) ** 2 * 0.5;
  };
  const order = bank.map((_, k) => k);
  const scores = new Float64Array(bank.length);
  for (let f = 0; f < frames; f++) {
    const t = targetOf({ open: visemes.open[f] ?? 0, a: 0, i: visemes.i[f] ?? 0, u: visemes.u[f] ?? 0, m: 0 }, openMax);
    for (let k = 0; k < bank.length; k++) scores[k] = shapeCost(t, bank[k]!);
    order.sort((a, b) => scores[a]! - scores[b]!);
    for (let j = 0; j < M; j++) {
      const k = order[j]!;
      cand[f * M + j] = k;
      const here = scores[k]!;
      if (f === 0) {
        cost[j] = here;
        back[j] = -1;
        continue;
      }
      let best = Infinity;
      let arg = 0;
      for (let i = 0; i < M; i++) {
        const p = cand[(f - 1) * M + i]!;
        const step = p === k ? 0 : Math.abs(bank[p]!.frame - bank[k]!.frame) <= 5 ? 0.4 : 1.5 + ((bank[p]!.open - bank[k]!.open) / 0.08) ** 2;
        const c = cost[(f - 1) * M + i]! + step;
        if (c < best) {
          best = c;
          arg = i;
        }
      }
      cost[f * M + j] = best + here;
      back[f * M + j] = arg;
    }
  }
  const out = new Int32Array(frames);
  let j = 0;
  for (let i = 1; i < M; i++) if (cost[(frames - 1) * M + i]! < cost[(frames - 1) * M + j]!) j = i;
  for (let f = frames - 1; f >= 0; f--) {
    out[f] = cand[f * M + j]!;
    j = back[f * M + j]!;
  }
  return out;
}

/** The bank's mouths read from the footage: each a yuv420p picture of `patch`, with its landmarks. */
export interface LoadedBank {
  shapes: MouthShape[];
  landmarks: MouthLandmarks[];
  patch: Patch;
  pictures: Buffer[];
}

/**
 * Reads the bank's frames from the clip (one decode that stops after the last one), keeping only
 * the region around the mouth of each.
 */
export async function loadBank(
  file: string,
  size: { width: number; height: number },
  shapes: MouthShape[],
  every: number,
  landmarksOf: (frame: number) => MouthLandmarks | null,
  signal?: AbortSignal,
): Promise<LoadedBank | null> {
  const kept = shapes
    .filter((s) => s.frame % every === 0)
    .sort((a, b) => a.frame - b.frame)
    .map((s) => ({ s, m: landmarksOf(s.frame) }))
    .filter((e): e is { s: MouthShape; m: MouthLandmarks } => e.m !== null);
  if (kept.length === 0) return null;
  const patch = patchAround(
    kept.map((e) => jawBox(jawFrame(mouthFrame(e.m), e.m))),
    size.width,
    size.height,
  );
  if (!patch) return null;
  // Every frame on the sampling grid up to the last one wanted (a long list of frame numbers is
  // more than ffmpeg's expression parser takes); the ones not in the bank are dropped here.
  const wanted = new Set(kept.map((e) => e.s.frame));
  const last = Math.max(...wanted);
  const pictures: Buffer[] = [];
  let n = 0;
  for await (const picture of readRawFrames(
    ['-i', file, '-map', '0:v:0', '-vf', `select='not(mod(n\\,${every}))',${cropFilter(patch)}`, '-fps_mode', 'passthrough', '-frames:v', String(Math.floor(last / every) + 1)],
    'yuv420p',
    yuvFrameBytes(patch.width, patch.height),
    signal,
  )) {
    if (wanted.has(n * every)) pictures.push(picture);
    n++;
  }
  if (pictures.length !== kept.length) return null;
  return { shapes: kept.map((e) => e.s), landmarks: kept.map((e) => e.m), patch, pictures };
}

/** Least-squares similarity (scale, rotation, shift) taking points `from` onto `to`. */
function similarity(from: Point[], to: Point[], weights: number[]) {
  let W = 0;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  from.forEach((p, k) => {
    const w = weights[k]!;
    W += w;
    fx += p.x * w;
    fy += p.y * w;
    tx += to[k]!.x * w;
    ty += to[k]!.y * w;
  });
  fx /= W;
  fy /= W;
  tx /= W;
  ty /= W;
  let a = 0;
  let b = 0;
  let n = 0;
  from.forEach((p, k) => {
    const w = weights[k]!;
    const px = p.x - fx;
    const py = p.y - fy;
    const qx = to[k]!.x - tx;
    const qy = to[k]!.y - ty;
    a += w * (px * qx + py * qy);
    b += w * (px * qy - py * qx);
    n += w * (px * px + py * py);
  });
  let ca = a / (n || 1);
  let sb = b / (n || 1);
  // The same person at the same distance: the scale hardly changes; a wild fit is held in.
  const scale = Math.hypot(ca, sb);
  const kept = Math.max(0.9, Math.min(1.1, scale));
  ca *= kept / (scale || 1);
  sb *= kept / (scale || 1);
  // to = R·(from − f) + t
  return { a: ca, b: sb, fx, fy, tx, ty };
}

/** A source frame point back on the shown frame (the inverse of the similarity). */
function backProject(t: ReturnType<typeof similarity>, p: Point): Point {
  const k2 = t.a * t.a + t.b * t.b || 1;
  return {
    x: (t.a * (p.x - t.tx) + t.b * (p.y - t.ty)) / k2 + t.fx,
    y: (-t.b * (p.x - t.tx) + t.a * (p.y - t.ty)) / k2 + t.fy,
  };
}

/** The steady points of a mouth for alignment: nose tip, both corners, the upper lip's top. */
function anchors(m: MouthLandmarks): Point[] {
  return [m.nose, m.mouth[0]!, m.mouth[6]!, m.mouth[2]!, m.mouth[3]!, m.mouth[4]!];
}
const ANCHOR_WEIGHTS = [2, 1, 1, 1, 1, 1];

/** Reusable buffers of the compositor (one mouth region each). */
export class MouthCompositor {
  private warped = new Float32Array(0);
  private alpha = new Float32Array(0);

  /**
   * Lays bank mouth `k` onto `target` (a yuv420p picture of `targetPatch`, whose face has landmarks
   * `face` in frame pixels): aligned by the steady points, colour-matched in the blend ring and
   * blended with a feathered mask over the mouth, lips and chin. Returns the landmarks of the mouth
   * now shown (frame pixels).
   */
  composite(bank: LoadedBank, k: number, target: Buffer, targetPatch: Patch, face: MouthLandmarks): MouthLandmarks {
    const src = bank.landmarks[k]!;
    // Frame pixels of the shown frame → frame pixels of the source frame.
    const t = similarity(anchors(face), anchors(src), ANCHOR_WEIGHTS);
    const jf = jawFrame(mouthFrame(face), face);
    // The mask reaches below the lower of the two chins: the shown frame's and the borrowed one's.
    const back = backProject(t, src.chin);
    const chin = -(back.x - jf.ox) * jf.uy + (back.y - jf.oy) * jf.ux;
    jf.chin = Math.max(jf.chin, chin);
    const planes = yuvPlanes(target, targetPatch.width, targetPatch.height);
    const from = yuvPlanes(bank.pictures[k]!, bank.patch.width, bank.patch.height);
    for (let p = 0; p < 3; p++) this.plane(planes[p]!, from[p]!, targetPatch, bank.patch, t, jf);
    // The borrowed lips where they now are on the shown face (its own nose and chin).
    return { chin: face.chin, nose: face.nose, mouth: src.mouth.map((p) => backProject(t, p)) };
  }

  private plane(
    dst: ReturnType<typeof yuvPlanes>[number],
    src: ReturnType<typeof yuvPlanes>[number],
    dstPatch: Patch,
    srcPatch: Patch,
    t: ReturnType<typeof similarity>,
    f: JawFrame,
  ): void {
    const s = dst.scale;
    const n = dst.width * dst.height;
    if (this.warped.length < n) {
      this.warped = new Float32Array(n * 2);
      this.alpha = new Float32Array(n * 2);
    }
    const { warped, alpha } = this;
    // Mask in the shown face's mouth frame: a rounded box from under the nose to below the chin.
    const x0 = f.cx - f.half * 1.75;
    const x1 = f.cx + f.half * 1.75;
    const y0 = -f.up * 0.8;
    // Well below the chin: the shown frame's own jaw may hang lower than its landmarks (read every few frames) say.
    const y1 = f.chin + f.half * 1.0;
    const feather = f.half * 0.45;
    let ringW = 0;
    let sumD = 0;
    let sumD2 = 0;
    let sumS = 0;
    let sumS2 = 0;
    for (let py = 0; py < dst.height; py++) {
      for (let px = 0; px < dst.width; px++) {
        const i = py * dst.width + px;
        // Frame point of this plane pixel.
        const X = (px + 0.5) / s - 0.5 + dstPatch.x;
        const Y = (py + 0.5) / s - 0.5 + dstPatch.y;
        const dx = X - f.ox;
        const dy = Y - f.oy;
        const lx = dx * f.ux + dy * f.uy;
        const ly = -dx * f.uy + dy * f.ux;
        const inX = Math.min(lx - x0, x1 - lx);
        const inY = Math.min(ly - y0, y1 - ly);
        if (inX <= 0 || inY <= 0) {
          alpha[i] = 0;
          continue;
        }
        // Rounded corners: distance inside the box, softened where both sides are near.
        const ax = Math.min(1, inX / feather);
        const ay = Math.min(1, inY / feather);
        const a = smoothstep(ax * ay);
        alpha[i] = a;
        // Source frame point, then its plane pixel in the bank's patch.
        const qx = X - t.fx;
        const qy = Y - t.fy;
        const sx = (t.a * qx - t.b * qy + t.tx - srcPatch.x + 0.5) * s - 0.5;
        const sy = (t.b * qx + t.a * qy + t.ty - srcPatch.y + 0.5) * s - 0.5;
        // Only what the borrowed region really holds: its edge fades out instead of smearing.
        const edge = Math.min(sx, sy, src.width - 1 - sx, src.height - 1 - sy) / (4 * s);
        if (edge <= 0) {
          alpha[i] = 0;
          continue;
        }
        if (edge < 1) alpha[i] = a * edge;
        const cx = sx <= 0 ? 0 : sx >= src.width - 2 ? src.width - 2 : Math.floor(sx);
        const cy = sy <= 0 ? 0 : sy >= src.height - 2 ? src.height - 2 : Math.floor(sy);
        const fx = Math.max(0, Math.min(1, sx - cx));
        const fy = Math.max(0, Math.min(1, sy - cy));
        const j = src.offset + cy * src.width + cx;
        const d = src.data;
        const top = d[j]! + (d[j + 1]! - d[j]!) * fx;
        const bottom = d[j + src.width]! + (d[j + src.width + 1]! - d[j + src.width]!) * fx;
        const v = top + (bottom - top) * fy;
        warped[i] = v;
        if (alpha[i]! > 0.02 && alpha[i]! < 0.7) {
          const here = dst.data[dst.offset + i]!;
          ringW++;
          sumD += here;
          sumD2 += here * here;
          sumS += v;
          sumS2 += v * v;
        }
      }
    }
    // Colour matching: the source mouth takes the shown frame's mean and spread in the blend ring.
    let gain = 1;
    let shift = 0;
    if (ringW > 8) {
      const md = sumD / ringW;
      const ms = sumS / ringW;
      const sd = Math.sqrt(Math.max(0, sumD2 / ringW - md * md));
      const ss = Math.sqrt(Math.max(0, sumS2 / ringW - ms * ms));
      gain = ss > 1 ? Math.max(0.85, Math.min(1.18, sd / ss)) : 1;
      shift = md - ms * gain;
    }
    for (let i = 0; i < n; i++) {
      const a = alpha[i]!;
      if (a <= 0) continue;
      const at = dst.offset + i;
      const v = (warped[i]! * gain + shift) * a + dst.data[at]! * (1 - a);
      dst.data[at] = v < 0 ? 0 : v > 255 ? 255 : (v + 0.5) | 0;
    }
  }
}

/** The region a bank mouth may change on a frame whose mouth is `m` (frame pixels). */
export function bankBox(m: MouthLandmarks) {
  return jawBox(jawFrame(mouthFrame(m), m));
}
