import { describe, expect, it } from 'vitest';
import { signParams, toWireParams } from './request-signature';

const now = 1_700_000_000_123;

describe('request signature', () => {
  it('signs sorted params with empty values and the secret (known vector)', () => {
    const signed = signParams({ b: '2', a: '1', empty: '' }, 'dev-sign-secret', now);
    expect(signed.timestamp).toBe('1700000000');
    // md5('a=1&b=2&empty=&timestamp=1700000000&key=dev-sign-secret')
    expect(signed.sign).toBe('88404e25dae1b510e047f2488ac22c0e');
  });

  it('hashes the UTF-8 bytes of Chinese values', () => {
    expect(signParams({ name: '数字人' }, 'dev-sign-secret', now).sign).toBe('53d5a48cc596bb9930a4ae15aeaf75fa');
  });

  it('changes when the secret changes', () => {
    expect(signParams({ a: '1' }, 'other', now).sign).not.toBe(signParams({ a: '1' }, 'dev-sign-secret', now).sign);
  });

  it('turns typed params into form strings and leaves out missing ones', () => {
    expect(
      toWireParams({
        page: 2,
        name: 'x',
        start_date: undefined,
        flag: null,
        on: true,
      }),
    ).toEqual({
      page: '2',
      name: 'x',
      on: 'true',
    });
  });
});
