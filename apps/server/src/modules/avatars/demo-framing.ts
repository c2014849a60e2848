/**
 * Framing of a demo actor from one face of a photo, for a 9:16 portrait and a 16:9 landscape: the
 * part of the photo that fills the frame (never bars: the photo itself reaches every edge) and the
 * soft spotlight that keeps the presenter sharp while the rest of the scene falls out of focus.
 * Pure numbers, no media.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Size {
  w: number;
  h: number;
}

/** Where the face's centre should sit in the frame (fractions of its width and height) and how tall the face is. */
export interface Composition {
  /** Face box height over frame height. */
  faceHeight: number;
  faceX: number;
  faceY: number;
}

/** A presenter filmed upright: face centred, in the upper third, chest in frame. */
export const PORTRAIT: Composition = { faceHeight: 0.2, faceX: 0.5, faceY: 0.3 };
/** A presenter on a wide set: right of centre, head and shoulders, the left part of the scene free. */
export const LANDSCAPE: Composition = { faceHeight: 0.36, faceX: 0.64, faceY: 0.36 };

export interface Framing {
  /** Part of the photo that fills the frame, with the frame's shape (photo pixels). */
  crop: Box;
  /** The face in frame pixels. */
  face: Box;
}

/**
 * Scales the photo so the face is `faceHeight` of the frame (less if the photo is too small for
 * that) and cuts the frame's shape from it with the face as near to (faceX, faceY) as the photo's
 * edges allow: the crop always lies inside the photo.
 */
export function frameFace(photo: Size, face: Box, out: Size, c: Composition): Framing {
  const aspect = out.w / out.h;
  // Crop height in photo pixels: the face's share of it, bounded by the photo's height and width.
  const h = Math.min(face.h / c.faceHeight, photo.h, photo.w / aspect);
  const w = h * aspect;
  const cx = face.x + face.w / 2;
  const cy = face.y + face.h / 2;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const x = clamp(cx - c.faceX * w, photo.w - w);
  const y = clamp(cy - c.faceY * h, photo.h - h);
  const s = out.h / h;
  const crop = { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
  return { crop, face: { x: (face.x - x) * s, y: (face.y - y) * s, w: face.w * s, h: face.h * s } };
}

/**
 * The spotlight as an ffmpeg `geq` expression of X and Y over a frame of `grid` (a small copy of the
 * frame, scaled up afterwards: the shape is smooth): 255 on the presenter's head, hair and shoulders,
 * falling softly to 0 around them. Head: an ellipse a little larger than the face and hair; shoulders:
 * a wide ellipse under the chin that runs out of the bottom edge; `hair` widens the head.
 */
export function spotlightExpression(face: Box, frame: Size, grid: Size, hair = 1): string {
  const k = grid.w / frame.w;
  const cx = (face.x + face.w / 2) * k;
  const f = (n: number) => n.toFixed(2);
  const head = { x: cx, y: (face.y + face.h * 0.45) * k, rx: face.w * 0.95 * hair * k, ry: face.h * 0.95 * k };
  const chin = (face.y + face.h * 0.9) * k;
  const bottom = grid.h;
  const shoulders = { x: cx, y: bottom + face.h * 0.3 * k, rx: face.w * 2.1 * k, ry: bottom + face.h * 0.3 * k - chin };
  const soft = (e: typeof head, feather: number) =>
    `clip((1-hypot((X-${f(e.x)})/${f(e.rx)},(Y-${f(e.y)})/${f(e.ry)}))/${feather},0,1)`;
  return `255*max(${soft(head, 0.3)},${soft(shoulders, 0.25)})`;
}
