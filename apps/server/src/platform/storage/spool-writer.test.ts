import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local.js';
import { SpoolWriter } from './spool-writer.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = promisify(execFile);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const openFds = () => fs.readdirSync('/proc/self/fd').length;

/** Pieces of uneven sizes, as a socket hands them over, some larger than a slot. */
function* pieces(content: Buffer): Generator<Buffer> {
  const sizes = [1, 7, 65_536, 3 * 1024 * 1024 + 5, 1000, 1 << 20];
  for (let at = 0, i = 0; at < content.length; i++) {
    const n = Math.min(sizes[i % sizes.length]!, content.length - at);
    yield content.subarray(at, at + n);
    at += n;
  }
}

describe('spool writer', () => {
  it('writes every byte in order and takes their sha256 on the way', async () => {
    const content = randomBytes(9 * 1024 * 1024 + 123);
    const file = path.join(dir, 'a.part');
    const spool = new SpoolWriter(file);
    await pipeline(Readable.from(pieces(content)), spool);
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    expect(spool.sha256).toBe(sha256(content));
    expect(spool.bytes).toBe(content.length);
  });

  it('an empty stream makes an empty file with the digest of nothing', async () => {
    const file = path.join(dir, 'empty.part');
    const spool = new SpoolWriter(file);
    await pipeline(Readable.from([]), spool);
    expect(fs.statSync(file).size).toBe(0);
    expect(spool.sha256).toBe(sha256(Buffer.alloc(0)));
  });

  it('keeps files apart when several stream at once', async () => {
    const contents = [randomBytes(3 << 20), randomBytes(5 << 20), randomBytes(1 << 19)];
    const spools = contents.map((_, i) => new SpoolWriter(path.join(dir, `many-${i}.part`)));
    await Promise.all(contents.map((c, i) => pipeline(Readable.from(pieces(c)), spools[i]!)));
    contents.forEach((c, i) => {
      expect(fs.readFileSync(spools[i]!.path).equals(c)).toBe(true);
      expect(spools[i]!.sha256).toBe(sha256(c));
    });
  });

  it('uses the same shared memory for one file after another, failed ones included', async () => {
    const content = randomBytes(40_000);
    const write = async (i: number) => {
      const file = path.join(dir, `reuse-${i}.part`);
      await pipeline(Readable.from([content]), new SpoolWriter(file));
      fs.rmSync(file);
    };
    await write(-1);
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 100; i++) await write(i);
    // A refused file gives its slots back too.
    const missing = path.join(dir, 'no-such-folder', 'x.part');
    await expect(pipeline(Readable.from([content]), new SpoolWriter(missing))).rejects.toThrow(/ENOENT/);
    // A new set of slots is 4 MB: a hundred files would add 400 MB.
    expect((process.memoryUsage().arrayBuffers - before) / 1048576).toBeLessThan(8);
  });

  it('an upload cut off half way closes its file and reports the cause; no digest', async () => {
    const fds = openFds();
    const file = path.join(dir, 'cut.part');
    const spool = new SpoolWriter(file);
    async function* cutOff() {
      yield randomBytes(3 << 20);
      throw new Error('connection reset');
    }
    await expect(pipeline(Readable.from(cutOff()), spool)).rejects.toThrow('connection reset');
    expect(spool.sha256).toBeNull();
    // Once the stream has closed, so has its file.
    if (!spool.closed) await new Promise((resolve) => spool.once('close', resolve));
    fs.rmSync(file);
    expect(openFds()).toBe(fds);
  });

  it('a file larger than the flush interval is written whole while earlier parts are flushed to disk', async () => {
    // Past two 32 MB flush points, with the last flush likely still running when the stream ends.
    const content = randomBytes(70 * 1024 * 1024);
    const file = path.join(dir, 'large.part');
    const spool = new SpoolWriter(file);
    await pipeline(Readable.from(pieces(content)), spool);
    expect(spool.sha256).toBe(sha256(content));
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    fs.rmSync(file);
  });

  it('cut off while a flush is running, it closes its file once the flush is done', async () => {
    const fds = openFds();
    const file = path.join(dir, 'cut-flushing.part');
    const spool = new SpoolWriter(file);
    async function* cutOff() {
      for (let i = 0; i < 34; i++) yield randomBytes(1 << 20);
      throw new Error('connection reset');
    }
    await expect(pipeline(Readable.from(cutOff()), spool)).rejects.toThrow('connection reset');
    if (!spool.closed) await new Promise((resolve) => spool.once('close', resolve));
    expect(spool.sha256).toBeNull();
    fs.rmSync(file);
    expect(openFds()).toBe(fds);
  });

  it('one byte past its limit fails the stream with the error the limit names, and keeps no more', async () => {
    const fds = openFds();
    const file = path.join(dir, 'over.part');
    const spool = new SpoolWriter(file, { maxBytes: 2_000_000, tooLarge: () => new Error('too large') });
    await expect(pipeline(Readable.from(pieces(randomBytes(2_000_001))), spool)).rejects.toThrow('too large');
    if (!spool.closed) await new Promise((resolve) => spool.once('close', resolve));
    expect(spool.received).toBe(2_000_001);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(2_000_000);
    fs.rmSync(file);
    expect(openFds()).toBe(fds);

    // Exactly at the limit is fine, even when a piece larger than all the slots together has to wait
    // for the thread half way (its rest must not be counted twice).
    const content = randomBytes(9 << 20);
    const exact = new SpoolWriter(path.join(dir, 'exact.part'), { maxBytes: 9 << 20, tooLarge: () => new Error('x') });
    await pipeline(Readable.from([content.subarray(0, 6 << 20), content.subarray(6 << 20)]), exact);
    expect(exact.sha256).toBe(sha256(content));
    expect(exact.received).toBe(9 << 20);
  });

  it('keeps a process with nothing else to do alive until its file is done, then lets it exit', async () => {
    // A script whose only work is one spooled file: it must neither exit before the file is written
    // nor hang on an idle thread afterwards.
    const script = path.join(dir, 'lone.mts');
    const target = path.join(dir, 'lone.part');
    const writer = pathToFileURL(path.join(import.meta.dirname, 'spool-writer.ts')).href;
    fs.writeFileSync(
      script,
      `import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SpoolWriter } from ${JSON.stringify(writer)};
const spool = new SpoolWriter(${JSON.stringify(target)});
await pipeline(Readable.from([Buffer.alloc(5 << 20, 1)]), spool);
console.log('done', spool.bytes);
`,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe(`done ${5 << 20}`);
    expect(fs.statSync(target).size).toBe(5 << 20);
  });

  it('a file that cannot be created fails the stream with the system error', async () => {
    const spool = new SpoolWriter(path.join(dir, 'no-such-folder', 'x.part'));
    await expect(pipeline(Readable.from([Buffer.from('x')]), spool)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a disk that fills up mid-upload fails the stream with the system error and closes the file', async () => {
    // Every write to /dev/full fails as a full disk does, while several slots are on their way.
    const fds = openFds();
    const spool = new SpoolWriter('/dev/full');
    await expect(pipeline(Readable.from(pieces(randomBytes(8 << 20))), spool)).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    if (!spool.closed) await new Promise((resolve) => spool.once('close', resolve));
    expect(spool.sha256).toBeNull();
    expect(openFds()).toBe(fds);
  });
});

describe('checksums recorded by the local store', () => {
  it('hands back the sha256 taken on upload only while the object is the same file', async () => {
    const store = new LocalStorage(path.join(dir, 'data'), 'secret');
    const content = randomBytes(200_000);
    const tmp = store.tempPath();
    fs.writeFileSync(tmp, content);
    await store.commitTemp(tmp, 'users/1/video/a.mp4', sha256(content));
    expect(await store.checksum('users/1/video/a.mp4')).toBe(sha256(content));

    // Rewritten in place (same key, other bytes): the record no longer matches the file.
    fs.writeFileSync(store.pathOf('users/1/video/a.mp4'), randomBytes(200_000));
    expect(await store.checksum('users/1/video/a.mp4')).toBeNull();

    // Written again without a checksum: the old record is dropped.
    const again = store.tempPath();
    fs.writeFileSync(again, content);
    await store.commitTemp(again, 'users/1/video/a.mp4', sha256(content));
    await store.put('users/1/video/a.mp4', Buffer.from('other'));
    expect(await store.checksum('users/1/video/a.mp4')).toBeNull();
    expect(fs.existsSync(path.join(store.sumsDir, 'users/1/video/a.mp4'))).toBe(false);

    // Deleting the object deletes its record.
    const third = store.tempPath();
    fs.writeFileSync(third, content);
    await store.commitTemp(third, 'users/1/video/b.mp4', sha256(content));
    await store.delete('users/1/video/b.mp4');
    expect(fs.existsSync(path.join(store.sumsDir, 'users/1/video/b.mp4'))).toBe(false);
    expect(await store.checksum('users/1/video/b.mp4')).toBeNull();
  });
});
