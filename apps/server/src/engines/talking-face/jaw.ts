import type { MouthFrame, MouthLandmarks } from './mouth.js';
import {
  bilinear,
  localBox,
  remapPlanes,
  smoothstep,
  yuvPlanes,
  type Box,
  type LocalRect,
  type Plane,
  type Sampler,
} from './warp.js';
import type { Viseme } from './visemes.js';

/**
 * The jaw-drop drive, for faces whose footage has no open mouths to borrow (a photo, a pet, a clip
 * with closed lips). The face is split along the closed lips' seam: the upper lip (with any upper
 * teeth) rises a little, the lower lip, the lower teeth and the chin drop together as one jaw, and
 * the skin between the chin and the neck and out to the cheeks stretches smoothly. Nothing the
 * picture shows is painted over: what was there moves; only the gap the opening makes is new, a
 * shaded mouth interior (darker towards the back, lighter upper-teeth edge and tongue). Rounded
 * vowels pull the lips in towards the middle; spread ones pull the corners out.
 */

/** The face's jaw in the mouth's own frame (x along the mouth, y down), plus where the chin is. */
export interface JawFrame extends MouthFrame {
  /** Local y of the chin (landmark 8). */
  chin: number;
}

export function jawFrame(face: MouthFrame, m: MouthLandmarks): JawFrame {
  const X = m.chin.x - face.ox;
  const Y = m.chin.y - face.oy;
  const chin = -X * face.uy + Y * face.ux;
  return { ...face, chin: Math.max(face.half * 1.2, chin) };
}

/** Widest opening (lip to lip at the centre) as a share of the mouth's width. */
export const MAX_JAW_GAP = 0.5;
/** Under the chin the drop fades out over this many half mouth widths (the neck stays where it is). */
const CHIN_BAND = 1.3;

/** How far out from the mouth's centre (half mouth widths) the jaw under the lips moves, and the squeeze of the lips reaches. */
const JAW_REACH = 1.8;
const SQUEEZE_REACH = 2;
/** Up and down from the seam (half mouth widths), the band the squeeze reaches. */
const SQUEEZE_BAND = 1.1;

/**
 * Where the jaw drive moves anything: the jaw's width (the squeeze's, a little wider) from under the
 * nose to where the drop has faded out below the chin. Within it, rows above the squeeze's band move
 * only over the opening's width (see `still`).
 */
function jawRect(f: JawFrame): LocalRect {
  const reach = f.half * SQUEEZE_REACH;
  return { lx0: f.cx - reach, lx1: f.cx + reach, ly0: -f.up, ly1: f.chin + f.half * CHIN_BAND };
}

/**
 * The pixel rectangle (frame pixels) a jaw drive may change; nothing outside it is ever written. It
 * reaches a little beyond the drive's own rectangle (a tenth of a mouth width each side and below):
 * it is also the region a mouth from the footage is laid into, whose chin may hang lower.
 */
export function jawBox(f: JawFrame): Box {
  const r = jawRect(f);
  const more = f.half * 0.1;
  return localBox(f, r.lx0 - more, r.lx1 + more, r.ly0, r.ly1 + more);
}

/** The lip seam at x: the parabola through both corners and the centre between the inner lips. */
function seamAt(f: MouthFrame, x: number): number {
  const { xL, xR, seamL, seamR } = f;
  const a = seamL * ((x * (x - xR)) / (xL * (xL - xR) || 1));
  const c = seamR * ((x * (x - xL)) / (xR * (xR - xL) || 1));
  return a + c;
}

/** How one frame's mouth is moved: all in the mouth's local pixels. */
interface Motion {
  lower: number;
  upper: number;
  /** Half width of the opening along the lips. */
  halfOpen: number;
  /** Horizontal squeeze towards the centre (rounding > 0, spread < 0). */
  squeeze: number;
  /** Exponent of the opening's profile: 2 a lens, higher a flatter, squarer opening. */
  power: number;
}

