import { MediaToolError, probe, probeSpeech, runTool, stillSize, type MediaInfo } from '../../platform/media/ffmpeg.js';
import { detectFaces, releaseFaceThread } from '../talking-face/face-api.js';
import { blinkEye, blinkTrack, eyeBox, eyeFrame } from '../talking-face/eyes.js';
import { framePool, writeRawFrames, yuvFrameBytes } from '../talking-face/frames.js';
import { driveJaw, interiorFor, jawBox, jawFrame, lipColour } from '../talking-face/jaw.js';
import { driveMouth, mouthBox, mouthFrame, mouthLandmarksOf } from '../talking-face/mouth.js';
import { copyPatch, inPatch, pastePatch, patchAround } from '../talking-face/patch.js';
import { decodeSpeech, mouthTrack, SPEECH_RATE } from '../talking-face/speech.js';
import { visemeAt, visemeTrack } from '../talking-face/visemes.js';
import { warpFrame, type Affine } from '../talking-face/warp.js';
import { photoMessages } from './messages.js';
import { PhotoEngineError, type PhotoRenderRequest, type PhotoRenderResult, type PhotoVideoEngine } from './types.js';

export interface LocalPhotoConfig {
  /** Short side of the clip (default 720; at most 1080). */
  maxShortSide?: number;
  fps?: number;
  preset?: string;
  crf?: number;
  maxConcurrency?: number;
  /** 'flat' is the first mouth drive (one darkened lens shape from the loudness), kept for the benchmark's comparison. */
  drive?: 'current' | 'flat';
}

/** Clip size: the picture's shape, short side capped, long side at most 1920, both even. */
export function photoClipSize(width: number, height: number, maxShortSide: number): { width: number; height: number } {
  const scale = Math.min(1, Math.min(1080, maxShortSide) / Math.min(width, height), 1920 / Math.max(width, height));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** The clip made of a picture of this size: its frame (`photoClipSize`) and rate. */
const clipOf = (picture: { width: number; height: number }, config: LocalPhotoConfig) => ({
  ...photoClipSize(picture.width, picture.height, config.maxShortSide ?? 720),
  fps: config.fps ?? 25,
});

/**
 * Whole-picture motion at frame `i`: a sway of ±0.6° about the centre every 5.3 s, and breathing — a
 * 1 % zoom and a slight rise every 3.7 s. The picture is zoomed in 4–6 % so its edges never show.
 * Returns where each output pixel reads the picture from.
 */
export function swayAt(i: number, fps: number, width: number, height: number): Affine {
  const angle = 0.0105 * Math.sin((2 * Math.PI * i) / (fps * 5.3));
  const zoom = 1.05 + 0.01 * Math.sin((2 * Math.PI * i) / (fps * 3.7));
  const rise = 0.004 * height * Math.sin((2 * Math.PI * i) / (fps * 3.7) + 0.5);
  const c = Math.cos(angle) / zoom;
  const s = Math.sin(angle) / zoom;
  const cx = width / 2;
  const cy = height / 2;
  return { m00: c, m01: s, m10: -s, m11: c, tx: cx - c * cx - s * cy, ty: cy + s * cx - c * cy + rise };
}

/** The picture's size (its first video stream, which for a still is the mjpeg/png image itself). */
export async function imageSize(image: string, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await stillSize(image, { signal, timeoutMs: 60_000 });
    if (!(width >= 16 && height >= 16)) throw new PhotoEngineError('imageUnreadable');
    return { width, height };
  } catch (e) {
    if (e instanceof MediaToolError) throw new PhotoEngineError('imageUnreadable', false, { cause: e });
    throw e;
  }
}

const speechInfo = (file: string, signal?: AbortSignal): Promise<MediaInfo> =>
  probeSpeech(
    file,
    (why, cause) => new PhotoEngineError(why === 'empty' ? 'audioEmpty' : 'audioUnreadable', false, { cause }),
    {
      signal,
    },
  );

