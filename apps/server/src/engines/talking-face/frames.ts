import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { MediaToolError } from '../../platform/media/ffmpeg.js';

/** Bytes of one yuv420p frame (both sides even). */
export function yuvFrameBytes(width: number, height: number): number {
  return width * height + 2 * (width / 2) * (height / 2);
}

interface Tool {
  child: ChildProcessWithoutNullStreams;
  done: Promise<void>;
}

function startFfmpeg(args: string[], signal?: AbortSignal): Tool {
  const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    signal,
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err = (err + c.toString('utf8')).slice(-8000);
  });
  child.stdin.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (e) => reject(new MediaToolError(`ffmpeg could not start: ${e.message}`, err)));
    child.on('close', (code, sig) => {
      if (code === 0) resolve();
      else reject(new MediaToolError(`ffmpeg exited with ${code ?? sig}`, err));
    });
  });
  // A caller that stops early must not leave an unhandled rejection behind.
  done.catch(() => undefined);
  return { child, done };
}

/**
 * Decodes with ffmpeg (`inputArgs` name the input and any filters) and yields raw frames of
 * `frameBytes` each, one at a time: ffmpeg is paused by the pipe while a frame is being worked on,
 * so only a few frames are ever held in memory.
 */
export async function* readRawFrames(inputArgs: string[], pixFmt: string, frameBytes: number, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const tool = startFfmpeg([...inputArgs, '-f', 'rawvideo', '-pix_fmt', pixFmt, 'pipe:1'], signal);
  let pending: Buffer[] = [];
  let have = 0;
  let finished = false;
  try {
    for await (const chunk of tool.child.stdout as AsyncIterable<Buffer>) {
      pending.push(chunk);
      have += chunk.length;
      while (have >= frameBytes) {
        const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending, have);
        const frame = Buffer.from(all.subarray(0, frameBytes));
        const rest = all.subarray(frameBytes);
        pending = rest.length > 0 ? [rest] : [];
        have = rest.length;
        yield frame;
      }
    }
    await tool.done;
    finished = true;
  } finally {
    if (!finished) tool.child.kill('SIGKILL');
  }
}

/** An ffmpeg encoder fed raw frames on stdin, honouring the pipe's back-pressure. */
export interface RawFrameWriter {
  /** Queues a frame; `flushed` is called once the pipe no longer needs the buffer (it may then be reused). */
  write(frame: Buffer, flushed?: () => void): Promise<void>;
  /** Closes stdin and waits for the file to be finished. */
  finish(): Promise<void>;
  abort(): void;
}

export function writeRawFrames(
  raw: { width: number; height: number; fps: number; pixFmt: string },
  outputArgs: string[],
  signal?: AbortSignal,
): RawFrameWriter {
  const tool = startFfmpeg(
    ['-f', 'rawvideo', '-pix_fmt', raw.pixFmt, '-s', `${raw.width}x${raw.height}`, '-r', String(raw.fps), '-i', 'pipe:0', ...outputArgs],
    signal,
  );
  const stdin = tool.child.stdin;
  let failed: unknown = null;
  tool.done.catch((e: unknown) => {
    failed = e;
  });
  return {
    async write(frame, flushed) {
      if (failed) throw failed;
      if (!stdin.write(frame, flushed && (() => flushed()))) await Promise.race([once(stdin, 'drain'), tool.done]);
      if (failed) throw failed;
    },
    async finish() {
      stdin.end();
      await tool.done;
    },
    abort() {
      tool.child.kill('SIGKILL');
    },
  };
}

/**
 * A few frame buffers used in turn: a frame is taken, filled, written, and comes back once the pipe
 * has flushed it. No frame is allocated per video frame, so memory stays flat and the collector idle.
 */
export function framePool(bytes: number, count = 3) {
  const free: Buffer[] = Array.from({ length: count }, () => Buffer.alloc(bytes));
  const waiting: ((b: Buffer) => void)[] = [];
  return {
    take(): Promise<Buffer> {
      const b = free.pop();
      return b ? Promise.resolve(b) : new Promise((resolve) => waiting.push(resolve));
    },
    give(b: Buffer): void {
      const next = waiting.shift();
      if (next) next(b);
      else free.push(b);
    },
  };
}