function motionOf(f: JawFrame, v: Viseme): Motion {
  const gap = Math.max(0, Math.min(1, v.open)) * MAX_JAW_GAP * 2 * f.half;
  const round = Math.max(0, Math.min(1, v.u));
  const spread = Math.max(0, Math.min(1, v.i));
  return {
    lower: gap * 0.74,
    upper: gap * 0.26,
    halfOpen: f.half * (0.97 - 0.3 * round + 0.03 * spread),
    squeeze: 0.2 * round - 0.07 * spread,
    power: 2 + 0.6 * Math.max(0, Math.min(1, v.a)) + 0.5 * spread,
  };
}

/** Opening profile along the lips: 1 in the middle, 0 at the corners. */
function lipProfile(m: Motion, f: JawFrame, x: number): number {
  const t = Math.abs(x - f.cx) / m.halfOpen;
  return t >= 1 ? 0 : 1 - t ** m.power;
}

/** The jaw under the lips moves as one piece as wide as the chin, easing out into the cheeks. */
function jawProfile(f: JawFrame, x: number): number {
  return 1 - smoothstep((Math.abs(x - f.cx) / f.half - 0.55) / (JAW_REACH - 0.55));
}

/** Vertical displacement of a source point below the seam (the jaw's drop there), given the column's lip and jaw profiles. */
function lowerDrop(m: Motion, f: JawFrame, lip: number, jaw: number, y: number, seam: number): number {
  const span = Math.max(1, f.chin - seam);
  const mix = smoothstep((y - seam) / span / 0.9);
  const profile = lip * (1 - mix) + jaw * mix;
  // Under the chin the neck stays: the drop fades out over a band.
  const fade = y <= f.chin ? 1 : 1 - smoothstep((y - f.chin) / (f.half * CHIN_BAND));
  return m.lower * profile * fade;
}

/** Vertical displacement (negative: up) of a source point above the seam, given the column's lip profile. */
function upperLift(m: Motion, f: JawFrame, lip: number, y: number, seam: number): number {
  const span = Math.max(1, seam + f.up);
  const t = (seam - y) / span;
  const fade = t < 0.35 ? 1 : 1 - smoothstep((t - 0.35) / 0.65);
  return -m.upper * lip * fade;
}

/** Horizontal displacement of a source point: rounding pulls the lips towards the middle. */
function squeezeAt(m: Motion, f: JawFrame, x: number, y: number): number {
  if (m.squeeze === 0) return 0;
  const d = (x - f.cx) / f.half;
  const across = 1 - smoothstep((Math.abs(d) - 1) / (SQUEEZE_REACH - 1));
  const band = 1 - smoothstep((Math.abs(y) / f.half - 0.35) / (SQUEEZE_BAND - 0.35));
  return -m.squeeze * (x - f.cx) * across * band;
}

/** Mouth-interior colour of one plane. */
export interface Interior {
  /** Luma at the front of the opening, at the back, of the upper-teeth edge and of the tongue. */
  y: [front: number, back: number, teeth: number, tongue: number];
  u: [front: number, back: number, teeth: number, tongue: number];
  v: [front: number, back: number, teeth: number, tongue: number];
}

/** The interior's colours from the lips' own colour (limited-range YUV), so it belongs to this face. */
export function interiorFor(lipU: number, lipV: number): Interior {
  const tint = (c: number, k: number) => 128 + (c - 128) * k;
  return {
    y: [66, 18, 168, 104],
    u: [tint(lipU, 0.4) - 3, tint(lipU, 0.2) - 2, 127, tint(lipU, 0.5) - 4],
    v: [tint(lipV, 0.7), tint(lipV, 0.25), 130, tint(lipV, 0.9) + 6],
  };
}

/** Mean U and V of the lips (outer lip ring) of one yuv420p frame, or neutral red when unreadable. */
export function lipColour(
  frame: Uint8Array,
  width: number,
  height: number,
  m: MouthLandmarks,
): { u: number; v: number } {
  const cw = width / 2;
  const uOff = width * height;
  const vOff = uOff + cw * (height / 2);
  let u = 0;
  let v = 0;
  let n = 0;
  // Midpoints between outer and inner lip points: on the lip's red.
  const pairs = [
    [2, 13],
    [3, 14],
    [4, 15],
    [8, 17],
    [9, 18],
    [10, 19],
  ] as const;
  for (const [a, b] of pairs) {
    const p = m.mouth[a]!;
    const q = m.mouth[b]!;
    const x = Math.round((p.x + q.x) / 4);
    const y = Math.round((p.y + q.y) / 4);
    if (x < 0 || y < 0 || x >= cw || y >= height / 2) continue;
    u += frame[uOff + y * cw + x]!;
    v += frame[vOff + y * cw + x]!;
    n++;
  }
  return n ? { u: u / n, v: v / n } : { u: 118, v: 152 };
}

