import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.ROLE).toBe('all');
    expect(c.SIGN_REQUIRED).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('lists everything that is wrong at once', () => {
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss', ENCRYPT_DATA: '1', STORAGE_DRIVER: 's3', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as ConfigError).message;
      for (const name of ['PORT', 'ROLE', 'ENCRYPT_KEY', 'S3_BUCKET', 'DATABASE_URL']) expect(msg).toContain(name);
    }
  });
});
