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

/**
 * Runs a command with its output kept instead of shown; resolves to { code, output } so a step run
 * beside another can print its log whole when it ends, not interleaved with the other's.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: `cannot run ${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** Runs a command quietly; returns { ok, stdout } and never throws, so a missing binary reads as "not ok". */
export function probe(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  return { ok: !result.error && result.status === 0, stdout: result.stdout ?? '' };
}

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
