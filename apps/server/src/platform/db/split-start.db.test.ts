import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backend, freshDatabase } from '../../../test/helper.js';

const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
const TRIALS = 4;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Started {
  role: string;
  child: ChildProcess;
  port: number;
  logFile: string;
}

function start(role: 'api' | 'worker', env: Record<string, string>, port: number, dir: string): Started {
  const logFile = path.join(dir, `${role}.log`);
  const log = fs.openSync(logFile, 'a');
  // eslint-disable-next-line no-restricted-properties -- the child server is configured through its environment, as in production
  const childEnv = { ...process.env, ...env, ROLE: role, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', log, log],
  });
  return { role, child, port, logFile };
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.status === 200,
    () => false,
  );

/** Resolves once /healthz answers 200; rejects with the log's end when the process exits first. */
async function up(s: Started, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      const tail = fs.readFileSync(s.logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`${s.role} exited with ${s.child.exitCode ?? s.child.signalCode}:\n${tail}`);
    }
    if (await healthy(s.port)) return;
    if (Date.now() > end) throw new Error(`${s.role} not healthy within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => s.child.once('exit', () => resolve()));
  s.child.kill('SIGKILL');
  await exited;
}

/** Starts ROLE=api and ROLE=worker at the same instant on a fresh empty database sharing one data folder. */
async function trial(seedDemoActors: boolean): Promise<string | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-start-'));
  const db = await freshDatabase();
  const env = {
    ...db.env,
    DATA_DIR: path.join(dir, 'data'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'admin12345',
    SEED_DEMO_ACTORS: seedDemoActors ? '1' : '0',
  };
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const both = [start('api', env, apiPort, dir), start('worker', env, workerPort, dir)];
  try {
    // Making the demo actors (ffmpeg) happens under the start-up lock, so the other process waits for it.
    await Promise.all(both.map((s) => up(s, seedDemoActors ? 120_000 : 40_000)));
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await Promise.all(both.map(stop));
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('split-mode start on an empty database', () => {
  // The embedded database has one owner process, so there is no split mode to race on PGlite.
  it.runIf(backend === 'postgres')(
    `api and worker started at the same instant both come up, ${TRIALS} times`,
    async () => {
      const failures: string[] = [];
      // The first trial also makes the demo actors, which both processes would otherwise render into one folder.
      for (let i = 0; i < TRIALS; i++) {
        const failure = await trial(i === 0);
        if (failure) failures.push(`trial ${i + 1}: ${failure}`);
      }
      expect(failures, `${TRIALS - failures.length} of ${TRIALS} came up:\n${failures.join('\n\n')}`).toEqual([]);
    },
    400_000,
  );
});
