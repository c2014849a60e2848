import type { Point } from './face-api.js';
import { localBox, remapPlane, smoothstep, yuvPlanes, type Box, type Plane } from './warp.js';

/** The landmarks the mouth driver needs: chin (8), nose tip (33) and the 20 mouth points (48–67). */
export interface MouthLandmarks {
  chin: Point;
  nose: Point;
  /** face-api points 48..67: outer lip 48–59, inner lip 60–67. */
  mouth: Point[];
}

export function mouthLandmarksOf(all68: Point[]): MouthLandmarks {
  return { chin: all68[8]!, nose: all68[33]!, mouth: all68.slice(48, 68) };
}

/**
 * The mouth in its own frame: origin between the inner lips, x along the mouth (left → right
 * corner), y down the face. Turned and tilted faces get a turned frame.
 */
export interface MouthFrame {
  ox: number;
  oy: number;
  ux: number;
  uy: number;
  /** Centre of the two corners along x, and the half distance between them. */
  cx: number;
  half: number;
  /** The closed lips' seam y at the left corner, centre (0) and right corner: a parabola through them. */
  seamL: number;
  seamR: number;
  xL: number;
  xR: number;
  /** How far up (towards the nose) and down (towards the chin) the skin may move. */
  up: number;
  down: number;
}

export function mouthFrame(m: MouthLandmarks): MouthFrame {
  const L = m.mouth[0]!;
  const R = m.mouth[6]!;
  const upperIn = m.mouth[14]!;
  const lowerIn = m.mouth[18]!;
  const ox = (upperIn.x + lowerIn.x) / 2;
  const oy = (upperIn.y + lowerIn.y) / 2;
  const len = Math.hypot(R.x - L.x, R.y - L.y) || 1;
  const ux = (R.x - L.x) / len;
  const uy = (R.y - L.y) / len;
  const local = (p: Point) => ({ x: (p.x - ox) * ux + (p.y - oy) * uy, y: -(p.x - ox) * uy + (p.y - oy) * ux });
  const l = local(L);
  const r = local(R);
  const half = len / 2;
  const nose = -local(m.nose).y;
  const chin = local(m.chin).y;
  return {
    ox,
    oy,
    ux,
    uy,
    cx: (l.x + r.x) / 2,
    half,
    seamL: l.y,
    seamR: r.y,
    xL: l.x,
    xR: r.x,
    up: Math.max(half * 0.5, nose * 0.8),
    down: Math.max(half * 0.9, chin * 0.92),
  };
}

/** The lip seam at x: the parabola through both corners and the centre between the inner lips. */
function seamAt(f: MouthFrame, x: number): number {
  const { xL, xR, seamL, seamR } = f;
  // Lagrange through (xL, seamL), (0, 0), (xR, seamR).
  const a = seamL * ((x * (x - xR)) / (xL * (xL - xR) || 1));
  const c = seamR * ((x * (x - xL)) / (xR * (xR - xL) || 1));
  return a + c;
}

/** 1 for the lip itself, easing to 0 at the chin (lower) or under the nose (upper). */
function lowerFalloff(t: number): number {
  return t < 0.3 ? 1 : 1 - smoothstep((t - 0.3) / 0.7);
}
function upperFalloff(t: number): number {
  return t < 0.45 ? 1 : 1 - smoothstep((t - 0.45) / 0.55);
}

/** Widest opening (lip to lip at the centre) as a share of the mouth's width. */
export const MAX_GAP = 0.42;

/** Colour of the mouth's inside at depth 0 (edge) .. 1 (centre), `fromTop` 0 under the upper lip .. 1 on the lower. */
type Inside = (depth: number, fromTop: number) => number;

function mouthRect(f: MouthFrame) {
  return { lx0: f.cx - f.half, lx1: f.cx + f.half, ly0: -f.up, ly1: f.down };
}

/** The pixel rectangle (frame pixels) that a mouth drive may change; everything outside stays as it is. */
export function mouthBox(f: MouthFrame): Box {
  const r = mouthRect(f);
  return localBox(f, r.lx0, r.lx1, r.ly0, r.ly1);
}

function warpPlane(p: Plane, inside: Inside, f: MouthFrame, open: number): void {
  const gap = open * MAX_GAP * 2 * f.half;
  const lowerMove = gap * 0.72;
  const upperMove = gap * 0.28;
  const feather = Math.max(0.75, f.half * 0.035);
  remapPlane(p, f, mouthRect(f), (lx, ly, sample) => {
    const across = (lx - f.cx) / f.half;
    if (across <= -1 || across >= 1) return NaN;
    const profile = 1 - across * across;
    const seam = seamAt(f, lx);
    const lowerEdge = seam + lowerMove * profile;
    const upperEdge = seam - upperMove * profile;
    if (ly >= lowerEdge) {
      // Skin below the lips: moved down with the lower lip, fading to nothing at the chin.
      const span = Math.max(1, f.down - seam);
      let sy = ly - lowerMove * profile;
      for (let k = 0; k < 4; k++) sy = ly - lowerMove * profile * lowerFalloff((sy - seam) / span);
      const value = sample(lx, Math.max(seam, sy));
      if (ly - lowerEdge >= feather || lowerMove * profile <= 0.25) return value;
      const a = (ly - lowerEdge) / feather;
      return value * a + inside(0, 1) * (1 - a);
    }
    if (ly <= upperEdge) {
      const span = Math.max(1, seam + f.up);
      let sy = ly + upperMove * profile;
      for (let k = 0; k < 4; k++) sy = ly + upperMove * profile * upperFalloff((seam - sy) / span);
      const value = sample(lx, Math.min(seam, sy));
      if (upperEdge - ly >= feather || upperMove * profile <= 0.25) return value;
      const a = (upperEdge - ly) / feather;
      return value * a + inside(0, 0) * (1 - a);
    }
    // Inside the open mouth: dark, darkest deep in the middle.
    const height = lowerEdge - upperEdge;
    const depth = Math.min(1, (1 - Math.abs(across)) * 1.4) * Math.min(1, height / (feather * 4));
    return inside(depth, (ly - upperEdge) / height);
  });
}

/** Mouth interior in limited-range YUV: a dark red cavity, a little lighter just under the upper lip. */
const insideY = (depth: number, fromTop: number) => 62 - 34 * depth + (fromTop < 0.22 ? 26 * (1 - fromTop / 0.22) * depth : 0);
const insideU = () => 120;
const insideV = (depth: number) => 146 + 6 * depth;

/**
 * Opens the mouth of one yuv420p frame in place: the lower lip and the skin under it move down
 * (easing to nothing at the chin), the upper lip a little up, and the gap between them is the dark
 * inside of the mouth with feathered lip edges. Pixels outside `mouthBox` are never written;
 * `open` 0 leaves the frame exactly as it was.
 */
export function driveMouth(frame: Buffer, width: number, height: number, face: MouthFrame, open: number): void {
  if (!(open > 0.001)) return;
  const [y, u, v] = yuvPlanes(frame, width, height);
  warpPlane(y, insideY, face, open);
  warpPlane(u, insideU, face, open);
  warpPlane(v, insideV, face, open);
}
