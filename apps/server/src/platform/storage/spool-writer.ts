import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * The spool thread writes uploads to their files and takes their sha256 as the bytes arrive, so the
 * event loop only parses the form and copies the bytes into shared memory: it never waits on the disk,
 * and a 500 MB upload is not read back from disk to checksum it when it is registered. A file is
 * finished only once its data is on the disk (flushed as it arrives, the rest at the end), so an
 * acknowledged upload survives a crash of the machine.
 *
 * Plain CommonJS, run with `eval`: the server is bundled into one file and also runs from sources,
 * and this keeps the thread's code beside the code that talks to it in both.
 */
const THREAD_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
/** Written bytes are flushed to the disk every this many, on the thread pool, while the upload goes on. */
const FLUSH_EVERY = 32 * 1024 * 1024;
const files = new Map();
const post = (m) => parentPort.postMessage(m);
/**
 * Runs 'next' once the file has no write or flush under way (at once when it has none): its
 * descriptor may then be flushed for the last time, or closed.
 */
function whenIdle(f, next) {
  if (f.writing === 0 && !f.syncing) next();
  else f.idle.push(next);
}
function settled(f) {
  if (f.writing === 0 && !f.syncing) for (const next of f.idle.splice(0)) next();
}
/** One data sync at a time per file, beside the writes still running. */
function flush(f) {
  f.syncing = true;
  f.unflushed = 0;
  fs.fdatasync(f.fd, (err) => {
    f.syncing = false;
    if (err && !f.error) f.error = err;
    settled(f);
  });
}
/** Writes a slot at its place in the file on the thread pool; a short write goes on with the rest. */
function writeAt(f, data, position, done) {
  fs.write(f.fd, data, 0, data.length, position, (err, n) => {
    if (err) return done(err);
    if (n < data.length) return writeAt(f, data.subarray(n), position + n, done);
    done(null);
  });
}
function close(f) {
  try { fs.closeSync(f.fd); } catch {}
}
const failure = (id, e) => ({ id, op: 'failed', message: String((e && e.message) || e), code: e && e.code });
parentPort.on('message', (m) => {
  const f = files.get(m.id);
  try {
    if (m.op === 'open') {
      const slots = m.slots.map((shared) => new Uint8Array(shared));
      const fd = fs.openSync(m.path, 'w');
      files.set(m.id, { fd, hash: crypto.createHash('sha256'), bytes: 0, unflushed: 0, slots, writing: 0, syncing: false, idle: [], error: null });
      post({ id: m.id, op: 'opened' });
    } else if (m.op === 'write') {
      if (!f) return;
      if (f.error) throw f.error;
      const data = f.slots[m.index].subarray(0, m.length);
      // The disk takes the slot on the thread pool while this thread hashes it; the slot goes back
      // once both are done (the hash, being synchronous, always first).
      f.writing++;
      writeAt(f, data, f.bytes, (err) => {
        f.writing--;
        if (err && !f.error) f.error = err;
        post({ id: m.id, op: 'written', index: m.index });
        // Flushing as it goes spreads the disk's work over the upload instead of leaving it all to the end.
        if (!f.error && f.unflushed >= FLUSH_EVERY && !f.syncing) flush(f);
        settled(f);
      });
      f.hash.update(data);
      f.bytes += data.length;
      f.unflushed += data.length;
    } else if (m.op === 'end') {
      if (!f) return;
      files.delete(m.id);
      const sha256 = f.hash.digest('hex');
      // Done means on the disk: once every write is down the rest is flushed, then the upload is acknowledged.
      whenIdle(f, () => {
        if (f.error) {
          close(f);
          return post(failure(m.id, f.error));
        }
        flush(f);
        whenIdle(f, () => {
          close(f);
          post(f.error ? failure(m.id, f.error) : { id: m.id, op: 'done', sha256, bytes: f.bytes });
        });
      });
    } else if (m.op === 'abort') {
      files.delete(m.id);
      if (!f) return post({ id: m.id, op: 'closed' });
      // Writes and a flush still running hold the descriptor: it is closed after them.
      whenIdle(f, () => {
        close(f);
        post({ id: m.id, op: 'closed' });
      });
    }
  } catch (e) {
    files.delete(m.id);
    // Reported once the descriptor is closed, so the caller may remove the file at once.
    if (!f) return post(failure(m.id, e));
    whenIdle(f, () => {
      close(f);
      post(failure(m.id, e));
    });
  }
});
`;

type Reply =
  | { id: number; op: 'opened' | 'closed' }
  | { id: number; op: 'written'; index: number }
  | { id: number; op: 'done'; sha256: string; bytes: number }
  | { id: number; op: 'failed'; message: string; code?: string };

type Request =
  | { id: number; op: 'open'; path: string; slots: SharedArrayBuffer[] }
  | { id: number; op: 'write'; index: number; length: number }
  | { id: number; op: 'end' | 'abort' };

/** Size of one slot of shared memory: bytes are handed to the thread a slot at a time. */
const SLOT_BYTES = 1 << 20;
/** Slots per file: the most an upload holds in memory whatever the speeds of client and disk. */
const SLOTS = 4;

export class SpoolError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Slot sets kept for the next files. Shared memory handed to the thread stays alive until that
 * thread's own garbage collection, which its small heap seldom runs: fresh slots for every file piled
 * up (4 MB an upload, over 1 GB after a few hundred). Reused sets cost nothing more; the pool holds
 * as many as were ever open at once, up to this many.
 */
const IDLE_SLOT_SETS = 64;

/** One spool thread per process, started on first use; it keeps the process alive only while it has files open. */
class SpoolThread {
  private worker: Worker | null = null;
  private readonly listeners = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private readonly idleSlots: SharedArrayBuffer[][] = [];

  /** A set of slots for a new file: one a closed file gave back, or a new one. */
  takeSlots(): SharedArrayBuffer[] {
    return this.idleSlots.pop() ?? Array.from({ length: SLOTS }, () => new SharedArrayBuffer(SLOT_BYTES));
  }

  /** Called once the thread has closed the file that used them: nothing writes to them any more. */
  giveBackSlots(slots: SharedArrayBuffer[]): void {
    if (this.idleSlots.length < IDLE_SLOT_SETS) this.idleSlots.push(slots);
  }

  open(listener: (reply: Reply) => void): number {
    const id = this.nextId++;
    this.listeners.set(id, listener);
    this.worker?.ref();
    return id;
  }

  forget(id: number): void {
    this.listeners.delete(id);
    if (this.listeners.size === 0) this.worker?.unref();
  }

  post(request: Request): void {
    this.ensure().postMessage(request);
  }

  /** Starts the thread ahead of the first file (it still keeps the process alive only while files are open). */
  start(): void {
    this.ensure();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    worker.on('message', (reply: Reply) => this.listeners.get(reply.id)?.(reply));
    // A thread that died takes its open files with it: each is failed, and the next upload starts a new thread.
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, listener] of [...this.listeners]) listener({ id, op: 'failed', message: why });
    };
    worker.on('error', (e) => lost(`spool thread failed: ${e.message}`));
    worker.on('exit', (code) => lost(`spool thread exited with ${code}`));
    // It keeps the process alive only while a file is open (set after the listeners, which would
    // otherwise reference it again).
    if (this.listeners.size === 0) worker.unref();
    this.worker = worker;
    return worker;
  }
}

const thread = new SpoolThread();

/** An upload host calls this as it starts, so its first upload does not wait for the thread to boot. */
export function startSpoolThread(): void {
  thread.start();
}

type Callback = (error?: Error | null) => void;
type Waiter = 'opening' | 'held' | 'finishing' | 'aborting';

export interface SpoolLimit {
  /** The most bytes the file may hold... */
  maxBytes: number;
  /** ...and the error the stream fails with the moment one more arrives. */
  tooLarge: () => Error;
}

/**
 * A writable file whose bytes are written, and hashed, on the spool thread. `sha256` and `bytes` are set
 * once the stream has finished; a destroyed stream leaves its file closed (the caller removes it).
 */
export class SpoolWriter extends Writable {
  sha256: string | null = null;
  bytes = 0;
  /** Bytes handed to the writer so far, counted as they arrive. */
  received = 0;
  private readonly id: number;
  /** Shared memory the bytes pass through: handed to the thread once, when the file is opened. */
  private readonly slots: Uint8Array[];
  private readonly free: number[];
  /** The slot being filled, and how far. */
  private current = -1;
  private filled = 0;
  private failure: Error | null = null;
  private fileClosed = false;
  /** Callbacks waiting on the thread: the file opening, a write waiting for a free slot, the digest, the abort. */
  private opening: Callback | null = null;
  private held: Callback | null = null;
  private finishing: Callback | null = null;
  private aborting: Callback | null = null;

  constructor(
    readonly path: string,
    private readonly limit?: SpoolLimit,
  ) {
    super({ highWaterMark: SLOT_BYTES });
    this.id = thread.open((reply) => this.onReply(reply));
    this.slots = thread.takeSlots().map((shared) => new Uint8Array(shared));
    this.free = this.slots.map((_, i) => i).reverse();
  }

  /** Clears a waiting callback and returns it, so each is called at most once. */
  private take(which: Waiter): Callback | null {
    const cb = this[which];
    this[which] = null;
    return cb;
  }

  private onReply(reply: Reply): void {
    if (reply.op === 'opened') return this.take('opening')?.();
    if (reply.op === 'written') {
      this.free.push(reply.index);
      return this.take('held')?.();
    }
    this.fileClosed = true;
    thread.forget(this.id);
    thread.giveBackSlots(this.slots.map((view) => view.buffer as SharedArrayBuffer));
    if (reply.op === 'done') {
      this.sha256 = reply.sha256;
      this.bytes = reply.bytes;
      this.take('finishing')?.();
    } else if (reply.op === 'failed') {
      this.failure = new SpoolError(reply.message, reply.code);
      (this.take('opening') ?? this.take('held') ?? this.take('finishing'))?.(this.failure);
    }
    this.take('aborting')?.();
  }

  override _construct(callback: Callback): void {
    this.opening = callback;
    const slots = this.slots.map((view) => view.buffer as SharedArrayBuffer);
    thread.post({ id: this.id, op: 'open', path: this.path, slots });
  }

  private send(): void {
    if (this.current < 0 || this.filled === 0) return;
    thread.post({ id: this.id, op: 'write', index: this.current, length: this.filled });
    this.current = -1;
    this.filled = 0;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: Callback): void {
    if (this.failure) return callback(this.failure);
    this.received += chunk.length;
    if (this.limit && this.received > this.limit.maxBytes) return callback(this.limit.tooLarge());
    this.fill(chunk, callback);
  }

  /** Copies a chunk into slots, sending each full one to the thread; waits for a slot when all are out. */
  private fill(chunk: Buffer, callback: Callback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.current < 0) {
        this.current = this.free.pop() ?? -1;
        if (this.current < 0) {
          // Every slot is with the thread: carry on with the rest of this chunk once one comes back.
          const rest = chunk.subarray(at);
          this.held = (e) => (e ? callback(e) : this.fill(rest, callback));
          return;
        }
      }
      const copied = chunk.copy(this.slots[this.current]!, this.filled, at);
      at += copied;
      this.filled += copied;
      if (this.filled === SLOT_BYTES) this.send();
    }
    callback();
  }

  override _final(callback: Callback): void {
    if (this.failure) return callback(this.failure);
    this.send();
    this.finishing = callback;
    thread.post({ id: this.id, op: 'end' });
  }

  override _destroy(error: Error | null, callback: Callback): void {
    if (this.fileClosed) return callback(error);
    // A write waiting for a slot is dropped; the stream closes once the thread has closed the file.
    this.held = this.finishing = this.opening = null;
    this.aborting = () => callback(error);
    thread.post({ id: this.id, op: 'abort' });
  }
}
