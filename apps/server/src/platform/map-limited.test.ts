import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mapLimited', () => {
  it('keeps the items’ order with at most `limit` jobs in flight', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimited([30, 5, 20, 1, 10], 2, async (ms) => {
      most = Math.max(most, ++running);
      await tick(ms);
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure and rejects once the jobs under way have ended', async () => {
    const started: number[] = [];
    let slowEnded = false;
    const run = mapLimited([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('one failed');
      await tick(30);
      slowEnded = true;
      return n;
    });
    await expect(run).rejects.toThrow('one failed');
    expect(slowEnded).toBe(true);
    expect(started).toEqual([1, 2]);
  });
});
