import { readRawFrames, writeRawFrames, yuvFrameBytes } from '../talking-face/frames.js';
import { driveJaw, interiorFor, jawBox, jawFrame, lipColour, type Interior } from '../talking-face/jaw.js';
import { driveMouth, mouthBox, mouthFrame, type MouthLandmarks } from '../talking-face/mouth.js';
import {
  bankSelection,
  chooseMouths,
  indexMouths,
  jawTopUp,
  loadBank,
  MouthCompositor,
  openRange,
  packIndex,
  unpackIndex,
  usableBank,
  type LoadedBank,
  type MouthShape,
} from '../talking-face/mouth-bank.js';
import { cropFilter, inPatch, patchAround, type Patch } from '../talking-face/patch.js';
import { decodeSpeech, mouthTrack, SPEECH_RATE } from '../talking-face/speech.js';
import { landmarksAt, packTrack, trackFace, unpackTrack, type FaceTrack } from '../talking-face/track.js';
import { visemeAt, visemeTrack, type Viseme, type VisemeTrack } from '../talking-face/visemes.js';
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
  /**
   * 'flat' is the first engine (one darkened lens shape from the loudness alone), kept only so the
   * benchmark can measure it beside the current one in the same run.
   */
  drive?: 'current' | 'flat';
  /** Told after each render how its mouths were made (for measurements). */
  onReport?: (report: LipsyncReport) => void;
}

/** How a render's mouths were made. */
export interface LipsyncReport {
  /** 'footage': mouths taken from the avatar's own frames; 'jaw': the jaw-drop warp; 'flat': the first engine. */
  drive: 'footage' | 'jaw' | 'flat';
  frames: number;
  /**
   * Output frames whose viseme is open, and of those the ones showing an open mouth taken from a
   * source frame (opened at least half as far as the sound asks, in the footage's own range).
   */
  openFrames: number;
  footageOpenFrames: number;
  /** For each output frame, the source frame its mouth came from (-1: none). */
  mouthSource: Int32Array;
  /** Footage frames whose borrowed mouth the jaw opened further (it was less open than the sound asked). */
  jawTopUps: number;
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
  const mouths = indexMouths(track.samples, track.every);
  return {
    track: packTrack(track),
    every: track.every,
    frames: track.frameCount,
    faces: track.faces,
    // The mouth index: each sample's mouth shape, for choosing real mouths from the footage at render.
    mouths: packIndex(mouths, track.every),
    footageMouths: usableBank(mouths),
  };
}

