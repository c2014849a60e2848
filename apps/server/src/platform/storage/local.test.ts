import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, ObjectExistsError } from './local.js';

let dir: string;
let store: LocalStorage;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-store-'));
  store = new LocalStorage(dir, 'secret');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const temp = (content: Buffer) => {
  const tmp = store.tempPath();
  fs.writeFileSync(tmp, content);
  return tmp;
};

describe('exclusive commits of the local store', () => {
  it('never replace an object: its bytes and checksum record stay, the temp file is left to the caller', async () => {
    const key = 'users/1/voice/a.mp3';
    const original = randomBytes(50_000);
    await store.commitTemp(temp(original), key, sha256(original), { exclusive: true });
    expect(fs.readdirSync(store.tmpDir)).toEqual([]);
    expect(await store.checksum(key)).toBe(sha256(original));
    const record = fs.readFileSync(path.join(store.sumsDir, key), 'utf8');

    const other = randomBytes(60_000);
    const tmp = temp(other);
    await expect(store.commitTemp(tmp, key, sha256(other), { exclusive: true })).rejects.toBeInstanceOf(
      ObjectExistsError,
    );
    expect(fs.readFileSync(store.pathOf(key)).equals(original)).toBe(true);
    expect(fs.readFileSync(path.join(store.sumsDir, key), 'utf8')).toBe(record);
    expect(await store.checksum(key)).toBe(sha256(original));
    expect(fs.existsSync(tmp)).toBe(true);
    fs.rmSync(tmp);
  });

  it('of several commits to one new key at once, exactly one lands, with its own checksum', async () => {
    const key = 'users/1/video/race.mp4';
    const contents = Array.from({ length: 4 }, () => randomBytes(100_000));
    const tmps = contents.map(temp);
    const results = await Promise.allSettled(
      tmps.map((tmp, i) => store.commitTemp(tmp, key, sha256(contents[i]!), { exclusive: true })),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ObjectExistsError);
    const winner = contents[won[0]!]!;
    expect(fs.readFileSync(store.pathOf(key)).equals(winner)).toBe(true);
    expect(await store.checksum(key)).toBe(sha256(winner));
    // The winner's temp name is gone; the losers' are still there for their callers to remove.
    expect(fs.readdirSync(store.tmpDir).sort()).toEqual(
      tmps
        .filter((_, i) => i !== won[0])
        .map((t) => path.basename(t))
        .sort(),
    );
  });

  it('a commit that may replace still does, and drops a record taken of the old bytes', async () => {
    const key = 'public/actors/a.png';
    const first = randomBytes(1000);
    await store.commitTemp(temp(first), key, sha256(first), { exclusive: true });
    await store.commitTemp(temp(Buffer.from('second')), key);
    expect(fs.readFileSync(store.pathOf(key), 'utf8')).toBe('second');
    expect(fs.existsSync(path.join(store.sumsDir, key))).toBe(false);
  });
});
