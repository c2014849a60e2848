import { describe, expect, it } from 'vitest';
import { MAX_SPEEDUP, planAlignment, toResultTime } from './align.js';

describe('alignment of dubbed segments', () => {
  it('pads a short segment with silence and leaves its tempo', () => {
    const { segments, worstDrift } = planAlignment([{ id: 0, start: 1, end: 4, dubSeconds: 2 }], 10);
    expect(segments[0]).toEqual({ id: 0, start: 1, speed: 1, length: 2, pad: 1, drift: 0 });
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

  it('never goes past 1.3×: once the gap is used up, that stretch of video slows so no speech is cut', () => {
    const plan = planAlignment(
      [
        { id: 0, start: 0, end: 2, dubSeconds: 3 },
        { id: 1, start: 2.1, end: 4, dubSeconds: 1 },
      ],
      10,
    );
    const [tight, after] = plan.segments;
    expect(tight!.speed).toBe(MAX_SPEEDUP);
    expect(tight!.length).toBeCloseTo(3 / 1.3, 3);
    // The slot and its gap (0–2.1 s) play 0.208 s longer; everything after moves by as much.
    expect(plan.stretches).toEqual([{ from: 0, to: 2.1, extra: 0.208 }]);
    expect(after!.start).toBeCloseTo(2.1 + 0.208, 3);
    expect(after!.speed).toBe(1);
    expect(plan.duration).toBeCloseTo(10.208, 3);
    expect(plan.worstDrift).toBeCloseTo(3 / 1.3 - 2, 3);
    // Far too long: all of it still plays, over a slowed stretch.
    const long = planAlignment(
      [
        { id: 0, start: 0, end: 1, dubSeconds: 5 },
        { id: 1, start: 1, end: 2, dubSeconds: 1 },
      ],
      10,
    );
    expect(long.segments[0]!.length).toBeCloseTo(5 / 1.3, 3);
    expect(long.stretches[0]).toMatchObject({ from: 0, to: 1 });
    expect(long.stretches[0]!.extra).toBeCloseTo(5 / 1.3 - 1, 3);
    expect(long.segments[1]!.start).toBeCloseTo(5 / 1.3, 3);
  });

  it('needs no stretch when tempo and gap suffice, and the result keeps the source length', () => {
    const plan = planAlignment(
      [
        { id: 0, start: 0, end: 2, dubSeconds: 2.5 },
        { id: 1, start: 3, end: 5, dubSeconds: 1 },
      ],
      8,
    );
    expect(plan.stretches).toEqual([]);
    expect(plan.duration).toBe(8);
  });

  it('maps source times into the result: before, inside and after a stretch', () => {
    const stretches = [{ from: 2, to: 4, extra: 1 }];
    expect(toResultTime(stretches, 1)).toBe(1);
    expect(toResultTime(stretches, 3)).toBe(3.5);
    expect(toResultTime(stretches, 6)).toBe(7);
    // A span too short to slow holds its last frame: everything from it on moves by the whole extra.
    expect(toResultTime([{ from: 5, to: 5, extra: 0.5 }], 5.01)).toBe(5.51);
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

  it('at the end of the video, slows the tail rather than cutting the last words', () => {
    const plan = planAlignment([{ id: 0, start: 8, end: 9.5, dubSeconds: 3 }], 10);
    const last = plan.segments[0]!;
    expect(last.speed).toBe(MAX_SPEEDUP);
    expect(last.length).toBeCloseTo(3 / 1.3, 3);
    expect(plan.stretches).toEqual([{ from: 8, to: 10, extra: 0.308 }]);
    expect(plan.duration).toBeCloseTo(10.308, 3);
    expect(last.start + last.length).toBeLessThanOrEqual(plan.duration + 1e-9);
    expect(last.drift).toBeCloseTo(3 / 1.3 - 1.5, 3);
  });
});
