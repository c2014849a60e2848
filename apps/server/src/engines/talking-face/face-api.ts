import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A point in frame pixels. */
export interface Point {
  x: number;
  y: number;
}

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks of face-api (iBUG 300-W order), in frame pixels. */
  landmarks: Point[];
}

const require = createRequire(import.meta.url);

/**
 * The face thread: face-api with TensorFlow.js on its WebAssembly backend, the models and the .wasm
 * binaries read from their npm packages (nothing is fetched), each net loaded on first use. It runs
 * apart from the event loop and ends after a few idle seconds: the WebAssembly heap only ever grows
 * (a few hundred MB once the detectors have run), and ending the thread gives that back between
 * preparations. Plain CommonJS, run with `eval`, so it works both bundled and from sources.
 */
const THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { faceApiPath, wasmDir, modelsDir } = workerData;
let loading = null;
const loaded = new Set();
function api() {
  loading = loading || (async () => {
    const a = require(faceApiPath);
    a.tf.setWasmPaths(wasmDir);
    a.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await a.tf.setBackend('wasm'))) throw new Error('TensorFlow.js WebAssembly backend did not start');
    await a.tf.ready();
    return a;
  })();
  return loading;
}
async function nets(a, names) {
  for (const n of names) {
    if (loaded.has(n)) continue;
    await a.nets[n].loadFromDisk(modelsDir);
    loaded.add(n);
  }
}
const faces = (found) => found
  .map((f) => ({
    box: { x: f.detection.box.x, y: f.detection.box.y, width: f.detection.box.width, height: f.detection.box.height },
    score: f.detection.score,
    landmarks: f.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
  }))
  .sort((p, q) => q.box.width * q.box.height - p.box.width * p.box.height);
async function run(m) {
  const a = await api();
  const input = a.tf.tensor3d(m.rgb, [m.height, m.width, 3], 'int32');
  try {
    if (m.op === 'detect') {
      const ssd = m.opts.detector === 'ssd';
      await nets(a, [ssd ? 'ssdMobilenetv1' : 'tinyFaceDetector', 'faceLandmark68Net']);
      const options = ssd
        ? new a.SsdMobilenetv1Options({ minConfidence: m.opts.minScore ?? 0.4 })
        : new a.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: m.opts.minScore ?? 0.4 });
      return faces(await a.detectAllFaces(input, options).withFaceLandmarks());
    }
    if (m.op === 'descriptor') {
      await nets(a, ['ssdMobilenetv1', 'faceLandmark68Net', 'faceRecognitionNet']);
      const found = await a.detectAllFaces(input, new a.SsdMobilenetv1Options({ minConfidence: 0.4 })).withFaceLandmarks().withFaceDescriptors();
      const largest = found.sort((p, q) => q.detection.box.area - p.detection.box.area)[0];
      return largest ? Array.from(largest.descriptor) : null;
    }
    await nets(a, ['faceLandmark68Net']);
    const rect = new a.Rect(m.box.x, m.box.y, m.box.width, m.box.height).clipAtImageBorders(m.width, m.height);
    const [crop] = await a.extractFaceTensors(input, [rect]);
    try {
      const found = await a.nets.faceLandmark68Net.detectLandmarks(crop);
      const one = Array.isArray(found) ? found[0] : found;
      return one.positions.map((p) => ({ x: p.x + rect.x, y: p.y + rect.y }));
    } finally {
      if (crop) crop.dispose();
    }
  } finally {
    input.dispose();
  }
}
// One request at a time: the backend is single-threaded anyway.
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue.then(() => run(m)).then(
    (value) => parentPort.postMessage({ id: m.id, value }),
    (e) => parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) }),
  );
});
`;

/** Seconds without a request after which the thread ends and its memory goes back. */
const IDLE_MS = 2000;

type Request =
  | { op: 'detect'; opts: DetectOptions }
  | { op: 'descriptor' }
  | { op: 'landmarks'; box: DetectedFace['box'] };

class FaceThread {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private idle: NodeJS.Timeout | null = null;

  ask<T>(request: Request, rgb: Uint8Array, width: number, height: number): Promise<T> {
    const worker = this.ensure();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = this.next++;
    // A view into a larger buffer would be cloned whole: send just its bytes.
    const own = rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength ? rgb : rgb.slice();
    // The process stays up while an answer is awaited, and only then.
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...request, rgb: own, width, height });
    });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const dist = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        faceApiPath: require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'),
        wasmDir: dist,
        modelsDir: path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
      },
    });
    worker.on('message', (reply: { id: number; value?: unknown; error?: string }) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) w?.reject(new Error(reply.error));
      else w?.resolve(reply.value);
      if (this.waiting.size === 0) {
        worker.unref();
        this.idleSoon(worker);
      }
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, w] of [...this.waiting]) {
        this.waiting.delete(id);
        w.reject(new Error(why));
      }
    };
    worker.on('error', (e) => lost(`face thread failed: ${e.message}`));
    worker.on('exit', (code) => lost(`face thread exited with ${code}`));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread now if no answer is awaited (a batch of work is done); the next request starts it again. */
  release(): void {
    const worker = this.worker;
    if (!worker || this.waiting.size > 0) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.worker = null;
    void worker.terminate();
  }

  private idleSoon(worker: Worker): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.idle = null;
      if (this.worker !== worker || this.waiting.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }
}

const thread = new FaceThread();

/**
 * Gives the face thread's memory back at once when nothing is waiting on it: for the end of a batch
 * (a clip's landmarks, a photo's faces) that is followed by heavy encoding.
 */
export function releaseFaceThread(): void {
  thread.release();
}

export interface DetectOptions {
  /** 'tiny' is fast (tracking); 'ssd' finds smaller and turned faces (stills, measurements). */
  detector?: 'tiny' | 'ssd';
  minScore?: number;
}

/** Faces of one RGB frame with their landmarks, largest first. */
export function detectFaces(rgb: Uint8Array, width: number, height: number, opts: DetectOptions = {}): Promise<DetectedFace[]> {
  return thread.ask({ op: 'detect', opts }, rgb, width, height);
}

/** face-api's 128-number face descriptor of the largest face, or null when there is none. */
export async function faceDescriptor(rgb: Uint8Array, width: number, height: number): Promise<Float32Array | null> {
  const d = await thread.ask<number[] | null>({ op: 'descriptor' }, rgb, width, height);
  return d ? Float32Array.from(d) : null;
}

/** face-api's 68 landmarks of the face inside `box` (frame pixels), without running a detector. */
export function landmarksInBox(rgb: Uint8Array, width: number, height: number, box: DetectedFace['box']): Promise<Point[]> {
  return thread.ask({ op: 'landmarks', box }, rgb, width, height);
}

export function euclidean(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s);
}
