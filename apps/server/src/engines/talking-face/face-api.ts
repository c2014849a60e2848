import { createRequire } from 'node:module';
import path from 'node:path';

import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';

type FaceApi = typeof FaceApiModule;

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
let loading: Promise<FaceApi> | null = null;

/**
 * face-api with TensorFlow.js on its WebAssembly backend: the models and the .wasm binaries are
 * read from their npm packages, nothing is fetched. One instance per process, loaded on first use;
 * a single thread, so a render leaves the other core to ffmpeg.
 */
export function faceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const tf = api.tf as unknown as {
      setWasmPaths(p: string): void;
      env(): { set(flag: string, v: boolean): void };
      setBackend(name: string): Promise<boolean>;
      ready(): Promise<void>;
    };
    tf.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js WebAssembly backend did not start');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await api.nets.tinyFaceDetector.loadFromDisk(models);
    await api.nets.ssdMobilenetv1.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    return api;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export interface DetectOptions {
  /** 'tiny' is fast (tracking); 'ssd' finds smaller and turned faces (stills, measurements). */
  detector?: 'tiny' | 'ssd';
  minScore?: number;
}

/** Faces of one RGB frame with their landmarks, largest first. */
export async function detectFaces(rgb: Uint8Array, width: number, height: number, opts: DetectOptions = {}): Promise<DetectedFace[]> {
  const api = await faceApi();
  const input = api.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options =
      opts.detector === 'ssd'
        ? new api.SsdMobilenetv1Options({ minConfidence: opts.minScore ?? 0.4 })
        : new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: opts.minScore ?? 0.4 });
    const found = await api.detectAllFaces(input as never, options).withFaceLandmarks();
    return found
      .map((f) => ({
        box: { x: f.detection.box.x, y: f.detection.box.y, width: f.detection.box.width, height: f.detection.box.height },
        score: f.detection.score,
        landmarks: f.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    input.dispose();
  }
}

/** face-api's 128-number face descriptor of the largest face, or null when there is none. */
export async function faceDescriptor(rgb: Uint8Array, width: number, height: number): Promise<Float32Array | null> {
  const api = await faceApi();
  const input = api.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const found = await api.detectAllFaces(input as never, new api.SsdMobilenetv1Options({ minConfidence: 0.4 })).withFaceLandmarks().withFaceDescriptors();
    const largest = found.sort((a, b) => b.detection.box.area - a.detection.box.area)[0];
    return largest ? largest.descriptor : null;
  } finally {
    input.dispose();
  }
}

/** face-api's 68 landmarks of the face inside `box` (frame pixels), without running a detector. */
export async function landmarksInBox(rgb: Uint8Array, width: number, height: number, box: DetectedFace['box']): Promise<Point[]> {
  const api = await faceApi();
  const input = api.tf.tensor3d(rgb, [height, width, 3], 'int32');
  const rect = new api.Rect(box.x, box.y, box.width, box.height).clipAtImageBorders(width, height);
  const [crop] = await api.extractFaceTensors(input as never, [rect]);
  try {
    const found = await api.nets.faceLandmark68Net.detectLandmarks(crop as never);
    const one = Array.isArray(found) ? found[0]! : found;
    return one.positions.map((p) => ({ x: p.x + rect.x, y: p.y + rect.y }));
  } finally {
    input.dispose();
    crop?.dispose();
  }
}

export function euclidean(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s);
}
