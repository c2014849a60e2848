import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const holderScript = fileURLToPath(new URL('../../../test/lock-holder.ts', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

interface Run {
  child: ChildProcess;
  /** Resolves with the pid printed once the lock is held, or rejects when the process exits first. */
  locked: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** A separate node process that opens the lock of `dir` the way the server does. */
function holder(dir: string, staleMs?: number): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir, ...(staleMs ? [String(staleMs)] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const locked = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /LOCKED (\d+)/.exec(stdout);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((e) => reject(new Error(`holder exited (${e.code ?? e.signal}) before locking: ${e.stderr}`)));
  });
  locked.catch(() => undefined);
  return { child, locked, exited };
}

describe('embedded database lock', () => {
  it('a second process opening the same folder exits with a message naming the owner', async () => {
    const dir = tmp();
    const first = holder(dir);
    const pid = await first.locked;
    expect(pid).toBe(first.child.pid);
    expect(fs.statSync(path.join(dir, 'db.lock')).isDirectory()).toBe(true);

    const second = holder(dir);
    const out = await second.exited;
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`The embedded database in ${dir} is in use by process ${pid}`);
    expect(out.stderr).toContain('DATABASE_URL');

    // A normal stop gives the folder back at once.
    first.child.kill('SIGTERM');
    await first.exited;
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
    const third = holder(dir);
    expect(await third.locked).toBe(third.child.pid);
  });

  it('takes over the lock of a process killed with kill -9 once it goes stale', async () => {
    const dir = tmp();
    const first = holder(dir, 3000);
    await first.locked;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The killed process could not clean up: its lock folder is still there.
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(true);

    const second = holder(dir, 3000);
    const pid = await second.locked;
    expect(pid).toBe(second.child.pid);
    const owner = JSON.parse(fs.readFileSync(path.join(dir, 'db.lock.owner'), 'utf8')) as { pid: number };
    expect(owner.pid).toBe(second.child.pid);
  });

  it('refuses a second open within the same process and frees the folder on release', async () => {
    const dir = tmp();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
    await release();
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db.lock.owner'))).toBe(false);
    const again = await lockDataDir(dir);
    await again();
  });
});
