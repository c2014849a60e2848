import type { LiveAtlasMeta, LiveSprite } from '@app/contract';

/**
 * The arithmetic of the live player, apart from the page: which loop frame shows, where the mouth is
 * on it, which mouth sprite the sound asks for, and how the sprite is laid onto the frame.
 */

/** One frame's mouth as the server sends it: five bytes 0..255, read as 0..1. */
export interface Viseme {
  open: number;
  a: number;
  i: number;
  u: number;
  m: number;
}

/** The weights of the steady points (nose tip, corners, upper lip top) in the alignment. */
const WEIGHTS = [2, 1, 1, 1, 1, 1];

/** A similarity (scale, rotation, shift): point p goes to (a·x − b·y + e, b·x + a·y + f), the canvas `setTransform(a, b, −b, a, e, f)`. */
export interface Similarity {
  a: number;
  b: number;
  e: number;
  f: number;
}

/** Least-squares similarity taking points `from` onto `to` (both [x0, y0, x1, y1, ...]), weighted. */
export function fitSimilarity(from: ArrayLike<number>, to: ArrayLike<number>): Similarity {
  const n = Math.min(from.length, to.length) / 2;
  let W = 0;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let k = 0; k < n; k++) {
    const w = WEIGHTS[k] ?? 1;
    W += w;
    fx += from[2 * k]! * w;
    fy += from[2 * k + 1]! * w;
    tx += to[2 * k]! * w;
    ty += to[2 * k + 1]! * w;
  }
  fx /= W || 1;
  fy /= W || 1;
  tx /= W || 1;
  ty /= W || 1;
  let p = 0;
  let q = 0;
  let s = 0;
  for (let k = 0; k < n; k++) {
    const w = WEIGHTS[k] ?? 1;
    const px = from[2 * k]! - fx;
    const py = from[2 * k + 1]! - fy;
    const qx = to[2 * k]! - tx;
    const qy = to[2 * k + 1]! - ty;
    p += w * (px * qx + py * qy);
    q += w * (px * qy - py * qx);
    s += w * (px * px + py * py);
  }
  const a = p / (s || 1);
  const b = q / (s || 1);
  return { a, b, e: tx - (a * fx - b * fy), f: ty - (b * fx + a * fy) };
}

export function applySimilarity(t: Similarity, x: number, y: number): [number, number] {
  return [t.a * x - t.b * y + t.e, t.b * x + t.a * y + t.f];
}

/** The loop frame shown at `seconds` of the loop video, and the forward frame whose track it uses. */
export function loopFrameAt(meta: Pick<LiveAtlasMeta, 'loop'>, seconds: number): { frame: number; forward: number } {
  const { fps, frames, forward } = meta.loop;
  const frame = ((Math.floor(seconds * fps + 1e-3) % frames) + frames) % frames;
  return { frame, forward: frame < forward ? frame : Math.max(0, frames - 1 - frame) };
}

/** The mouth's steady points on forward frame `k` (the nearest frame with a face when it has none). */
export function trackAt(meta: Pick<LiveAtlasMeta, 'track'>, k: number): number[] | null {
  const t = meta.track;
  for (let d = 0; d < t.length; d++) {
    const here = t[k - d] ?? t[k + d];
    if (here) return here;
  }
  return null;
}

/** The visemes of a sentence chunk (base64 of frames × 5 bytes). */
export function decodeVisemes(base64: string): Uint8Array {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k);
  return out;
}

/** Frame `f` of decoded visemes; closed past the end. */
export function visemeAt(visemes: Uint8Array, f: number): Viseme {
  const at = f * 5;
  if (f < 0 || at + 4 >= visemes.length) return { open: 0, a: 0, i: 0, u: 0, m: 1 };
  return {
    open: visemes[at]! / 255,
    a: visemes[at + 1]! / 255,
    i: visemes[at + 2]! / 255,
    u: visemes[at + 3]! / 255,
    m: visemes[at + 4]! / 255,
  };
}

/** How far sprite `s` is from the mouth the viseme asks for (0 a perfect match); a mouth more open than asked costs more. */
export function spriteCost(
  meta: Pick<LiveAtlasMeta, 'openMax' | 'sprites' | 'rest'>,
  s: LiveSprite,
  v: Viseme,
): number {
  const open = v.m > 0.6 ? 0 : v.open * meta.openMax;
  const width = 1 + 0.07 * v.i - 0.14 * v.u;
  const rest = meta.sprites[meta.rest];
  const round = (rest?.round ?? s.round) + open + 0.2 * v.u;
  const d = open - s.open;
  return (
    (d / (d < 0 ? 0.025 : 0.035)) ** 2 + 0.5 * ((width - s.width) / 0.06) ** 2 + 0.2 * ((round - s.round) / 0.08) ** 2
  );
}

/** Cost a change of sprite must save: a look-alike mouth never replaces the one shown, so the lips do not jitter. */
export const HYSTERESIS = 1.2;

/** Picks the sprite for each viseme, holding the one shown while another is only a little better. */
export class SpriteChooser {
  private current = -1;
  constructor(private readonly meta: Pick<LiveAtlasMeta, 'openMax' | 'sprites' | 'rest'>) {}

  choose(v: Viseme): number {
    const { sprites } = this.meta;
    let best = this.meta.rest;
    let bestCost = Infinity;
    for (let k = 0; k < sprites.length; k++) {
      const c = spriteCost(this.meta, sprites[k]!, v);
      if (c < bestCost) {
        bestCost = c;
        best = k;
      }
    }
    const held = this.current >= 0 ? sprites[this.current] : undefined;
    if (held && spriteCost(this.meta, held, v) <= bestCost + HYSTERESIS) return this.current;
    this.current = best;
    return best;
  }

  reset(): void {
    this.current = -1;
  }
}

/**
 * The sprite laid over the loop frame (−1: none) for the one the sound chose (−1 between answers).
 * Photo-like footage is closed-mouthed throughout: its own mouth is the closed one. A clip of the person
 * speaking moves its mouth in the loop: between answers its rest mouth is laid over it.
 */
export function spriteToDraw(meta: Pick<LiveAtlasMeta, 'rest' | 'source'>, chosen: number): number {
  if (meta.source === 'jaw') return chosen === meta.rest ? -1 : chosen;
  return chosen < 0 ? meta.rest : chosen;
}

/** The box (loop pixels, whole) a sprite covers once laid by `t`. */
export function spriteBox(s: Pick<LiveSprite, 'w' | 'h'>, t: Similarity): [number, number, number, number] {
  const corners = [
    applySimilarity(t, 0, 0),
    applySimilarity(t, s.w, 0),
    applySimilarity(t, 0, s.h),
    applySimilarity(t, s.w, s.h),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x0 = Math.floor(Math.min(...xs));
  const y0 = Math.floor(Math.min(...ys));
  return [x0, y0, Math.ceil(Math.max(...xs)) - x0, Math.ceil(Math.max(...ys)) - y0];
}
