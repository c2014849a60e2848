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

/**
 * Rewrites the pixels of one plane that fall inside a local rectangle: `shade` gets each pixel's
 * local coordinates and a sampler of the plane as it was, and returns the new value (NaN leaves the
 * pixel alone). Nothing outside the rectangle is touched.
 */
export function remapPlane(
  p: Plane,
  a: LocalAxes,
  rect: { lx0: number; lx1: number; ly0: number; ly1: number },
  shade: (lx: number, ly: number, sample: Sampler) => number,
): void {
  const s = p.scale;
  const box = localBox(a, rect.lx0, rect.lx1, rect.ly0, rect.ly1);
  const bx0 = Math.max(0, Math.floor(box.x0 * s));
  const by0 = Math.max(0, Math.floor(box.y0 * s));
  const bx1 = Math.min(p.width - 1, Math.ceil(box.x1 * s));
  const by1 = Math.min(p.height - 1, Math.ceil(box.y1 * s));
  if (bx1 <= bx0 || by1 <= by0) return;
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  // The untouched source of the box, read while the box is rewritten.
  const src = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    const row = p.offset + (by0 + y) * p.width + bx0;
    src.set(p.data.subarray(row, row + bw), y * bw);
  }
  const sample: Sampler = (lx, ly) => {
    const fx = (a.ox + lx * a.ux - ly * a.uy + 0.5) * s - 0.5 - bx0;
    const fy = (a.oy + lx * a.uy + ly * a.ux + 0.5) * s - 0.5 - by0;
    const x0 = Math.max(0, Math.min(bw - 2, Math.floor(fx)));
    const y0 = Math.max(0, Math.min(bh - 2, Math.floor(fy)));
    const ax = Math.max(0, Math.min(1, fx - x0));
    const ay = Math.max(0, Math.min(1, fy - y0));
    const i = y0 * bw + x0;
    const top = src[i]! + (src[i + 1]! - src[i]!) * ax;
    const bottom = src[i + bw]! + (src[i + bw + 1]! - src[i + bw]!) * ax;
    return top + (bottom - top) * ay;
  };
  for (let py = by0; py <= by1; py++) {
    for (let px = bx0; px <= bx1; px++) {
      const X = (px + 0.5) / s - 0.5 - a.ox;
      const Y = (py + 0.5) / s - 0.5 - a.oy;
      const lx = X * a.ux + Y * a.uy;
      const ly = -X * a.uy + Y * a.ux;
      if (lx < rect.lx0 || lx > rect.lx1 || ly < rect.ly0 || ly > rect.ly1) continue;
      const value = shade(lx, ly, sample);
      if (Number.isNaN(value)) continue;
      p.data[p.offset + py * p.width + px] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
    }
  }
}

export function smoothstep(t: number): number {
  const c = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return c * c * (3 - 2 * c);
}
