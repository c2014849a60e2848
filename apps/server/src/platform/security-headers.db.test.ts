import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** `img-src 'self' data:` → { 'img-src': ["'self'", 'data:'] } */
function directives(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('content security policy', () => {
  it('lets operator-set images come from any https address while scripts stay on this site', async () => {
    for (const url of ['/healthz', '/api/index/site', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy'] ?? ''));
      expect(csp['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      // Media is served from our own storage (engine results are copied there), not from any host.
      expect(csp['media-src'], url).not.toContain('https:');
      expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
    }
  });
});
