import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

export interface DataDirLockOptions {
  /**
   * A lock whose folder was not refreshed for this long belongs to a process that died (kill -9,
   * power loss) and is taken over. The owner refreshes it every quarter of this.
   */
  staleMs?: number;
  /** Called when another process took the lock over (this one was frozen past `staleMs`). */
  onCompromised?: (err: Error) => void;
}

export const DEFAULT_STALE_MS = 20_000;
const LOCK_NAME = 'db.lock';
const OWNER_NAME = 'db.lock.owner';

interface Owner {
  pid: number;
  host: string;
  nonce: string;
  since: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | null {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.nonce === 'string' ? (o as Owner) : null;
  } catch {
    return null;
  }
}

function lockedMessage(dir: string, owner: Owner | null): string {
  const who = owner ? `process ${owner.pid} on ${owner.host} (since ${owner.since})` : 'another process';
  return `The embedded database in ${dir} is in use by ${who}. Stop it first, or point DATABASE_URL at PostgreSQL to run several processes.`;
}

const defaultCompromised = (dir: string) => (err: Error) => {
  // Another process now believes it owns the folder: stop before both write to the same files.
  console.error(`Lost the lock on the embedded database in ${dir} (${err.message}); stopping to protect the data.`);
  process.exit(1);
};

/**
 * One process owns the embedded database folder. The lock is a directory created atomically
 * (mkdir) by proper-lockfile and kept fresh by its owner; the pid in the owner file only serves the
 * message and to fail fast, never to take a lock over. A lock left by a killed process stops being
 * refreshed and is taken over once stale, so a restart after a crash waits at most `staleMs`.
 */
export async function lockDataDir(dir: string, opts: DataDirLockOptions = {}): Promise<() => Promise<void>> {
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, 'db');
  const lockfilePath = path.join(dir, LOCK_NAME);
  const ownerFile = path.join(dir, OWNER_NAME);
  const deadline = Date.now() + staleMs + 3_000;
  let release: () => Promise<void>;
  for (;;) {
    try {
      release = await lockfile.lock(target, {
        realpath: false,
        lockfilePath,
        stale: staleMs,
        update: Math.max(1_000, Math.floor(staleMs / 4)),
        onCompromised: opts.onCompromised ?? defaultCompromised(dir),
      });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      const owner = readOwner(ownerFile);
      // A live owner on this machine: say so at once instead of waiting for a staleness that will not come.
      if (owner && owner.host === os.hostname() && (owner.pid === process.pid || alive(owner.pid)))
        throw new DataDirLockedError(lockedMessage(dir, owner));
      if (Date.now() > deadline) throw new DataDirLockedError(lockedMessage(dir, owner));
      // The owner is gone (or elsewhere): the lock turns stale unless someone keeps refreshing it.
      await sleep(500);
    }
  }
  const me: Owner = { pid: process.pid, host: os.hostname(), nonce: randomUUID(), since: new Date().toISOString() };
  const tmp = `${ownerFile}.${me.nonce}`;
  fs.writeFileSync(tmp, JSON.stringify(me));
  fs.renameSync(tmp, ownerFile);
  return async () => {
    if (readOwner(ownerFile)?.nonce === me.nonce) fs.rmSync(ownerFile, { force: true });
    await release().catch((e: unknown) => {
      // Already released (or taken over after a freeze): nothing of ours is left to remove.
      if (!['ERELEASED', 'ENOTACQUIRED'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    });
  };
}
