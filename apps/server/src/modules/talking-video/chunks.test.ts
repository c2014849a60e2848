import { describe, expect, it } from 'vitest';
import { planChunks } from './chunks.js';

const RATE = 16_000;
const FPS = 25;

/** A loud tone with quiet gaps at the given seconds (each 0.3 s long). */
function speech(seconds: number, gaps: number[]): Int16Array {
  const s = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < s.length; i++) {
    const t = i / RATE;
    const quiet = gaps.some((g) => t >= g && t < g + 0.3);
    s[i] = quiet ? 0 : Math.round(8000 * Math.sin(2 * Math.PI * 220 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)));
  }
  return s;
}

describe('cutting a long speech into chunks', () => {
  it('cuts in the pauses near an even split, the chunks covering every frame once', () => {
    const total = 12 * FPS;
    const chunks = planChunks(speech(12, [3.5, 8.3]), RATE, FPS, total, 4);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]!.start).toBe(0);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.start + chunks[i - 1]!.frames);
    expect(chunks.reduce((n, c) => n + c.frames, 0)).toBe(total);
    // Each cut falls inside its pause, not at the even split (4 s, 8 s).
    expect(chunks[1]!.start / FPS).toBeGreaterThanOrEqual(3.5);
    expect(chunks[1]!.start / FPS).toBeLessThanOrEqual(3.8);
    expect(chunks[2]!.start / FPS).toBeGreaterThanOrEqual(8.3);
    expect(chunks[2]!.start / FPS).toBeLessThanOrEqual(8.6);
  });

  it('keeps a speech shorter than about one and a half chunks whole', () => {
    expect(planChunks(speech(5, [2]), RATE, FPS, 125, 4)).toEqual([{ start: 0, frames: 125 }]);
  });

  it('never makes an empty chunk, whatever the rounding', () => {
    const chunks = planChunks(new Int16Array(RATE * 3), RATE, FPS, 75, 0.5);
    expect(chunks.every((c) => c.frames > 0)).toBe(true);
    expect(chunks.reduce((n, c) => n + c.frames, 0)).toBe(75);
  });
});
