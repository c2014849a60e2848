import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@app/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/platform/db/client.js';
import { testCache, signedParams, waitFor } from './helper.js';

/**
 * The real server as a child process, for tests that kill it (kill -9) and start it again: configured
 * through its environment as in production, its output appended to `server.log` in `logDir`.
 */
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * What every child server needs: its data folder under `dir`, a free port on loopback, no demo actors,
 * and the test database (the embedded one lives in the data folder).
 */
export async function childServerEnv(dir: string, dbEnv: Record<string, string>): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    DATA_DIR: path.join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'admin12345',
    SEED_DEMO_ACTORS: '0',
    // What every app starts with is made by the first app of the run and copied by the others.
    ...testCache(),
    ...(dbEnv.PGLITE_DIR ? {} : dbEnv),
  };
}

export function startServer(env: Record<string, string>, logDir: string): ChildProcess {
  const log = fs.openSync(path.join(logDir, 'server.log'), 'a');
  const childEnv = { ...process.env, ...env };
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', log, log],
  });
}

export const exited = (c: ChildProcess) =>
  new Promise<void>((resolve) =>
    c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve()),
  );

/**
 * The one child server of a test file at a time: started (once it answers its health check), then
 * stopped with SIGTERM or killed with kill -9 (once it has exited).
 */
export function childServer(env: Record<string, string>, logDir: string) {
  let child: ChildProcess | null = null;
  return {
    async start(what = 'server'): Promise<void> {
      child = startServer(env, logDir);
      await healthy(env, what);
    },
    async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
      if (!child) return;
      const c = child;
      child = null;
      c.kill(signal);
      await exited(c);
    },
  };
}

/**
 * A split deployment's two processes on one database: the api (ROLE=api, at `env`'s PUBLIC_URL, the
 * `env` to call) and a worker (ROLE=worker, on a port of its own). Without `split` (the embedded
 * database has one owner) one process is both. Neither is started yet.
 */
export async function apiAndWorker(env: Record<string, string>, logDir: string, split = true) {
  const apiEnv = split ? { ...env, ROLE: 'api' } : env;
  const api = childServer(apiEnv, logDir);
  const worker = split ? childServer({ ...env, ROLE: 'worker', PORT: String(await freePort()) }, logDir) : api;
  return {
    env: apiEnv,
    api,
    worker,
    async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
      await worker.stop(signal);
      await api.stop(signal);
    },
  };
}

/** Waits until the server at PUBLIC_URL answers its health check. */
export const healthy = (env: Record<string, string>, what = 'server') =>
  waitFor(
    what,
    () =>
      fetch(`${env.PUBLIC_URL}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    90_000,
  );

/** A signed call to the child server, as the web client makes it. */
export async function callServer<T>(
  env: Record<string, string>,
  method: 'GET' | 'POST',
  p: string,
  params: Record<string, string | number>,
  token: string,
): Promise<Envelope<T>> {
  const qs = new URLSearchParams(signedParams(params, loadConfig(env).SIGN_SECRET)).toString();
  const res = await fetch(`${env.PUBLIC_URL}${p}${method === 'GET' ? `?${qs}` : ''}`, {
    method,
    headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : qs,
  });
  return (await res.json()) as Envelope<T>;
}

/** Opens the database in this process (the server must be stopped: the embedded one has one owner). */
export async function withApp<T>(
  env: Record<string, string>,
  fn: (ctx: Awaited<ReturnType<typeof buildApp>>['ctx']) => Promise<T>,
): Promise<T> {
  const built = await buildApp(loadConfig({ ...env, ROLE: 'all' }), { pollingIntervalSeconds: 0.5 });
  try {
    return await fn(built.ctx);
  } finally {
    await built.app.close();
  }
}

/**
 * Opens only the database (no queue, no seeds, no jobs), to read what a killed server left before
 * anything recovers it. The server must be stopped: the embedded database has one owner.
 */
export async function withDatabase<T>(env: Record<string, string>, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig({ ...env, ROLE: 'api' }));
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
