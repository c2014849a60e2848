import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { InvalidKeyError, assertSafeKey } from './types.js';

let t: TestApp;
const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.storage.put('users/1/video/clip.mp4', body);
  await t.ctx.storage.put('public/actors/a.png', Buffer.from('png'));
});
afterAll(async () => t?.close());

describe('local storage driver', () => {
  it('serves a private object only through a signed URL, with Range and the right type', async () => {
    const url = t.ctx.storage.signedUrl('users/1/video/clip.mp4', { expiresIn: 60 });
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.rawPayload.equals(body)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(body.subarray(100, 200))).toBe(true);
  });

  it('refuses unsigned, tampered and expired URLs', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/files/users/1/video/clip.mp4' })).statusCode).toBe(403);
    const url = t.ctx.storage.signedUrl('users/1/video/clip.mp4', { expiresIn: 60 });
    expect((await t.app.inject({ method: 'GET', url: url.replace('users/1', 'users/2') })).statusCode).toBe(403);
    const expired = t.ctx.storage.signedUrl('users/1/video/clip.mp4', { expiresIn: -1 });
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('offers a download under its Chinese name (RFC 5987)', async () => {
    const url = t.ctx.storage.signedUrl('users/1/video/clip.mp4', { expiresIn: 60, downloadName: '我的作品.mp4' });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.mp4"; filename*=UTF-8''${encodeURIComponent('我的作品.mp4')}`,
    );
  });

  it('serves public library objects without a signature', async () => {
    const res = await t.app.inject({ method: 'GET', url: t.ctx.storage.publicUrl('public/actors/a.png') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('refuses unsafe keys', () => {
    for (const key of ['../etc/passwd', '/abs', 'a\\b', 'a/../b', 'a//b', 'bad\u0001key', ''])
      expect(() => assertSafeKey(key), key).toThrow(InvalidKeyError);
    expect(() => assertSafeKey('users/1/x.mp4')).not.toThrow();
  });

  it('never serves partial uploads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/.tmp/x.part' });
    expect(res.statusCode).toBe(403);
  });
});

describe('health, metrics and docs', () => {
  it('reports db and queue reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', queue: 'ok' });
  });

  it('exposes request counts by route and job counts by queue and state', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{.*route="\/healthz"/);
    expect(res.body).toContain('# TYPE jobs gauge');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.0.3');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toBeTruthy();
  });

  it('sends a real content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