/** The avatar's mouth index: stored at preparation, or worked out from the track for older avatars. */
function mouthIndexOf(avatar: Pick<PreparedAvatar, 'engineData'>, track: FaceTrack): MouthShape[] {
  const d = avatar.engineData[LIPSYNC_ENGINE_ID];
  return typeof d?.mouths === 'string' ? unpackIndex(d.mouths, track.every) : indexMouths(track.samples, track.every);
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
export function mouthPatch(
  track: FaceTrack,
  avatar: Pick<PreparedAvatar, 'width' | 'height' | 'frameCount'>,
  frames: number,
  drive: 'current' | 'flat' = 'current',
): Patch | null {
  const shown = Math.min(frames, avatar.frameCount);
  function* boxes() {
    for (let k = 0; k < shown; k++) {
      const face = landmarksAt(track, k);
      if (face) yield drive === 'flat' ? mouthBox(mouthFrame(face)) : jawBox(jawFrame(mouthFrame(face), face));
    }
  }
  return patchAround(boxes(), avatar.width, avatar.height);
}

/** The face's landmarks moved into the patch's own pixels. */
function inPatchLandmarks(m: MouthLandmarks, patch: Patch): MouthLandmarks {
  const move = (p: { x: number; y: number }) => ({ x: p.x - patch.x, y: p.y - patch.y });
  return { chin: move(m.chin), nose: move(m.nose), mouth: m.mouth.map(move) };
}

/** The mouths of the avatar's own footage and the choice per output frame, or null when it has none to use. */
async function footageMouths(req: RenderRequest, track: FaceTrack, visemes: VisemeTrack, frames: number) {
  const { avatar, signal } = req;
  const index = mouthIndexOf(avatar, track);
  if (!usableBank(index)) return null;
  const bank = await loadBank(avatar.mezzanine, avatar, bankSelection(index), track.every, (f) => landmarksAt(track, f), signal);
  if (!bank || !usableBank(bank.shapes)) return null;
  return { bank, openMax: openRange(bank.shapes), choice: chooseMouths(bank.shapes, visemes, frames) };
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
  return renderWithPieces(req, async ({ frames, list, segment }) => {
    if (avatar.engineData[LIPSYNC_ENGINE_ID]?.noFace === true) throw new AvatarEngineError('lipsyncNoFace');
    const track = await faceTrackOf(req);
    if (trackData(track).noFace) throw new AvatarEngineError('lipsyncNoFace');
    const drive = config.drive ?? 'current';
    // The patch, the visemes and the choice of mouths are the whole render's (a segment shows its frames of them).
    const { start, total, skip } = segment;
    const patch = mouthPatch(track, avatar, total, drive);
    if (!patch) throw new AvatarEngineError('lipsyncNoFace');
    const samples = await decodeSpeech(audioFile, signal);
    const flat = drive === 'flat' ? mouthTrack(samples, avatar.fps, total) : null;
    const visemes = visemeTrack(samples, SPEECH_RATE, avatar.fps, total);
    const footage: { bank: LoadedBank; openMax: number; choice: Int32Array } | null = flat ? null : await footageMouths(req, track, visemes, total);
    const compositor = new MouthCompositor();
    let interior: Interior | null = null;
    /** The jaw drive on a patch whose mouth has landmarks `local` (patch pixels); the interior's colour from the first lips it sees. */
    const jaw = (piece: Buffer, local: MouthLandmarks, v: Viseme) => {
      if (!interior) {
        const lips = lipColour(piece, patch.width, patch.height, local);
        interior = interiorFor(lips.u, lips.v);
      }
      driveJaw(piece, patch.width, patch.height, jawFrame(mouthFrame(local), local), v, interior);
    };
    const report: LipsyncReport = {
      drive: flat ? 'flat' : footage ? 'footage' : 'jaw',
      frames,
      openFrames: 0,
      footageOpenFrames: 0,
      mouthSource: new Int32Array(frames).fill(-1),
      jawTopUps: 0,
    };
    const { fps } = avatar;
    const clip = ['-f', 'concat', '-safe', '0', '-i', list];
    // A segment's list starts at its loop turn: the frames before the segment's first are dropped.
    const from = skip > 0 ? `trim=start_frame=${skip},` : '';
    const source = readRawFrames(
      [...clip, '-map', '0:v:0', '-vf', `${from}${cropFilter(patch)}`, '-frames:v', String(frames)],
      'yuv420p',
      yuvFrameBytes(patch.width, patch.height),
      signal,
    );
    // Both streams are numbered frame by frame, so patch i lands on clip frame i whatever the pieces' timestamps.
    const frameClock = `setpts=N/(${fps}*TB)`;
    // What the order asks beyond the lips (backdrop, captions, music) is drawn in this same encode.
    const whole = !req.segment;
    const finish = !whole ? undefined : req.finish?.(
      { video: '[lips]', audio: '[2:a:0]', width: avatar.width, height: avatar.height, fps, duration: frames / fps, hasVideo: true, hasAudio: true },
      3,
    );
    const out = writeRawFrames(
      { width: patch.width, height: patch.height, fps, pixFmt: 'yuv420p' },
      [
        ...clip,
        ...(whole ? ['-i', audioFile] : []),
        ...(finish?.inputs ?? []),
        '-filter_complex',
        [`[1:v:0]${from}${frameClock}[clip];[0:v:0]${frameClock}[mouth];[clip][mouth]overlay=x=${patch.x}:y=${patch.y}:format=yuv420[lips]`, ...(finish?.filters ?? [])].join(';'),
        '-map', finish?.video ?? '[lips]',
        ...(whole ? ['-map', finish?.audio ?? '2:a:0'] : ['-an']),
        '-c:v', 'libx264', '-preset', config.preset ?? 'veryfast', '-crf', String(config.crf ?? 20), '-pix_fmt', 'yuv420p',
        '-x264-params', 'sliced-threads=1',
        ...(whole ? ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', config.audioBitrate ?? '128k'] : []),
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
        // `g`: the frame of the whole render this one is (the same as `i` unless this is a later segment).
        const g = start + i;
        const face = landmarksAt(track, pingPongFrame(g, avatar.frameCount));
        const viseme = visemeAt(visemes, g);
        const open = viseme.open > 0.15;
        if (open) report.openFrames++;
        if (face && flat) driveMouth(piece, patch.width, patch.height, inPatch(mouthFrame(face), patch), flat.open[g] ?? 0);
        else if (face && footage) {
          const k = footage.choice[g]!;
          const shape = footage.bank.shapes[k]!;
          const shown = compositor.composite(footage.bank, k, piece, patch, face);
          report.mouthSource[i] = shape.frame;
          if (open && shape.open >= 0.5 * viseme.open * footage.openMax) report.footageOpenFrames++;
          // The borrowed mouth less open than the sound asks: the jaw opens it the rest of the way.
          const more = jawTopUp(viseme.open, shape.open, footage.openMax);
          if (more > 0) {
            report.jawTopUps++;
            jaw(piece, inPatchLandmarks(shown, patch), { open: more, a: viseme.a, i: 0, u: 0, m: 0 });
          }
        } else if (face) jaw(piece, inPatchLandmarks(face, patch), viseme);
        await out.write(piece);
        i++;
        if (i % 25 === 0) onProgress?.(Math.min(0.99, i / frames));
      }
      await out.finish();
      config.onReport?.(report);
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
    drawsGivenFootage: true,
    finishesInEncode: true,
    segments: true,
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
