import { describe, expect, it } from 'vitest';
import { HARD_SPEEDUP, MAX_SPEEDUP, planAlignment } from './align.js';

describe('alignment of dubbed segments', () => {
  it('pads a short segment with silence and leaves its tempo', () => {
    const { segments, worstDrift } = planAlignment([{ id: 0, start: 1, end: 4, dubSeconds: 2 }], 10);
    expect(segments[0]).toEqual({ id: 0, start: 1, speed: 1, length: 2, pad: 1, drift: 0, cut: 0 });
    expect(worstDrift).toBe(0);
  });

  it('speeds a long segment up to fit, never beyond 1.3× while there is room after it', () => {
    const fits = planAlignment([{ id: 0, start: 0, end: 2, dubSeconds: 2.4 }], 10).segments[0]!;
    expect(fits.speed).toBeCloseTo(1.2, 3);
    expect(fits.length).toBeCloseTo(2, 3);
    expect(fits.drift).toBe(0);
    // 4 s of speech for a 2 s slot: 1.3× and the rest borrowed from the following silence.
    const borrows = planAlignment(
      [
        { id: 0, start: 0, end: 2, dubSeconds: 4 },
        { id: 1, start: 5, end: 6, dubSeconds: 1 },
      ],
      10,
    );
    const first = borrows.segments[0]!;
    expect(first.speed).toBe(MAX_SPEEDUP);
    expect(first.length).toBeCloseTo(4 / 1.3, 3);
    expect(first.drift).toBeCloseTo(4 / 1.3 - 2, 3);
    expect(borrows.worstDrift).toBeCloseTo(4 / 1.3 - 2, 3);
  });

  it('goes past 1.3× only when the gap is used up, and cuts what even 2× cannot fit', () => {
    const tight = planAlignment(
      [
        { id: 0, start: 0, end: 2, dubSeconds: 3 },
        { id: 1, start: 2.1, end: 4, dubSeconds: 1 },
      ],
      10,
    ).segments[0]!;
    expect(tight.speed).toBeCloseTo(3 / 2.1, 3);
    expect(tight.length).toBeCloseTo(2.1, 3);
    const cut = planAlignment([{ id: 0, start: 0, end: 1, dubSeconds: 5 }, { id: 1, start: 1, end: 2, dubSeconds: 1 }], 10)
      .segments[0]!;
    expect(cut.speed).toBe(HARD_SPEEDUP);
    expect(cut.length).toBe(1);
    expect(cut.cut).toBeCloseTo(1.5, 3);
  });

  it('clamps overlapping slots to the next start so two dubbed voices never overlap', () => {
    const { segments } = planAlignment(
      [
        { id: 1, start: 2, end: 5, dubSeconds: 2 },
        { id: 0, start: 0, end: 3, dubSeconds: 2.5 },
      ],
      10,
    );
    expect(segments.map((s) => s.id)).toEqual([0, 1]);
    expect(segments[0]!.start + segments[0]!.length).toBeLessThanOrEqual(2 + 1e-9);
    expect(segments[0]!.speed).toBeCloseTo(1.25, 3);
  });

  it('keeps the last segment inside the video', () => {
    const last = planAlignment([{ id: 0, start: 8, end: 9.5, dubSeconds: 3 }], 10).segments[0]!;
    expect(last.start + last.length).toBeLessThanOrEqual(10 + 1e-9);
    expect(last.speed).toBe(1.5);
    expect(last.drift).toBeCloseTo(0.5, 3);
  });
});
