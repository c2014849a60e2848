import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Endpoint, Envelope, ParamsOf } from '@app/contract';
import { newNonce, NONCE_PARAM, signaturePayload } from '@app/contract';
import { loadConfig, type AppConfig } from '../src/config.js';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.js';

/** Polls `fn` until it yields something truthy; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  intervalMs = 200,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const backend = process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database for one test file: an in-memory PGlite, or a new database on TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (backend === 'pglite') return { env: { PGLITE_DIR: 'memory://' }, drop: async () => undefined };
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
  // Named after the CI database so its clean-up also finds what a crashed run left behind.
  const parent =
    new URL(admin).pathname
      .slice(1)
      .replace(/[^a-z0-9_]/gi, '')
      .slice(0, 40) || 't';
  const name = `${parent}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends BuiltApp {
  config: AppConfig;
  dataDir: string;
  close: () => Promise<void>;
  /** Sends a signed call as the web client does. */
  call: <T = unknown>(
    ep: Endpoint | { method: string; path: string },
    params?: Record<string, string | number>,
    opts?: CallOptions,
  ) => Promise<Envelope<T>>;
}

export interface CallOptions {
  token?: string;
  /** Skip signing, or sign with a wrong secret / old timestamp. */
  sign?: 'ok' | 'none' | 'bad' | 'stale';
  rawBody?: string | Buffer;
  contentType?: string;
  /** Sent as the Origin header: a call a page of that site makes. */
  origin?: string;
}

export function signedParams(
  params: Record<string, string | number>,
  secret: string,
  mode: CallOptions['sign'] = 'ok',
) {
  const flat: Record<string, string> = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (mode === 'none') return flat;
  // As the web client does for writes, so identical calls in one second are not refused as replays.
  flat[NONCE_PARAM] = newNonce();
  flat.timestamp = String(Math.floor(Date.now() / 1000) - (mode === 'stale' ? 301 : 0));
  flat.sign = createHash('md5')
    .update(signaturePayload(flat, mode === 'bad' ? 'wrong-secret' : secret))
    .digest('hex');
  return flat;
}

export async function buildTestApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-test-'));
  const db = await freshDatabase();
  // The lip-sync channel tracks the face at every avatar preparation (demo actors too); tests of that channel turn it on themselves.
  // No demo actors or portraits unless a test asks for them: rendering and preparing them costs each app
  // 15-35 s of ffmpeg, which most tests never look at.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'admin12345',
    AVATAR_CHANNELS: 'local=local,ou=duix,df=duix,gj=chanjing',
    SEED_DEMO_ACTORS: '0',
    // What every app starts with is made by the first app of the run and copied by the others.
    ...testCache(),
    ...db.env,
    ...env,
  });
  const built = await buildApp(config, { pollingIntervalSeconds: 0.5, ...opts });
  const call: TestApp['call'] = async (ep, params = {}, o = {}) => {
    const signed = signedParams(params, config.SIGN_SECRET, o.sign);
    const qs = new URLSearchParams(signed).toString();
    const isGet = ep.method === 'GET';
    const res = await built.app.inject({
      method: ep.method as 'GET',
      url: isGet ? `${ep.path}?${qs}` : ep.path,
      headers: {
        ...(o.token ? { 'x-token': o.token } : {}),
        ...(o.origin ? { origin: o.origin } : {}),
        ...(!isGet ? { 'content-type': o.contentType ?? 'application/x-www-form-urlencoded' } : {}),
      },
      payload: isGet ? undefined : (o.rawBody ?? qs),
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res.json<Envelope<never>>();
  };
  return {
    ...built,
    config,
    dataDir,
    call,
    close: async () => {
      await built.app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type { ParamsOf };

/** Redis for the shared-counter tests (CI sets it when a local Redis answers); unset skips them. */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL;

/** The folder the run's test apps share (set by vitest.config.ts), when there is one. */
export const testCache = (): Record<string, string> =>
  process.env.TEST_CACHE_DIR ? { TEST_CACHE_DIR: process.env.TEST_CACHE_DIR } : {};
