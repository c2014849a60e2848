import { describe, expect, it } from 'vitest';
import { imageCodeMatches, IMAGE_CODE_POOL, makeImageCode } from './image-code';

describe('login image code', () => {
  it('has four characters from the unambiguous pool', () => {
    for (let i = 0; i < 200; i++) {
      const code = makeImageCode();
      expect(code).toHaveLength(4);
      for (const c of code) expect(IMAGE_CODE_POOL).toContain(c);
    }
    expect(IMAGE_CODE_POOL).not.toMatch(/[0O1lI]/);
  });

  it('uses the given randomness (last pool character at 0.999)', () => {
    expect(makeImageCode(() => 0)).toBe('AAAA');
    expect(makeImageCode(() => 0.999)).toBe('9999');
  });

  it('matches regardless of case and surrounding spaces', () => {
    expect(imageCodeMatches(' abCd ', 'ABcd')).toBe(true);
    expect(imageCodeMatches('abce', 'abcd')).toBe(false);
  });
});
