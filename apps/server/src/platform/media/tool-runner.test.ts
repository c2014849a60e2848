import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaToolError, runTool, runToolStderr } from './ffmpeg.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tool-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as MediaToolError,
  );

describe('media tools run through the helper process', () => {
  it('returns what the tool printed, feeds it its input, and is not started by this process', async () => {
    expect((await runTool('cat', [], { input: Buffer.from('一段输入') })).toString()).toBe('一段输入');
    const parent = Number((await runTool('sh', ['-c', 'echo $PPID'])).toString());
    expect(parent).toBeGreaterThan(0);
    expect(parent).not.toBe(process.pid);
    const big = await runTool('head', ['-c', '20000000', '/dev/zero']);
    expect(Buffer.isBuffer(big) && big.length).toBe(20_000_000);
    // Read as samples, as audio decoded to a pipe is: every length, so every offset a message could leave.
    for (let n = 1; n <= 40; n++) {
      const out = await runTool('head', ['-c', String(n * 3), '/dev/zero']);
      expect(new Float32Array(out.buffer, out.byteOffset, Math.floor(out.length / 4))).toHaveLength(
        Math.floor((n * 3) / 4),
      );
    }
  });

  it('reports a failing tool with its exit code and the end of what it wrote to stderr, and a missing one', async () => {
    const e = await failure(runTool('sh', ['-c', 'echo 坏了 >&2; exit 3']));
    expect(e).toBeInstanceOf(MediaToolError);
    expect(e?.message).toBe('sh exited with 3');
    expect(e?.stderr).toBe('坏了\n');
    const long = await failure(runTool('sh', ['-c', 'head -c 50000 /dev/zero | tr "\\0" x >&2; exit 1']));
    expect(long?.stderr).toHaveLength(8000);
    expect((await failure(runTool('no-such-media-tool', [])))?.message).toMatch(/^no-such-media-tool could not start/);
    expect(await runToolStderr('sh', ['-c', 'head -c 50000 /dev/zero | tr "\\0" y >&2'])).toHaveLength(50_000);
  });

  it('kills a tool that outlives its time limit, and one whose run is aborted', async () => {
    expect((await failure(runTool('sleep', ['30'], { timeoutMs: 200 })))?.message).toBe('sleep exited with SIGKILL');
    const pidFile = path.join(dir, 'pid');
    const ac = new AbortController();
    const run = failure(runTool('sh', ['-c', `echo $$ > ${pidFile}; exec sleep 30`], { signal: ac.signal }));
    while (!existsSync(pidFile) || !readFileSync(pidFile, 'utf8').trim()) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    ac.abort();
    expect(await run).toBeInstanceOf(MediaToolError);
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
  });
});
