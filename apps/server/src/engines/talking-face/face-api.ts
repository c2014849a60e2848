import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A point in frame pixels. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A rectangle of the frame that may be turned: centre, size and the angle (radians, clockwise on
 * screen) of its x axis. A face's region turned by the face's roll holds the face upright.
 */
export interface FaceRegion {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

export interface DetectedFace {
  /** The detector's box in frame pixels (for a face found in a turned view: its upright bounds). */
  box: { x: number; y: number; width: number; height: number };
  /** The detector's box as found, in the (maybe turned) view it was found in. */
  region: FaceRegion;
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
// A view of the frame: the region (centre, size, clockwise angle) resampled bilinearly to
// outW x outH, outside the frame black; and the map from view pixels back to frame pixels.
function view(rgb, W, H, r, outW, outH) {
  const cos = Math.cos(r.angle || 0);
  const sin = Math.sin(r.angle || 0);
  const sx = r.width / outW;
  const sy = r.height / outH;
  const toFrame = (x, y) => {
    const u = x * sx - r.width / 2;
    const v = y * sy - r.height / 2;
    return { x: r.cx + u * cos - v * sin, y: r.cy + u * sin + v * cos };
  };
  const out = new Uint8Array(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const p = toFrame(x + 0.5, y + 0.5);
      const fx = p.x - 0.5;
      const fy = p.y - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      if (x0 < -1 || y0 < -1 || x0 >= W || y0 >= H) continue;
      const ax = fx - x0;
      const ay = fy - y0;
      const o = (y * outW + x) * 3;
      for (let c = 0; c < 3; c++) {
        const at = (xx, yy) => (xx < 0 || yy < 0 || xx >= W || yy >= H ? 0 : rgb[(yy * W + xx) * 3 + c]);
        const top = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax;
        const bottom = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax;
        out[o + c] = top * (1 - ay) + bottom * ay + 0.5;
      }
    }
  }
  return { rgb: out, toFrame };
}
// Pixels of a view at most 'side' on its long side, never enlarged.
function viewSize(r, side) {
  const k = Math.min(1, side / Math.max(r.width, r.height));
  return [Math.max(8, Math.round(r.width * k)), Math.max(8, Math.round(r.height * k))];
}
const faces = (found, toFrame, r) => found
  .map((f) => {
    const b = f.detection.box;
    const corners = [toFrame(b.x, b.y), toFrame(b.x + b.width, b.y), toFrame(b.x, b.y + b.height), toFrame(b.x + b.width, b.y + b.height)];
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const centre = toFrame(b.x + b.width / 2, b.y + b.height / 2);
    const scale = r ? r.width / f.detection.imageWidth : 1;
    return {
      box: { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
      region: { cx: centre.x, cy: centre.y, width: b.width * scale, height: b.height * scale, angle: r ? r.angle || 0 : 0 },
      score: f.detection.score,
      landmarks: f.landmarks.positions.map((p) => toFrame(p.x, p.y)),
    };
  })
  .sort((p, q) => q.box.width * q.box.height - p.box.width * p.box.height);
async function run(m) {
  const a = await api();
  if (m.op === 'region-landmarks') {
    await nets(a, ['faceLandmark68Net']);
    const [w, h] = viewSize(m.region, 160);
    const v = view(m.rgb, m.width, m.height, m.region, w, h);
    const crop = a.tf.tensor3d(v.rgb, [h, w, 3], 'int32');
    try {
      const found = await a.nets.faceLandmark68Net.detectLandmarks(crop);
      const one = Array.isArray(found) ? found[0] : found;
      return one.positions.map((p) => v.toFrame(p.x, p.y));
    } finally {
      crop.dispose();
    }
  }
  let toFrame = (x, y) => ({ x, y });
  let input;
  if (m.op === 'detect' && m.opts.region) {
    const [w, h] = viewSize(m.opts.region, 640);
    const v = view(m.rgb, m.width, m.height, m.opts.region, w, h);
    toFrame = v.toFrame;
    input = a.tf.tensor3d(v.rgb, [h, w, 3], 'int32');
  } else input = a.tf.tensor3d(m.rgb, [m.height, m.width, 3], 'int32');
  try {
    if (m.op === 'detect') {
      const ssd = m.opts.detector === 'ssd';
      await nets(a, [ssd ? 'ssdMobilenetv1' : 'tinyFaceDetector', 'faceLandmark68Net']);
      const options = ssd
        ? new a.SsdMobilenetv1Options({ minConfidence: m.opts.minScore ?? 0.4 })
        : new a.TinyFaceDetectorOptions({ inputSize: m.opts.inputSize ?? 416, scoreThreshold: m.opts.minScore ?? 0.4 });
      return faces(await a.detectAllFaces(input, options).withFaceLandmarks(), toFrame, m.opts.region);
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
  | { op: 'landmarks'; box: DetectedFace['box'] }
  | { op: 'region-landmarks'; region: FaceRegion };

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
  /** The tiny detector's input side (a multiple of 32, default 416): smaller is faster, larger finds smaller faces. */
  inputSize?: number;
  /** Look only inside this region of the frame, turned upright by its angle (a face tilted that far stands straight). */
  region?: FaceRegion;
}

/** Faces of one RGB frame (or of `opts.region`) with their landmarks, largest first. */
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

/**
 * face-api's 68 landmarks of the face inside a region that may be turned: the region is cut out
 * upright (a face tilted by the region's angle stands straight for the landmark net) and the points
 * are given back in frame pixels.
 */
export function landmarksInRegion(rgb: Uint8Array, width: number, height: number, region: FaceRegion): Promise<Point[]> {
  return thread.ask({ op: 'region-landmarks', region }, rgb, width, height);
}

export function euclidean(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s);
}
