import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, LANDSCAPE_SIZE, PORTRAIT_SIZE } from './demo-actors.js';
import { frameFace, LANDSCAPE, PORTRAIT, spotlightExpression, type Box, type Size } from './demo-framing.js';

const inside = (crop: Box, photo: Size) =>
  crop.x >= 0 && crop.y >= 0 && crop.x + crop.w <= photo.w && crop.y + crop.h <= photo.h;

describe('demo actor framing', () => {
  it('cuts the frame shape from inside the photo, the face at the composition when the edges allow', () => {
    const photo = { w: 1920, h: 1350 };
    const face = { x: 900, y: 400, w: 150, h: 200 };
    const p = frameFace(photo, face, PORTRAIT_SIZE, PORTRAIT);
    expect(p.crop.w / p.crop.h).toBeCloseTo(9 / 16, 2);
    expect(inside(p.crop, photo)).toBe(true);
    // Face height a fifth of the frame, centred, in the upper third.
    expect(p.face.h / PORTRAIT_SIZE.h).toBeCloseTo(PORTRAIT.faceHeight, 2);
    expect((p.face.x + p.face.w / 2) / PORTRAIT_SIZE.w).toBeCloseTo(0.5, 2);
    expect((p.face.y + p.face.h / 2) / PORTRAIT_SIZE.h).toBeCloseTo(PORTRAIT.faceY, 2);

    const l = frameFace(photo, face, LANDSCAPE_SIZE, LANDSCAPE);
    expect(l.crop.w / l.crop.h).toBeCloseTo(16 / 9, 2);
    expect(inside(l.crop, photo)).toBe(true);
    // A real landscape: the presenter right of centre, the photo's own scene on both sides.
    expect((l.face.x + l.face.w / 2) / LANDSCAPE_SIZE.w).toBeCloseTo(LANDSCAPE.faceX, 2);
    expect(l.face.h / LANDSCAPE_SIZE.h).toBeCloseTo(LANDSCAPE.faceHeight, 2);
  });

  it('keeps the crop in the photo for a face near an edge or too large, moving or shrinking the face instead', () => {
    const photo = { w: 1920, h: 1350 };
    const nearRight = frameFace(photo, { x: 1750, y: 300, w: 150, h: 200 }, LANDSCAPE_SIZE, LANDSCAPE);
    expect(inside(nearRight.crop, photo)).toBe(true);
    expect(nearRight.crop.x + nearRight.crop.w).toBe(photo.w);
    expect(nearRight.face.x + nearRight.face.w / 2).toBeGreaterThan(LANDSCAPE.faceX * LANDSCAPE_SIZE.w);
    // A face that would need more photo than there is: the whole height is used and the face is smaller.
    const huge = frameFace(photo, { x: 800, y: 300, w: 500, h: 700 }, PORTRAIT_SIZE, PORTRAIT);
    expect(inside(huge.crop, photo)).toBe(true);
    expect(huge.crop.h).toBe(photo.h);
    expect(huge.face.h / PORTRAIT_SIZE.h).toBeCloseTo(700 / 1350, 2);
  });

  it('frames every demo presenter inside its photo in both shapes', () => {
    for (const person of DEMO_PEOPLE)
      for (const [size, c] of [
        [PORTRAIT_SIZE, PORTRAIT],
        [LANDSCAPE_SIZE, LANDSCAPE],
      ] as const) {
        const f = frameFace(person.photo, person.face, size, c);
        expect(inside(f.crop, person.photo)).toBe(true);
        expect(f.face.y).toBeGreaterThan(0);
        expect(f.face.y + f.face.h).toBeLessThan(size.h * 0.6);
      }
  });

  it('lights the face fully and the far corners not at all', () => {
    const frame = { w: 1280, h: 720 };
    const grid = { w: 160, h: 90 };
    const face = { x: 700, y: 130, w: 190, h: 260 };
    const expr = spotlightExpression(face, frame, grid);
    const at = (x: number, y: number) => evaluate(expr, (x * grid.w) / frame.w, (y * grid.h) / frame.h);
    expect(at(face.x + face.w / 2, face.y + face.h / 2)).toBe(255);
    // Shoulders under the face reach the bottom edge.
    expect(at(face.x + face.w / 2, frame.h - 1)).toBe(255);
    expect(at(0, 0)).toBe(0);
    expect(at(40, frame.h - 1)).toBe(0);
  });
});

/** Evaluates the expression the way ffmpeg's geq does, for the few functions it uses. */
function evaluate(expr: string, X: number, Y: number): number {
  const js = expr.replace(/\bX\b/g, String(X)).replace(/\bY\b/g, String(Y));
  const fn = new Function('clip', 'hypot', 'max', `return ${js};`) as (
    clip: (v: number, lo: number, hi: number) => number,
    hypot: (a: number, b: number) => number,
    max: (a: number, b: number) => number,
  ) => number;
  return fn((v, lo, hi) => Math.min(Math.max(v, lo), hi), Math.hypot, Math.max);
}
