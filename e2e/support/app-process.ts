import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverMain = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
// First start seeds the demo content with ffmpeg, which on a busy machine takes minutes.
const healthTimeoutMs = 300_000;

/** Keeps the tail of the server's output to show when it dies; the whole of it goes to `logFile`. */
function captureOutput(child: ChildProcess, logFile: string): () => string {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail.push(chunk.toString('utf8'));
    if (tail.length > 300) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => log.end());
  return () => tail.join('');
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<string> {
  const deadline = Date.now() + healthTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return `the server exited (code ${child.exitCode ?? child.signalCode}) before /healthz answered`;
    }
    try {
      const reply = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (reply.status === 200) return '';
      last = `HTTP ${reply.status}: ${(await reply.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return `/healthz did not answer 200 within ${healthTimeoutMs / 1000} s (last: ${last})`;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A built app running as its own process, as a newcomer's `npm start` runs it. */
export interface RunningApp {
  baseURL: string;
  /** Why it did not come up; empty when it answers. */
  startupError: string;
  /** The tail of its output. */
  output(): string;
  /** Whether it ended with a failure code. */
  crashed(): boolean;
  /** Stops it and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free port with an empty data folder: embedded database, every role, no
 * test-runner settings; `env` adds what this run configures (engines, the operator's password…).
 */
export async function startBuiltApp(o: { env: NodeJS.ProcessEnv; logFile: string }): Promise<RunningApp> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: build the server first (npm test does)`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  for (const name of ['DATABASE_URL', 'ROLE', 'NODE_ENV', 'TEST_DATABASE_URL']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  const child = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child, o.logFile);
  const startupError = await waitForHealth(baseURL, child);
  return {
    baseURL,
    startupError,
    output,
    crashed: () => child.exitCode !== null && child.exitCode !== 0,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
