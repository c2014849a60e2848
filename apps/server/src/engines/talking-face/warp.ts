/** A turned frame of reference on the picture: origin (ox, oy), x along (ux, uy), y along (−uy, ux). */
export interface LocalAxes {
  ox: number;
  oy: number;
  ux: number;
  uy: number;
}

/** One plane of a yuv420p frame. */
export interface Plane {
  data: Buffer;
  offset: number;
  width: number;
  height: number;
  /** Plane pixels per frame pixel (1 luma, 0.5 chroma). */
  scale: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The three planes of a yuv420p frame buffer. */
export function yuvPlanes(frame: Buffer, width: number, height: number): [Plane, Plane, Plane] {
  const cw = width / 2;
  const ch = height / 2;
  return [
    { data: frame, offset: 0, width, height, scale: 1 },
    { data: frame, offset: width * height, width: cw, height: ch, scale: 0.5 },
    { data: frame, offset: width * height + cw * ch, width: cw, height: ch, scale: 0.5 },
  ];
}

/** The frame-pixel rectangle around a local rectangle (a pixel of margin each side). */
export function localBox(a: LocalAxes, lx0: number, lx1: number, ly0: number, ly1: number): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const x of [lx0, lx1])
    for (const y of [ly0, ly1]) {
      const px = a.ox + x * a.ux - y * a.uy;
      const py = a.oy + x * a.uy + y * a.ux;
      x0 = Math.min(x0, px);
      y0 = Math.min(y0, py);
      x1 = Math.max(x1, px);
      y1 = Math.max(y1, py);
    }
  return { x0: Math.floor(x0) - 1, y0: Math.floor(y0) - 1, x1: Math.ceil(x1) + 1, y1: Math.ceil(y1) + 1 };
}

/** Reads the untouched plane at local coordinates (bilinear). */
export type Sampler = (lx: number, ly: number) => number;

/** Bilinear read of a w × h grid of values at (x, y), held inside the grid. */
export function bilinear(t: ArrayLike<number>, w: number, h: number, x: number, y: number): number {
  const x0 = x <= 0 ? 0 : x >= w - 2 ? w - 2 : Math.floor(x);
  const y0 = y <= 0 ? 0 : y >= h - 2 ? h - 2 : Math.floor(y);
  const ax = x - x0 < 0 ? 0 : x - x0 > 1 ? 1 : x - x0;
  const ay = y - y0 < 0 ? 0 : y - y0 > 1 ? 1 : y - y0;
  const i = y0 * w + x0;
  const top = t[i]! + (t[i + 1]! - t[i]!) * ax;
  const bottom = t[i + w]! + (t[i + w + 1]! - t[i + w]!) * ax;
  return top + (bottom - top) * ay;
}

/** A rectangle in local coordinates. */
export interface LocalRect {
  lx0: number;
  lx1: number;
  ly0: number;
  ly1: number;
}

/** Copies of the boxes being rewritten (one per plane of a call), reused from call to call. */
const sources: Uint8Array[] = [];

/**
 * Rewrites the pixels that fall inside a local rectangle of one or more planes of the same scale (a
 * frame's luma, or its two chroma planes at once, so the geometry of each pixel is worked out once
 * for both): `shade` gets each pixel's local coordinates and a sampler per plane of the planes as
 * they were, and fills `out` with each plane's new value (NaN leaves that pixel alone). Nothing
 * outside the rectangle is touched.
 */
export function remapPlanes(
  planes: readonly Plane[],
  a: LocalAxes,
  rect: LocalRect,
  shade: (lx: number, ly: number, samplers: readonly Sampler[], out: Float64Array) => void,
): void {
  const p0 = planes[0]!;
  const s = p0.scale;
  const box = localBox(a, rect.lx0, rect.lx1, rect.ly0, rect.ly1);
  const bx0 = Math.max(0, Math.floor(box.x0 * s));
  const by0 = Math.max(0, Math.floor(box.y0 * s));
  const bx1 = Math.min(p0.width - 1, Math.ceil(box.x1 * s));
  const by1 = Math.min(p0.height - 1, Math.ceil(box.y1 * s));
  if (bx1 <= bx0 || by1 <= by0) return;
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  // The untouched source of the box of each plane, read while the box is rewritten.
  const samplers = planes.map((p, k): Sampler => {
    if ((sources[k]?.length ?? 0) < bw * bh) sources[k] = new Uint8Array(bw * bh * 2);
    const src = sources[k]!;
    for (let y = 0; y < bh; y++) {
      const row = p.offset + (by0 + y) * p.width + bx0;
      src.set(p.data.subarray(row, row + bw), y * bw);
    }
    return (lx, ly) =>
      bilinear(
        src,
        bw,
        bh,
        (a.ox + lx * a.ux - ly * a.uy + 0.5) * s - 0.5 - bx0,
        (a.oy + lx * a.uy + ly * a.ux + 0.5) * s - 0.5 - by0,
      );
  });
  const out = new Float64Array(planes.length);
  // Local coordinates step linearly along a row of the plane.
  const dlx = a.ux / s;
  const dly = -a.uy / s;
  for (let py = by0; py <= by1; py++) {
    const Y = (py + 0.5) / s - 0.5 - a.oy;
    const X0 = (bx0 + 0.5) / s - 0.5 - a.ox;
    let lx = X0 * a.ux + Y * a.uy;
    let ly = -X0 * a.uy + Y * a.ux;
    for (let px = bx0; px <= bx1; px++, lx += dlx, ly += dly) {
      if (lx < rect.lx0 || lx > rect.lx1 || ly < rect.ly0 || ly > rect.ly1) continue;
      out.fill(NaN);
      shade(lx, ly, samplers, out);
      for (let k = 0; k < planes.length; k++) {
        const value = out[k]!;
        if (Number.isNaN(value)) continue;
        const p = planes[k]!;
        p.data[p.offset + py * p.width + px] = value < 0 ? 0 : value > 255 ? 255 : (value + 0.5) | 0;
      }
    }
  }
}

