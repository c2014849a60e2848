import { md5 as reference } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('matches js-md5 on UTF-8 text of every length around the block edges', () => {
    for (let n = 0; n < 200; n++) {
      const s = 'a中é😀&=key'.repeat(20).slice(0, n);
      expect(md5(s)).toBe(reference(s));
    }
  });
});