/** Where a pixel of the open mouth lies in it: the cavity's depth, and how much upper teeth and tongue show there. */
interface InteriorWeights {
  /** 0 at the lips .. 1 at the back (already curved). */
  depth: number;
  teeth: number;
  tongue: number;
}

/**
 * The open mouth at local (x, y) between the lips' edges, shaded like a cavity: dark deep in the
 * middle and lighter towards the lips and corners on a cone (every shade from the back to the lips
 * shows, none over a plateau), a pale band of upper teeth under the upper lip, and the tongue's
 * lighter hump low in the opening once it is open enough.
 */
function interiorWeights(
  m: Motion,
  f: JawFrame,
  x: number,
  y: number,
  upperEdge: number,
  lowerEdge: number,
  w: InteriorWeights,
): void {
  const h = lowerEdge - upperEdge;
  const down = (y - upperEdge) / h;
  const across = Math.min(1, Math.abs(x - f.cx) / m.halfOpen);
  // Deepest a little above the middle: the palate's shadow behind the upper teeth.
  const cone = Math.max(0, 1 - Math.hypot(across, (down - 0.4) / 0.62));
  w.depth = (cone * Math.min(1, h / (f.half * 0.15))) ** 0.8;
  const teethBand = Math.min(h * 0.3, f.half * 0.11);
  const below = y - upperEdge;
  w.teeth =
    below < teethBand && across < 0.7
      ? (1 - below / teethBand) ** 0.7 *
        (1 - smoothstep((across - 0.35) / 0.35)) *
        Math.min(1, h / (f.half * 0.2)) *
        0.85
      : 0;
  w.tongue =
    down > 0.5 && h > f.half * 0.1
      ? smoothstep((down - 0.5) / 0.35) *
        (1 - smoothstep((across - 0.3) / 0.5)) *
        Math.min(1, (h - f.half * 0.1) / (f.half * 0.2)) *
        0.8
      : 0;
}

/** One plane's interior value at weights `w`; `grain` (luma only) is a fixed fine pattern that moves with the mouth, so nothing reads as flat paint. */
function interiorValue(colour: Interior['y'], w: InteriorWeights, grain: number): number {
  const front = colour[0];
  let value = front + (colour[1] - front) * w.depth + grain;
  value += (colour[2] - value) * w.teeth;
  return value + (colour[3] - value) * w.tongue;
}

/**
 * The motion's inverse — for a point of the output, where in the source it comes from — on a grid of
 * local points, worked out once a frame for all three planes: the squeeze undone (in its band), and
 * for each column of the source the seam, the opening's profile and, row by row, the source row of
 * the part below the lips and of the part above (clamped at the seam inside the opening). The
 * displacements change over half a mouth width or more, so a grid a few pixels apart read bilinearly
 * is as good as solving each pixel, at a small share of the work.
 */
class JawMap {
  x0 = 0;
  y0 = 0;
  /** Grid step (local pixels), columns and rows. */
  step = 1;
  nx = 0;
  ny = 0;
  squeezing = false;
  sx = new Float32Array(0);
  seam = new Float32Array(0);
  lip = new Float32Array(0);
  lowerSy = new Float32Array(0);
  upperSy = new Float32Array(0);

