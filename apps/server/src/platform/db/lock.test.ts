import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('embedded database lock', () => {
  it('stops a second owner while the first is alive, naming it', async () => {
    const dir = tmp();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'db.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a killed process', async () => {
    const dir = tmp();
    const dead = spawn('true');
    await new Promise((r) => dead.on('close', r));
    fs.writeFileSync(path.join(dir, 'db.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });
});
