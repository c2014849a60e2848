import { describe, expect, it } from 'vitest';
import { estimateCost, estimateSeconds, insertAt, pauseTag, pauseTotal, scriptLength, scriptMax } from './script';

describe('script counting', () => {
  it('does not count pause tags', () => {
    const text = `你好${pauseTag(0.5)}世界${pauseTag(2)}`;
    expect(scriptLength(text)).toBe(4);
    expect(pauseTotal(text)).toBe(2.5);
  });

  it('leaves out tone-mark readings and line breaks, as the server counts', () => {
    expect(scriptLength('行(háng)长\n大(dà)')).toBe(3);
  });

  it('limits nw to 500 and the others to 10000', () => {
    expect(scriptMax({ script_max: 500 })).toBe(500);
    expect(scriptMax({ script_max: 10000 })).toBe(10000);
    expect(scriptMax(undefined)).toBe(10000);
  });

  it('estimates characters / 4.2 plus pauses, and charges whole seconds', () => {
    const text = '一'.repeat(42) + pauseTag(1);
    expect(estimateSeconds(text)).toBeCloseTo(11);
    expect(estimateCost(10.1, 3)).toBe(33);
    expect(estimateCost(10, 3)).toBe(30);
  });
});

describe('insertAt', () => {
  it('inserts at the caret and over a selection', () => {
    expect(insertAt('abcd', 'X', 2)).toEqual({ text: 'abXcd', caret: 3 });
    expect(insertAt('abcd', 'X', 1, 3)).toEqual({ text: 'aXd', caret: 2 });
    expect(insertAt('ab', 'X', 9)).toEqual({ text: 'abX', caret: 3 });
  });
});
