import { readRawFrames, writeRawFrames, yuvFrameBytes } from '../talking-face/frames.js';
import { driveMouth, mouthBox, mouthFrame } from '../talking-face/mouth.js';
import { cropFilter, inPatch, patchAround, type Patch } from '../talking-face/patch.js';
import { decodeSpeech, mouthTrack } from '../talking-face/speech.js';
import { landmarksAt, packTrack, trackFace, unpackTrack, type FaceTrack } from '../talking-face/track.js';
import { renderWithPieces } from './local.js';
import { avatarMessages } from './messages.js';
import { AvatarEngineError, type AvatarVideoEngine, type PreparedAvatar, type RenderRequest, type RenderResult } from './types.js';

export const LIPSYNC_ENGINE_ID = 'lipsync';

export interface LipsyncEngineConfig {
  /** Renders at once: each keeps about one core busy with x264 and one with the mouth. */
  maxConcurrency?: number;
  /** x264 preset of the output (speed over size). */
  preset?: string;
  crf?: number;
  audioBitrate?: string;
}

/** Samples per avatar are capped so the stored track stays small (a few hundred KB for 30 minutes). */
const MAX_SAMPLES = 1200;

/** Landmark sampling step: every 5th frame (5 a second), sparser on long clips. */
export function trackStep(frameCount: number): number {
  return Math.max(5, Math.ceil(frameCount / MAX_SAMPLES));
}

/** First samples without any face after which preparation decides the clip has nobody in it. */
const NO_FACE_SAMPLES = 8;

type EngineData = PreparedAvatar['engineData'][string];

/**
 * What the avatar keeps: the packed track, or `noFace` when fewer than a third of the samples show
 * a face (a stray detection on a pattern or a poster is not a presenter).
 */
export function trackData(track: FaceTrack): EngineData {
  const withFace = track.samples.filter((s) => s !== null).length;
  if (withFace === 0 || withFace < track.samples.length / 3) return { noFace: true, faces: 0 };
  return { track: packTrack(track), every: track.every, frames: track.frameCount, faces: track.faces };
}

function storedTrack(avatar: Pick<PreparedAvatar, 'engineData' | 'frameCount'>): FaceTrack | null {
  const d = avatar.engineData[LIPSYNC_ENGINE_ID];
  if (!d || typeof d.track !== 'string' || d.frames !== avatar.frameCount) return null;
  return unpackTrack(d.track, Number(d.every), avatar.frameCount, Number(d.faces) || 1);
}

/** Which mezzanine frame output frame `i` shows: forward, then backward, then forward... */
export function pingPongFrame(i: number, frameCount: number): number {
  const turn = Math.floor(i / frameCount);
  const k = i % frameCount;
  return turn % 2 === 0 ? k : frameCount - 1 - k;
}

/**
 * The avatar's face track: the one stored at preparation, or, for an avatar prepared before this
 * channel was on (or whose tracking failed), found now and handed to the caller to keep.
 */
async function faceTrackOf(req: RenderRequest): Promise<FaceTrack> {
  const { avatar, signal } = req;
  const stored = storedTrack(avatar);
  if (stored) return stored;
  const track = await trackFace(avatar.mezzanine, avatar, { every: trackStep(avatar.frameCount), giveUpAfter: NO_FACE_SAMPLES, signal });
  await req.onEngineData?.(trackData(track));
  return track;
}

/**
 * The patch of the frame the mouth may change anywhere in the frames a render shows: the union of the
 * mouth boxes along the track (the face drifts, the patch covers all its places).
 */
export function mouthPatch(track: FaceTrack, avatar: Pick<PreparedAvatar, 'width' | 'height' | 'frameCount'>, frames: number): Patch | null {
  const shown = Math.min(frames, avatar.frameCount);
  function* boxes() {
    for (let k = 0; k < shown; k++) {
      const face = landmarksAt(track, k);
      if (face) yield mouthBox(mouthFrame(face));
    }
  }
  return patchAround(boxes(), avatar.width, avatar.height);
}

