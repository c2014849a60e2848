import { DEFAULT_SIGN_SECRET } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('build-time settings', () => {
  it('fills blanks with defaults', () => {
    expect(readEnv({ VITE_API_BASE: '', VITE_SIGN_SECRET: '' })).toEqual({
      VITE_API_BASE: '',
      VITE_SIGN_SECRET: DEFAULT_SIGN_SECRET,
      VITE_ENCRYPT_KEY: undefined,
      VITE_ENCRYPT_IV: undefined,
    });
  });

  it('keeps set values and refuses a malformed key or iv', () => {
    const key = 'ab'.repeat(32);
    const iv = 'cd'.repeat(16);
    expect(readEnv({ VITE_API_BASE: '/x', VITE_ENCRYPT_KEY: key, VITE_ENCRYPT_IV: iv })).toMatchObject({
      VITE_API_BASE: '/x',
      VITE_ENCRYPT_KEY: key,
      VITE_ENCRYPT_IV: iv,
    });
    expect(() => readEnv({ VITE_ENCRYPT_KEY: 'abc' })).toThrow('VITE_ENCRYPT_KEY: 64 hex characters');
    expect(() => readEnv({ VITE_ENCRYPT_IV: 'zz'.repeat(16) })).toThrow('VITE_ENCRYPT_IV: 32 hex characters');
  });
});
