import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Media tools (ffmpeg, ffprobe, espeak-ng...) started by a small helper process instead of by the
 * server itself. Starting a process copies the memory map of the process that starts it: the server
 * holds over a gigabyte with the embedded database, and every tool it started blocked its event loop
 * for 15–90 ms (a multi-scene scene starts three). The helper is a bare Node process of a few tens of
 * megabytes; it starts each tool, collects what the tool prints and sends it back whole.
 */

export interface ToolRequest {
  bin: string;
  args: string[];
  /** Bytes written to the tool's stdin, which is then closed. */
  input?: Buffer | string;
  /** The tool is killed (SIGKILL) after this long. */
  timeoutMs?: number;
  /** Keep all of stderr (reports such as volumedetect), not only its last 8000 characters. */
  wholeStderr?: boolean;
  signal?: AbortSignal;
}

export interface ToolExit {
  code: number | null;
  signal: string | null;
  /** Why the tool could not be started at all (e.g. not installed). */
  startError?: string;
  stdout: Buffer;
  stderr: string;
}

/** Thrown when the run was stopped through its signal; the tool itself is killed. */
export class ToolAborted extends Error {}

interface Reply {
  id: number;
  code: number | null;
  signal: string | null;
  startError?: string;
  stdout: Uint8Array;
  stderr: string;
}

// Plain CommonJS, run with `node -e`: no loader, no TypeScript, nothing of the server loaded.
const HELPER = String.raw`
const { spawn } = require('node:child_process');
const running = new Map();
process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGTERM');
  process.exit(0);
});
process.on('message', (m) => {
  if (m.kill !== undefined) {
    const child = running.get(m.kill);
    if (child) child.kill('SIGTERM');
    return;
  }
  const out = [];
  let err = '';
  let done = false;
  let timer;
  const finish = (r) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    running.delete(m.id);
    if (process.connected) process.send({ id: m.id, code: null, signal: null, ...r, stdout: Buffer.concat(out), stderr: err });
  };
  let child;
  try {
    child = spawn(m.bin, m.args, { stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    finish({ startError: String(e && e.message) });
    return;
  }
  running.set(m.id, child);
  if (m.timeoutMs) timer = setTimeout(() => child.kill('SIGKILL'), m.timeoutMs);
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => {
    err += c.toString('utf8');
    if (!m.wholeStderr && err.length > 16000) err = err.slice(-8000);
  });
  child.on('error', (e) => finish({ startError: e.message }));
  child.on('close', (code, signal) => {
    if (!m.wholeStderr) err = err.slice(-8000);
    finish({ code, signal });
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(m.input === undefined ? undefined : m.input);
});
`;

/**
 * The bytes as a Buffer starting on an 8-byte boundary, as a tool's output read directly does: callers
 * view it as 16-bit or float samples, which a message's odd offset would refuse.
 */
function alignedBuffer(bytes: Uint8Array): Buffer {
  if (bytes.byteOffset % 8 === 0) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const copy = Buffer.allocUnsafe(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

interface Pending {
  resolve: (exit: ToolExit) => void;
  reject: (e: Error) => void;
}

class ToolRunner {
  private helper: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Set when the helper cannot be started here at all: tools are then started directly. */
  unavailable = false;

  private start(): ChildProcess {
    const child = spawn(process.execPath, ['-e', HELPER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let answered = false;
    child.on('message', (m: Reply) => {
      answered = true;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settled(m.id);
      const { stdout, ...rest } = m;
      p.resolve({ ...rest, stdout: alignedBuffer(stdout) });
    });
    const lost = (why: string) => {
      if (this.helper !== child) return;
      this.helper = null;
      if (!answered && why !== 'exit') this.unavailable = true;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const p of waiting) p.reject(new Error(`media tool helper ${why}`));
    };
    child.on('error', (e) => lost(`could not start: ${e.message}`));
    child.on('exit', () => lost('exit'));
    child.unref();
    child.channel?.unref();
    return child;
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0 && this.helper) {
      this.helper.unref();
      this.helper.channel?.unref();
    }
  }

  run(req: ToolRequest): Promise<ToolExit> {
    return new Promise<ToolExit>((resolve, reject) => {
      if (req.signal?.aborted) {
        reject(new ToolAborted('aborted'));
        return;
      }
      const helper = (this.helper ??= this.start());
      const id = ++this.nextId;
      const onAbort = () => {
        if (!this.pending.has(id)) return;
        this.settled(id);
        helper.send({ kill: id }, () => undefined);
        reject(new ToolAborted('aborted'));
      };
      this.pending.set(id, {
        resolve: (exit) => {
          req.signal?.removeEventListener('abort', onAbort);
          resolve(exit);
        },
        reject: (e) => {
          req.signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
      req.signal?.addEventListener('abort', onAbort, { once: true });
      // Held open only while a tool runs, so an idle helper never keeps the server from exiting.
      helper.ref();
      helper.channel?.ref();
      const { signal: _signal, ...message } = req;
      helper.send({ id, ...message }, (e) => {
        if (!e || !this.pending.has(id)) return;
        this.pending.get(id)?.reject(e);
        this.settled(id);
      });
    });
  }
}

/** The one helper of this process, started at the first tool run. */
export const toolRunner = new ToolRunner();