/** `remapPlanes` for one plane: `shade` returns the pixel's new value (NaN leaves it alone). */
export function remapPlane(
  p: Plane,
  a: LocalAxes,
  rect: LocalRect,
  shade: (lx: number, ly: number, sample: Sampler) => number,
): void {
  remapPlanes([p], a, rect, (lx, ly, samplers, out) => {
    out[0] = shade(lx, ly, samplers[0]!);
  });
}

export function smoothstep(t: number): number {
  const c = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return c * c * (3 - 2 * c);
}

/** Where each output pixel is read from: source = (m00·x + m01·y + tx, m10·x + m11·y + ty), frame pixels. */
export interface Affine {
  m00: number;
  m01: number;
  m10: number;
  m11: number;
  tx: number;
  ty: number;
}

/** Bilinear read of one plane with the coordinates held inside it (for the few pixels near the edges). */
function clampedSample(src: Uint8Array, offset: number, w: number, h: number, x: number, y: number): number {
  const cx = Math.max(0, Math.min(w - 1, x));
  const cy = Math.max(0, Math.min(h - 1, y));
  const x0 = Math.min(w - 2, Math.floor(cx));
  const y0 = Math.min(h - 2, Math.floor(cy));
  const ax = cx - x0;
  const ay = cy - y0;
  const i = offset + y0 * w + x0;
  const top = src[i]! + (src[i + 1]! - src[i]!) * ax;
  const bottom = src[i + w]! + (src[i + w + 1]! - src[i + w]!) * ax;
  return Math.round(top + (bottom - top) * ay);
}

/** The steps k of a row, 0 ≤ k < n, for which 0 ≤ a + b·k < limit (with a step of slack each side). */
function insideSteps(a: number, b: number, limit: number, n: number): [number, number] {
  if (Math.abs(b) < 1e-9) return a >= 0 && a < limit ? [0, n - 1] : [0, -1];
  const k0 = (0 - a) / b;
  const k1 = (limit - a) / b;
  const lo = Math.ceil(Math.min(k0, k1)) + 1;
  const hi = Math.floor(Math.max(k0, k1)) - 1;
  return [Math.max(0, lo), Math.min(n - 1, hi)];
}

/** `n` bilinear reads along a row, all four neighbours inside the plane; 16.16 fixed-point coordinates. */
function fastRow(
  src: Uint8Array,
  dst: Uint8Array,
  offset: number,
  w: number,
  at: number,
  n: number,
  fx: number,
  fy: number,
  DX: number,
  DY: number,
): void {
  for (let k = 0; k < n; k++) {
    const ax = (fx >> 8) & 255;
    const ay = (fy >> 8) & 255;
    const i = offset + (fy >> 16) * w + (fx >> 16);
    const p00 = src[i]!;
    const p10 = src[i + w]!;
    const top = (p00 << 8) + (src[i + 1]! - p00) * ax;
    const bottom = (p10 << 8) + (src[i + w + 1]! - p10) * ax;
    dst[at + k] = ((top << 8) + (bottom - top) * ay + 32768) >> 16;
    fx += DX;
    fy += DY;
  }
}

/**
 * Resamples one plane through an affine map (bilinear, 8-bit fixed point). Pixels whose four
 * neighbours are all inside the picture take the fast path; the rest read with clamped edges.
 */
function warpPlaneAffine(
  src: Uint8Array,
  dst: Uint8Array,
  offset: number,
  w: number,
  h: number,
  s: number,
  m: Affine,
): void {
  // Plane pixel (cx, cy) is frame point ((cx + 0.5) / s, (cy + 0.5) / s); its source is read at plane index coordinates.
  const dx = m.m00;
  const dy = m.m10;
  const ONE = 65536;
  const DX = Math.round(dx * ONE);
  const DY = Math.round(dy * ONE);
  for (let cy = 0; cy < h; cy++) {
    const X = 0.5 / s;
    const Y = (cy + 0.5) / s;
    const sx = (m.m00 * X + m.m01 * Y + m.tx) * s - 0.5;
    const sy = (m.m10 * X + m.m11 * Y + m.ty) * s - 0.5;
    const [xa, xb] = insideSteps(sx, dx, w - 1, w);
    const [ya, yb] = insideSteps(sy, dy, h - 1, w);
    const lo = Math.max(xa, ya);
    const hi = Math.min(xb, yb);
    const row = offset + cy * w;
    for (let k = 0; k < w; k++) {
      if (k === lo && hi >= lo) {
        fastRow(
          src,
          dst,
          offset,
          w,
          row + k,
          hi - k + 1,
          Math.round((sx + dx * k) * ONE),
          Math.round((sy + dy * k) * ONE),
          DX,
          DY,
        );
        k = hi + 1;
        if (k >= w) break;
      }
      dst[row + k] = clampedSample(src, offset, w, h, sx + dx * k, sy + dy * k);
    }
  }
}

/** Resamples a whole yuv420p frame through an affine map of frame pixels into `dst` (same size). */
export function warpFrame(src: Uint8Array, dst: Uint8Array, width: number, height: number, m: Affine): void {
  const cw = width / 2;
  const ch = height / 2;
  warpPlaneAffine(src, dst, 0, width, height, 1, m);
  warpPlaneAffine(src, dst, width * height, cw, ch, 0.5, m);
  warpPlaneAffine(src, dst, width * height + cw * ch, cw, ch, 0.5, m);
}