  build(f: JawFrame, m: Motion, rect: LocalRect): void {
    const g = Math.max(0.75, Math.min(3, f.half / 32));
    this.step = g;
    this.x0 = rect.lx0 - g;
    this.y0 = rect.ly0 - g;
    const nx = (this.nx = Math.ceil((rect.lx1 - rect.lx0) / g) + 3);
    const ny = (this.ny = Math.ceil((rect.ly1 - rect.ly0) / g) + 3);
    if (this.lowerSy.length < nx * ny) {
      this.sx = new Float32Array(nx * ny * 2);
      this.lowerSy = new Float32Array(nx * ny * 2);
      this.upperSy = new Float32Array(nx * ny * 2);
    }
    if (this.seam.length < nx) {
      this.seam = new Float32Array(nx * 2);
      this.lip = new Float32Array(nx * 2);
    }
    // The squeeze, undone by a few fixed-point steps on each grid point of its band.
    this.squeezing = m.squeeze !== 0;
    if (this.squeezing) {
      const band = f.half * SQUEEZE_BAND + g;
      for (let r = 0; r < ny; r++) {
        const ly = this.y0 + r * g;
        for (let c = 0; c < nx; c++) {
          const lx = this.x0 + c * g;
          let sx = lx;
          if (Math.abs(ly) < band) for (let k = 0; k < 4; k++) sx = lx - squeezeAt(m, f, sx, ly);
          this.sx[r * nx + c] = sx;
        }
      }
    }
    for (let c = 0; c < nx; c++) {
      const sx = this.x0 + c * g;
      const seam = seamAt(f, sx);
      const lip = lipProfile(m, f, sx);
      const jaw = jawProfile(f, sx);
      this.seam[c] = seam;
      this.lip[c] = lip;
      // Below the lips: the forward map y → y + drop(y) rises with y; walk it once down the column.
      let y = seam;
      let F = y + lowerDrop(m, f, lip, jaw, y, seam);
      let yNext = y + g;
      let FNext = yNext + lowerDrop(m, f, lip, jaw, yNext, seam);
      for (let r = 0; r < ny; r++) {
        const ly = this.y0 + r * g;
        if (ly <= F) {
          this.lowerSy[r * nx + c] = seam;
          continue;
        }
        while (FNext < ly) {
          y = yNext;
          F = FNext;
          yNext = y + g;
          FNext = yNext + lowerDrop(m, f, lip, jaw, yNext, seam);
        }
        this.lowerSy[r * nx + c] = y + ((ly - F) / (FNext - F || 1)) * g;
      }
      // Above the lips: y → y + lift(y) (lift ≤ 0) falls as y falls; walk it once up the column.
      y = seam;
      F = y + upperLift(m, f, lip, y, seam);
      yNext = y - g;
      FNext = yNext + upperLift(m, f, lip, yNext, seam);
      for (let r = ny - 1; r >= 0; r--) {
        const ly = this.y0 + r * g;
        if (ly >= F) {
          this.upperSy[r * nx + c] = seam;
          continue;
        }
        while (FNext > ly) {
          y = yNext;
          F = FNext;
          yNext = y - g;
          FNext = yNext + upperLift(m, f, lip, yNext, seam);
        }
        this.upperSy[r * nx + c] = y - ((F - ly) / (F - FNext || 1)) * g;
      }
    }
  }

  /** Bilinear read of grid table `t` at local point (x, y). */
  private read(t: Float32Array, x: number, y: number): number {
    return bilinear(t, this.nx, this.ny, (x - this.x0) / this.step, (y - this.y0) / this.step);
  }

  /** The source x of output point (lx, ly): the squeeze undone. */
  sourceX(lx: number, ly: number): number {
    return this.squeezing ? this.read(this.sx, lx, ly) : lx;
  }

  /** A column table (seam, lip) at source x. */
  column(t: Float32Array, sx: number): number {
    const gc = (sx - this.x0) / this.step;
    const c = gc <= 0 ? 0 : gc >= this.nx - 2 ? this.nx - 2 : Math.floor(gc);
    const a = gc - c < 0 ? 0 : gc - c > 1 ? 1 : gc - c;
    return t[c]! + (t[c + 1]! - t[c]!) * a;
  }

  lowerY(sx: number, ly: number): number {
    return this.read(this.lowerSy, sx, ly);
  }

  upperY(sx: number, ly: number): number {
    return this.read(this.upperSy, sx, ly);
  }
}

/** The grid of the frame being driven, reused from frame to frame. */
const map = new JawMap();

/** Where an output pixel reads from: the lower part of the face, the upper, or the open mouth between. */
const LOWER = 0;
const UPPER = 1;
const INSIDE = 2;