/**
 * Local lip-sync: the avatar clip loops forward and backward as in 1.0 and is encoded again, with
 * only a small patch around the mouth coming from here. One ffmpeg cuts that patch out of each
 * frame; the mouth in it is opened from the speech at the landmarks found at preparation; a second
 * ffmpeg decodes the same clip itself and lays the patch back on each frame before encoding. Only
 * the patch passes through this process, one frame's worth at a time.
 */
export function renderLipsync(req: RenderRequest, config: LipsyncEngineConfig = {}): Promise<RenderResult> {
  const { avatar, audioFile, outFile, signal, onProgress } = req;
  return renderWithPieces(req, async ({ frames, list }) => {
    if (avatar.engineData[LIPSYNC_ENGINE_ID]?.noFace === true) throw new AvatarEngineError('lipsyncNoFace');
    const track = await faceTrackOf(req);
    if (trackData(track).noFace) throw new AvatarEngineError('lipsyncNoFace');
    const patch = mouthPatch(track, avatar, frames);
    if (!patch) throw new AvatarEngineError('lipsyncNoFace');
    const speech = mouthTrack(await decodeSpeech(audioFile, signal), avatar.fps, frames);
    const { fps } = avatar;
    const clip = ['-f', 'concat', '-safe', '0', '-i', list];
    const source = readRawFrames(
      [...clip, '-map', '0:v:0', '-vf', cropFilter(patch), '-frames:v', String(frames)],
      'yuv420p',
      yuvFrameBytes(patch.width, patch.height),
      signal,
    );
    // Both streams are numbered frame by frame, so patch i lands on clip frame i whatever the pieces' timestamps.
    const frameClock = `setpts=N/(${fps}*TB)`;
    const out = writeRawFrames(
      { width: patch.width, height: patch.height, fps, pixFmt: 'yuv420p' },
      [
        ...clip,
        '-i', audioFile,
        '-filter_complex', `[1:v:0]${frameClock}[clip];[0:v:0]${frameClock}[mouth];[clip][mouth]overlay=x=${patch.x}:y=${patch.y}:format=yuv420[v]`,
        '-map', '[v]', '-map', '2:a:0',
        '-c:v', 'libx264', '-preset', config.preset ?? 'veryfast', '-crf', String(config.crf ?? 20), '-pix_fmt', 'yuv420p',
        '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', config.audioBitrate ?? '128k',
        '-frames:v', String(frames),
        '-t', (frames / fps).toFixed(6),
        '-movflags', '+faststart',
        outFile,
      ],
      signal,
    );
    try {
      let i = 0;
      for await (const piece of source) {
        if (i >= frames) break;
        const face = landmarksAt(track, pingPongFrame(i, avatar.frameCount));
        if (face) driveMouth(piece, patch.width, patch.height, inPatch(mouthFrame(face), patch), speech.open[i] ?? 0);
        await out.write(piece);
        i++;
        if (i % 25 === 0) onProgress?.(Math.min(0.99, i / frames));
      }
      await out.finish();
    } catch (e) {
      out.abort();
      throw e;
    }
  });
}

export function createLipsyncEngine(config: LipsyncEngineConfig = {}): AvatarVideoEngine {
  return {
    id: LIPSYNC_ENGINE_ID,
    lipSync: true,
    maxConcurrency: config.maxConcurrency ?? 1,
    // The face and its landmarks are found at preparation and stored with the avatar.
    async prepareAvatar(avatar, opts = {}) {
      try {
        const track = await trackFace(avatar.mezzanine, avatar, {
          every: trackStep(avatar.frameCount),
          giveUpAfter: NO_FACE_SAMPLES,
          signal: opts.signal,
        });
        return { ...avatar, engineData: { ...avatar.engineData, [LIPSYNC_ENGINE_ID]: trackData(track) } };
      } catch (e) {
        if (opts.signal?.aborted) throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
        // The avatar stays usable by every other channel; this one finds the face at its first render.
        return avatar;
      }
    },
    render: (req) => renderLipsync(req, config),
    unusableReason: (avatar) => (avatar.engineData[LIPSYNC_ENGINE_ID]?.noFace === true ? avatarMessages.lipsyncNoFace : null),
  };
}
