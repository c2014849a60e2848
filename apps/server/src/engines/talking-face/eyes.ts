import type { Point } from './face-api.js';
import { localBox, remapPlane, smoothstep, yuvPlanes, type Box, type LocalAxes } from './warp.js';

/** One eye in its own frame: x from the outer to the inner corner, y down the face. */
export interface EyeFrame extends LocalAxes {
  half: number;
  /** Local y of the upper and lower lid at the eye's middle. */
  upper: number;
  lower: number;
}

/** From face-api's six points of one eye (36–41 or 42–47). */
export function eyeFrame(eye: Point[]): EyeFrame {
  const [c0, u1, u2, c1, l1, l2] = eye as [Point, Point, Point, Point, Point, Point];
  const ox = (c0.x + c1.x) / 2;
  const oy = (c0.y + c1.y) / 2;
  const len = Math.hypot(c1.x - c0.x, c1.y - c0.y) || 1;
  const ux = (c1.x - c0.x) / len;
  const uy = (c1.y - c0.y) / len;
  const localY = (p: Point) => -(p.x - ox) * uy + (p.y - oy) * ux;
  return { ox, oy, ux, uy, half: len / 2, upper: (localY(u1) + localY(u2)) / 2, lower: (localY(l1) + localY(l2)) / 2 };
}

/**
 * Closes an eye by `amount` (0 open .. 1 shut): the upper lid and the skin above it slide down over
 * the eye to the lower lid, easing to nothing at the brow. Below the lower lid nothing changes.
 */
function lidRect(e: EyeFrame) {
  const reach = e.half * 1.3;
  const opening = Math.max(1, e.lower - e.upper);
  // The lid travels a little past the lower lid's landmarks, which sit on the lashes' outer edge.
  return { reach, top: e.upper - e.half * 1.4, bottom: e.lower + opening * 0.3 };
}

/** The pixel rectangle (frame pixels) that a blink may change. */
export function eyeBox(e: EyeFrame): Box {
  const { reach, top, bottom } = lidRect(e);
  return localBox(e, -reach, reach, top, bottom);
}

export function blinkEye(frame: Buffer, width: number, height: number, e: EyeFrame, amount: number): void {
  if (!(amount > 0.01)) return;
  const { reach, top, bottom } = lidRect(e);
  for (const plane of yuvPlanes(frame, width, height))
    remapPlane(plane, e, { lx0: -reach, lx1: reach, ly0: top, ly1: bottom }, (lx, ly, sample) => {
      const across = (lx / reach) ** 4;
      const shift = amount * (bottom - e.upper) * (1 - across);
      if (shift < 0.05) return NaN;
      // Solve source y: y = sy + shift · falloff(sy), the falloff 1 from the lid down, 0 at the brow.
      let sy = ly - shift;
      for (let k = 0; k < 4; k++) sy = ly - shift * smoothstep((sy - top) / (e.upper - top));
      return sample(lx, sy);
    });
}

/**
 * Natural blinks for a clip: one every 2.5–5.5 s (a fixed pseudo-random pattern), each 6 frames at
 * 25 fps closing fast and opening a little slower. Returns the closing amount per frame.
 */
export function blinkTrack(frames: number, fps: number, seed = 7): Float32Array {
  const out = new Float32Array(frames);
  const shape = [0.45, 0.9, 1, 0.75, 0.4, 0.15];
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let t = fps * (1 + random() * 1.5); t < frames; t += fps * (2.5 + random() * 3)) {
    const start = Math.round(t);
    shape.forEach((v, k) => {
      const i = start + Math.round((k * fps) / 25);
      if (i < frames) out[i] = v;
    });
  }
  return out;
}
