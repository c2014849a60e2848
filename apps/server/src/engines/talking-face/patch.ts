import type { Box, LocalAxes } from './warp.js';

/**
 * A rectangle of the frame that the mouth (and eyes) may change, cut out as its own small yuv420p
 * picture: its corner and size are even so its chroma lines up with the frame's, and it keeps two
 * pixels of margin around every box it was made from, so a drive on the patch reads and writes
 * exactly the pixels it would on the whole frame.
 */
export interface Patch {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The patch around `boxes` on a `width`×`height` frame, or null when there is no box. */
export function patchAround(boxes: Iterable<Box>, width: number, height: number): Patch | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  if (!(x1 > x0 && y1 > y0)) return null;
  const left = Math.max(0, 2 * Math.floor((x0 - 2) / 2));
  const top = Math.max(0, 2 * Math.floor((y0 - 2) / 2));
  const right = Math.min(width, 2 * Math.ceil((x1 + 3) / 2));
  const bottom = Math.min(height, 2 * Math.ceil((y1 + 3) / 2));
  if (right - left < 2 || bottom - top < 2) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A face part's frame of reference moved into the patch's own pixels. */
export function inPatch<T extends LocalAxes>(axes: T, patch: Patch): T {
  return { ...axes, ox: axes.ox - patch.x, oy: axes.oy - patch.y };
}

/** The ffmpeg crop that cuts the patch out of a frame. */
export function cropFilter(patch: Patch): string {
  return `crop=${patch.width}:${patch.height}:${patch.x}:${patch.y}`;
}

/** Copies the patch's area of a whole yuv420p frame into `into` (a yuv420p picture of the patch's size). */
export function copyPatch(frame: Uint8Array, width: number, height: number, patch: Patch, into: Uint8Array): void {
  eachPatchRow(width, height, patch, (frameAt, patchAt, len) => into.set(frame.subarray(frameAt, frameAt + len), patchAt));
}

/** Writes a yuv420p patch back into its place in a whole yuv420p frame. */
export function pastePatch(from: Uint8Array, patch: Patch, frame: Uint8Array, width: number, height: number): void {
  eachPatchRow(width, height, patch, (frameAt, patchAt, len) => frame.set(from.subarray(patchAt, patchAt + len), frameAt));
}

function eachPatchRow(width: number, height: number, patch: Patch, row: (frameAt: number, patchAt: number, len: number) => void): void {
  let frameBase = 0;
  let patchBase = 0;
  for (const s of [1, 2, 2]) {
    const fw = width / s;
    const pw = patch.width / s;
    const px = patch.x / s;
    const py = patch.y / s;
    for (let y = 0; y < patch.height / s; y++) row(frameBase + (py + y) * fw + px, patchBase + y * pw, pw);
    frameBase += fw * (height / s);
    patchBase += pw * (patch.height / s);
  }
}
