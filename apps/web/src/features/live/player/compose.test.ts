import { describe, expect, it } from 'vitest';
import type { LiveAtlasMeta, LiveSprite } from '@app/contract';
import {
  applySimilarity,
  decodeVisemes,
  fitSimilarity,
  loopFrameAt,
  SpriteChooser,
  spriteBox,
  spriteToDraw,
  trackAt,
  visemeAt,
} from './compose';

const sprite = (open: number, width = 1, round = 0.3): LiveSprite => ({
  x: 0,
  y: 0,
  w: 160,
  h: 160,
  open,
  width,
  round,
  points: [80, 20, 40, 90, 120, 90, 70, 80, 80, 78, 90, 80],
});
const meta: Pick<LiveAtlasMeta, 'openMax' | 'sprites' | 'rest' | 'loop' | 'track'> = {
  openMax: 0.3,
  rest: 0,
  sprites: [
    sprite(0),
    sprite(0.05),
    sprite(0.1),
    sprite(0.15),
    sprite(0.2),
    sprite(0.3),
    sprite(0.1, 1.12),
    sprite(0.1, 0.85, 0.5),
  ],
  loop: { width: 480, height: 854, fps: 25, frames: 8, forward: 4 },
  track: [[1], null, [3], [4]],
};
const bytes = (frames: number[][]) => btoa(String.fromCharCode(...frames.flat()));

describe('live player arithmetic', () => {
  it('fits the similarity that moved the points, turned and scaled', () => {
    const from = sprite(0).points;
    const angle = 0.2;
    const k = 0.6;
    const to = from.map((_, i) => {
      const x = from[i - (i % 2)]!;
      const y = from[i - (i % 2) + 1]!;
      return i % 2 === 0
        ? k * (Math.cos(angle) * x - Math.sin(angle) * y) + 100
        : k * (Math.sin(angle) * x + Math.cos(angle) * y) + 300;
    });
    const t = fitSimilarity(from, to);
    expect(Math.hypot(t.a, t.b)).toBeCloseTo(k, 6);
    expect(Math.atan2(t.b, t.a)).toBeCloseTo(angle, 6);
    const [x, y] = applySimilarity(t, from[0]!, from[1]!);
    expect(x).toBeCloseTo(to[0]!, 6);
    expect(y).toBeCloseTo(to[1]!, 6);
    const [bx, by, bw, bh] = spriteBox({ w: 160, h: 160 }, t);
    expect(bw).toBeGreaterThan(96);
    expect(bx).toBeLessThan(100);
    expect(by).toBeLessThanOrEqual(300);
    expect(bh).toBeGreaterThan(96);
  });

  it('plays the loop forward then backward on the forward frames', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((f) => loopFrameAt(meta, f / 25).forward)).toEqual([
      0, 1, 2, 3, 3, 2, 1, 0, 0,
    ]);
    expect(trackAt(meta, 1)).toEqual([1]);
  });

  it('reads the visemes and closes past their end', () => {
    const v = decodeVisemes(
      bytes([
        [255, 0, 0, 0, 0],
        [0, 0, 0, 0, 255],
      ]),
    );
    expect(visemeAt(v, 0)).toMatchObject({ open: 1, m: 0 });
    expect(visemeAt(v, 1)).toMatchObject({ open: 0, m: 1 });
    expect(visemeAt(v, 5)).toMatchObject({ open: 0, m: 1 });
  });

  it('chooses the sprite the sound asks for, spread and rounded ones too', () => {
    const pick = (v: Partial<ReturnType<typeof visemeAt>>) =>
      new SpriteChooser(meta).choose({ open: 0, a: 0, i: 0, u: 0, m: 0, ...v });
    expect(pick({ m: 1 })).toBe(0);
    expect(pick({ open: 1 })).toBe(5);
    expect(pick({ open: 0.5 })).toBe(3);
    expect(pick({ open: 0.33, i: 1 })).toBe(6);
    expect(pick({ open: 0.33, u: 1 })).toBe(7);
  });

  it('holds a sprite while another is only a little better, but follows a real change at once', () => {
    const c = new SpriteChooser(meta);
    expect(c.choose({ open: 0.5, a: 0, i: 0, u: 0, m: 0 })).toBe(3);
    // A hair more open: still the same mouth.
    expect(c.choose({ open: 0.55, a: 0, i: 0, u: 0, m: 0 })).toBe(3);
    expect(c.choose({ open: 0.45, a: 0, i: 0, u: 0, m: 0 })).toBe(3);
    // Closed lips: closed at once.
    expect(c.choose({ open: 0, a: 0, i: 0, u: 0, m: 1 })).toBe(0);
    expect(c.choose({ open: 1, a: 0, i: 0, u: 0, m: 0 })).toBe(5);
  });
});

describe('spriteToDraw', () => {
  it('lays the rest mouth over a speaking clip between answers, and nothing over a photo', () => {
    expect(spriteToDraw({ rest: 2, source: 'footage' }, -1)).toBe(2);
    expect(spriteToDraw({ rest: 2, source: 'jaw' }, -1)).toBe(-1);
  });

  it('draws what the sound chose, except a photo’s own closed mouth', () => {
    expect(spriteToDraw({ rest: 2, source: 'footage' }, 5)).toBe(5);
    expect(spriteToDraw({ rest: 2, source: 'footage' }, 2)).toBe(2);
    expect(spriteToDraw({ rest: 2, source: 'jaw' }, 2)).toBe(-1);
    expect(spriteToDraw({ rest: 2, source: 'jaw' }, 4)).toBe(4);
  });
});