/** The still decoded once into raw frames of `pixFmt`, scaled to `size`. */
export function decodeStill(
  image: string,
  size: { width: number; height: number },
  pixFmt: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  return runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      image,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size.width}:${size.height}:flags=bicubic`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      pixFmt,
      'pipe:1',
    ],
    { signal },
  );
}

/**
 * A talking clip from one still: the largest face's mouth follows the speech and its eyes blink,
 * and the whole picture sways and breathes. With no face, only the whole picture moves and the
 * result says so.
 */
export async function renderPhotoLocal(
  req: PhotoRenderRequest,
  config: LocalPhotoConfig = {},
): Promise<PhotoRenderResult> {
  const { image, audioFile, outFile, signal, onProgress } = req;
  onProgress?.(0);
  const picture = await imageSize(image, signal);
  const audio = await speechInfo(audioFile, signal);
  const { width, height, fps } = clipOf(picture, config);
  const frames = Math.max(1, Math.round(audio.duration * fps));
  try {
    const base = await decodeStill(image, { width, height }, 'yuv420p', signal);
    const faces = await detectFaces(await decodeStill(image, { width, height }, 'rgb24', signal), width, height, {
      detector: 'ssd',
      minScore: 0.5,
    });
    // The detector's memory goes back before x264 starts.
    releaseFaceThread();
    // A face smaller than 1/25 of the short side is a detail of the picture, not its subject.
    const face = faces[0] && faces[0].box.width >= Math.min(width, height) / 25 ? faces[0] : undefined;
    const lips = face ? mouthLandmarksOf(face.landmarks) : null;
    // A still has no other mouths to borrow: the jaw drops and the lips shape the sound.
    const mouth = lips ? jawFrame(mouthFrame(lips), lips) : null;
    const eyes = face ? [eyeFrame(face.landmarks.slice(36, 42)), eyeFrame(face.landmarks.slice(42, 48))] : [];
    const samples = face ? await decodeSpeech(audioFile, signal) : null;
    const visemes = samples ? visemeTrack(samples, SPEECH_RATE, fps, frames) : null;
    const flat = samples && config.drive === 'flat' ? mouthTrack(samples, fps, frames).open : null;
    const colour = lips ? lipColour(base, width, height, lips) : null;
    const interior = colour ? interiorFor(colour.u, colour.v) : null;
    const blinks = blinkTrack(frames, fps);
    // The face parts change only inside their patch: it is restored from the still and driven each frame.
    const patch =
      face && mouth ? patchAround([flat ? mouthBox(mouth) : jawBox(mouth), ...eyes.map(eyeBox)], width, height) : null;
    const pristine = patch ? Buffer.alloc(yuvFrameBytes(patch.width, patch.height)) : null;
    const driven = pristine ? Buffer.alloc(pristine.length) : null;
    if (patch && pristine) copyPatch(base, width, height, patch, pristine);
    const out = writeRawFrames(
      { width, height, fps, pixFmt: 'yuv420p' },
      [
        '-i',
        audioFile,
        '-map',
        '0:v:0',
        '-map',
        '1:a:0',
        '-c:v',
        'libx264',
        '-preset',
        config.preset ?? 'veryfast',
        '-crf',
        String(config.crf ?? 20),
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-aac_coder',
        'fast',
        '-b:a',
        '128k',
        '-t',
        (frames / fps).toFixed(6),
        '-movflags',
        '+faststart',
        outFile,
      ],
      signal,
    );
    const pool = framePool(base.length);
    try {
      for (let i = 0; i < frames; i++) {
        if (patch && pristine && driven && mouth && visemes && interior) {
          driven.set(pristine);
          if (flat) driveMouth(driven, patch.width, patch.height, inPatch(mouth, patch), flat[i] ?? 0);
          else driveJaw(driven, patch.width, patch.height, inPatch(mouth, patch), visemeAt(visemes, i), interior);
          for (const eye of eyes) blinkEye(driven, patch.width, patch.height, inPatch(eye, patch), blinks[i] ?? 0);
          pastePatch(driven, patch, base, width, height);
        }
        const frame = await pool.take();
        warpFrame(base, frame, width, height, swayAt(i, fps, width, height));
        await out.write(frame, () => pool.give(frame));
        if (i % 25 === 0) onProgress?.(Math.min(0.99, i / frames));
      }
      await out.finish();
    } catch (e) {
      out.abort();
      throw e;
    }
    const result = await probe(outFile, { signal });
    onProgress?.(1);
    const note = !face ? photoMessages.noFaceAnimated : faces.length > 1 ? photoMessages.largestFaceOnly : null;
    return { file: outFile, duration: result.duration, width, height, faceAnimated: !!face, faces: faces.length, note };
  } catch (e) {
    if (signal?.aborted) throw new PhotoEngineError('cancelled', false, { cause: e });
    if (e instanceof MediaToolError) throw new PhotoEngineError('renderFailed', true, { cause: e });
    throw e;
  }
}

export function createLocalPhotoEngine(config: LocalPhotoConfig = {}): PhotoVideoEngine {
  // Its own id: slots are per engine id over all works, and the avatar engine is 'local'.
  return {
    id: 'photo-local',
    maxConcurrency: config.maxConcurrency ?? 1,
    clipPicture: (picture) => clipOf(picture, config),
    render: (req) => renderPhotoLocal(req, config),
  };
}
