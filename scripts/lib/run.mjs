import { spawn, spawnSync } from 'node:child_process';
import { repoRoot } from './paths.mjs';

/** Runs a command with inherited output; resolves to its exit code (1 when it could not start). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command quietly; returns { ok, stdout } and never throws, so a missing binary reads as "not ok". */
export function probe(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  return { ok: !result.error && result.status === 0, stdout: result.stdout ?? '' };
}

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