/**
 * Drives planes of one scale (the luma, or both chroma planes at once) to motion `m` through the
 * frame's `map`: each pixel's source point is worked out once and read from every plane. Pixels the
 * motion leaves where they are (outside the opening's width above the squeeze's band, beyond the
 * jaw's width below it) are skipped.
 */
function drivePlanes(
  planes: readonly Plane[],
  colours: readonly Interior['y'][],
  f: JawFrame,
  m: Motion,
  rect: LocalRect,
  grain: boolean,
): void {
  const s = planes[0]!.scale;
  // Anti-aliasing band of the lip edges against the interior, in local pixels.
  const feather = Math.max(0.8, f.half * 0.04) / Math.min(1, s * 2);
  const edgeMargin = 0.8 / s;
  const band = f.half * SQUEEZE_BAND;
  const jawReach = f.half * JAW_REACH;
  const squeezing = m.squeeze !== 0;
  const w: InteriorWeights = { depth: 0, teeth: 0, tongue: 0 };
  remapPlanes(planes, f, rect, (lx, ly, samplers: readonly Sampler[], out) => {
    // Keep the rectangle's own edge exactly as it was (the displacement is zero there anyway).
    if (
      lx - rect.lx0 < edgeMargin ||
      rect.lx1 - lx < edgeMargin ||
      ly - rect.ly0 < edgeMargin ||
      rect.ly1 - ly < edgeMargin
    )
      return;
    const inBand = squeezing && Math.abs(ly) < band;
    if (!inBand && Math.abs(lx - f.cx) >= (ly < -band ? m.halfOpen : jawReach)) return;
    const sx = inBand ? map.sourceX(lx, ly) : lx;
    const seam = map.column(map.seam, sx);
    const lip = map.column(map.lip, sx);
    const lowerEdge = seam + m.lower * lip;
    const upperEdge = seam - m.upper * lip;
    let kind = INSIDE;
    let sy = 0;
    let blend = 0;
    if (ly >= lowerEdge) {
      kind = LOWER;
      sy = map.lowerY(sx, ly);
      const d = ly - lowerEdge;
      if (d < feather && m.lower * lip > 0.3) blend = 1 - d / feather;
    } else if (ly <= upperEdge) {
      kind = UPPER;
      sy = map.upperY(sx, ly);
      const d = upperEdge - ly;
      if (d < feather && m.upper * lip > 0.3) blend = 1 - d / feather;
    } else interiorWeights(m, f, sx, ly, upperEdge, lowerEdge, w);
    // The grain, stronger in the dark back where a filmed picture's noise shows most.
    const noise =
      kind === INSIDE && grain
        ? (((((Math.round(sx * 1.3) * 73856093) ^ (Math.round(ly * 1.3) * 19349663)) >>> 0) % 17) - 8) * (1 + w.depth)
        : 0;
    for (let k = 0; k < samplers.length; k++) {
      const colour = colours[k]!;
      if (kind === INSIDE) out[k] = interiorValue(colour, w, noise);
      else {
        const value = samplers[k]!(sx, sy);
        // The lip's edge against the opening: the lower lip against the cavity, the upper against the teeth's edge.
        if (blend > 0)
          out[k] = value * (1 - blend) + (kind === LOWER ? colour[0] : colour[2] * 0.4 + colour[0] * 0.6) * blend;
        else out[k] = value;
      }
    }
  });
}

/**
 * Drives one yuv420p frame's mouth in place to viseme `v`. Pixels outside `jawBox(face)` are never
 * written; a closed, neutral viseme leaves the frame as it was.
 */
export function driveJaw(
  frame: Buffer,
  width: number,
  height: number,
  face: JawFrame,
  v: Viseme,
  interior: Interior,
): void {
  const m = motionOf(face, v);
  if (m.lower < 0.05 && Math.abs(m.squeeze) < 0.005) return;
  const [y, u, vv] = yuvPlanes(frame, width, height);
  const rect = jawRect(face);
  map.build(face, m, rect);
  drivePlanes([y], [interior.y], face, m, rect, true);
  drivePlanes([u, vv], [interior.u, interior.v], face, m, rect, false);
}
