import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIVE_STEADY_POINTS, type LiveAtlasMeta, type LiveSprite } from '@app/contract';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import type { Point } from './face-api.js';
import { readRawFrames, yuvFrameBytes } from './frames.js';
import { driveJaw, interiorFor, jawFrame, lipColour, MAX_JAW_GAP } from './jaw.js';
import { mouthFrame, type MouthLandmarks } from './mouth.js';
import { openRange, usableBank, type MouthShape } from './mouth-bank.js';
import { landmarksAt, type FaceTrack } from './track.js';
import { smoothstep } from './warp.js';
import type { Viseme } from './visemes.js';

/**
 * The live avatar's assets, for the browser to animate the avatar itself while it answers: an idle
 * loop of the footage (forward then backward, so it repeats without a jump), an atlas of mouth sprites
 * (the avatar's own mouths picked from its mouth index, or, for photo-like footage, its rest mouth
 * opened by the jaw warp), and the face track the sprites are aligned by on each loop frame.
 */

export const LIVE_FILES = { loop: 'live-loop.mp4', atlas: 'live-atlas.png', meta: 'live-meta.json' } as const;

/** The loop's short side at most (the browser draws it on every frame). */
export const LIVE_MAX_SHORT_SIDE = 720;
/** Forward frames of the loop at most (15 s, a 30 s loop): idling needs no more, and a long clip would weigh tens of MB. */
export const LIVE_MAX_FORWARD = 375;
/** Sprites at most, and their side in the atlas (pixels). */
export const LIVE_MAX_SPRITES = 24;
const SPRITE_SIDE = 160;
const ATLAS_COLUMNS = 6;

/** The steady points of a mouth (the alignment points of the footage mouths): nose tip, corners, upper lip top. */
export function steadyPoints(m: MouthLandmarks): Point[] {
  return [m.nose, m.mouth[0]!, m.mouth[6]!, m.mouth[2]!, m.mouth[3]!, m.mouth[4]!];
}

const scaled = (m: MouthLandmarks, sx: number, sy: number): MouthLandmarks => {
  const s = (p: Point) => ({ x: p.x * sx, y: p.y * sy });
  return { chin: s(m.chin), nose: s(m.nose), mouth: m.mouth.map(s) };
};

const flat = (points: Point[]) => points.flatMap((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]);

/** The loop's size: the mezzanine's, its short side held to LIVE_MAX_SHORT_SIDE, both sides even. */
export function loopSize(width: number, height: number): { width: number; height: number } {
  const s = Math.min(1, LIVE_MAX_SHORT_SIDE / Math.min(width, height));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * s) / 2));
  return { width: even(width), height: even(height) };
}

/**
 * Up to `max` mouths of the index, spread over the shapes: the rest mouth first (the most closed of
 * usual width), then each time the mouth least like every one taken (openness counted in sixths of
 * the footage's range, width and rounding in steps of 0.06), after leaving out the odd readings
 * (widths and roundings beyond the 3rd–97th percentiles).
 */
export function atlasSelection(index: MouthShape[], max = LIVE_MAX_SPRITES): MouthShape[] {
  if (index.length === 0) return [];
  const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.round(q * (xs.length - 1))]!;
  const widths = index.map((s) => s.width);
  const rounds = index.map((s) => s.round);
  const [w0, w1, r0, r1] = [pct(widths, 0.03), pct(widths, 0.97), pct(rounds, 0.03), pct(rounds, 0.97)];
  const kept = index.filter((s) => s.width >= w0 && s.width <= w1 && s.round >= r0 && s.round <= r1);
  const pool = kept.length > 0 ? kept : index;
  const openUnit = openRange(pool) / 6;
  const roundMid = pct(rounds, 0.5);
  const coords = pool.map((s) => [s.open / openUnit, (s.width - 1) / 0.06, (s.round - roundMid) / 0.06] as const);
  const d2 = (a: readonly number[], b: readonly number[]) =>
    (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2;
  // The rest: among the most closed tenth, the one of the most usual width.
  const byOpen = pool.map((_, k) => k).sort((a, b) => pool[a]!.open - pool[b]!.open);
  const closed = byOpen.slice(0, Math.max(1, Math.ceil(pool.length / 10)));
  const rest = closed.reduce(
    (best, k) => (Math.abs(pool[k]!.width - 1) < Math.abs(pool[best]!.width - 1) ? k : best),
    closed[0]!,
  );
  const taken = [rest];
  const nearest = coords.map((c) => d2(c, coords[rest]!));
  while (taken.length < Math.min(max, pool.length)) {
    let far = -1;
    for (let k = 0; k < pool.length; k++) if (nearest[k]! > 0 && (far < 0 || nearest[k]! > nearest[far]!)) far = k;
    if (far < 0) break;
    taken.push(far);
    for (let k = 0; k < pool.length; k++) nearest[k] = Math.min(nearest[k]!, d2(coords[k]!, coords[far]!));
  }
  return taken.map((k) => pool[k]!);
}

/** The jaw-drop mouths of a footage without its own open mouths: openness levels, spread and rounded ones. */
export const JAW_VISEMES: Viseme[] = [
  ...[0, 0.15, 0.3, 0.45, 0.6, 0.8, 1].map((open) => ({ open, a: 0, i: 0, u: 0, m: open === 0 ? 1 : 0 })),
  ...[0.2, 0.45, 0.7].map((open) => ({ open, a: 0, i: 1, u: 0, m: 0 })),
  ...[0.2, 0.45, 0.7].map((open) => ({ open, a: 0, i: 0, u: 1, m: 0 })),
  { open: 0.9, a: 1, i: 0, u: 0, m: 0 },
];

/** Where a sprite's mask lies on its source frame: an ellipse in the mouth's own frame, and the square cut around it. */
interface SpriteGeometry {
  /** Mouth frame: origin at the corners' midpoint, x along the mouth, y down. */
  ox: number;
  oy: number;
  ux: number;
  uy: number;
  /** Ellipse centre (local y) and half axes; the feather (frame pixels). */
  cy: number;
  a: number;
  b: number;
  feather: number;
  /** The square cut (frame pixels): top-left corner and side. */
  x0: number;
  y0: number;
  side: number;
}

/**
 * The mask of a sprite: from under the nose to below the chin, a little wider than the mouth's
 * reach, so an opened jaw stays inside it; the square around it is what the atlas keeps.
 */
function spriteGeometry(m: MouthLandmarks): SpriteGeometry {
  const L = m.mouth[0]!;
  const R = m.mouth[6]!;
  const len = Math.hypot(R.x - L.x, R.y - L.y) || 1;
  const half = len / 2;
  const ux = (R.x - L.x) / len;
  const uy = (R.y - L.y) / len;
  const ox = (L.x + R.x) / 2;
  const oy = (L.y + R.y) / 2;
  const localY = (p: Point) => -(p.x - ox) * uy + (p.y - oy) * ux;
  const top = Math.min(-half * 0.4, localY(m.nose) * 0.8);
  const bottom = Math.max(half * 1.6, localY(m.chin)) + half * 0.9;
  const cy = (top + bottom) / 2;
  const a = half * 1.7;
  const b = (bottom - top) / 2;
  const side = Math.ceil(Math.max(2 * a, 2 * b) * 1.06);
  const cx = ox - cy * uy;
  const cyFrame = oy + cy * ux;
  return { ox, oy, ux, uy, cy, a, b, feather: half * 0.45, x0: cx - side / 2, y0: cyFrame - side / 2, side };
}

/** BT.601 limited-range YUV to RGB, the matrix the loop is tagged with (so the browser decodes it the same way). */
function yuvToRgb(y: number, u: number, v: number, out: Uint8Array, at: number): void {
  const c = 1.164 * (y - 16);
  const d = u - 128;
  const e = v - 128;
  const clamp = (n: number) => (n < 0 ? 0 : n > 255 ? 255 : Math.round(n));
  out[at] = clamp(c + 1.596 * e);
  out[at + 1] = clamp(c - 0.392 * d - 0.813 * e);
  out[at + 2] = clamp(c + 2.017 * d);
}

/** Bilinear read of one plane of a yuv420p frame at plane pixel (x, y), held inside it. */
function planeAt(data: Buffer, offset: number, w: number, h: number, x: number, y: number): number {
  const cx = x <= 0 ? 0 : x >= w - 1 ? w - 1.001 : x;
  const cy = y <= 0 ? 0 : y >= h - 1 ? h - 1.001 : y;
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = offset + y0 * w + x0;
  const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
  const bottom = data[i + w]! + (data[i + w + 1]! - data[i + w]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Cuts the sprite of mouth `m` out of a yuv420p frame into the atlas (RGBA, `atlasWidth` wide) at
 * (ax, ay), scaled to SPRITE_SIDE, with the feathered mask in its alpha. Returns its steady points
 * in sprite pixels.
 */
function cutSprite(
  frame: Buffer,
  width: number,
  height: number,
  m: MouthLandmarks,
  atlas: Uint8Array,
  atlasWidth: number,
  ax: number,
  ay: number,
) {
  const g = spriteGeometry(m);
  const k = SPRITE_SIDE / g.side;
  const cw = width / 2;
  const ch = height / 2;
  const uOff = width * height;
  const vOff = uOff + cw * ch;
  for (let sy = 0; sy < SPRITE_SIDE; sy++)
    for (let sx = 0; sx < SPRITE_SIDE; sx++) {
      const X = g.x0 + (sx + 0.5) / k - 0.5;
      const Y = g.y0 + (sy + 0.5) / k - 0.5;
      const at = ((ay + sy) * atlasWidth + ax + sx) * 4;
      const lx = (X - g.ox) * g.ux + (Y - g.oy) * g.uy;
      const ly = -(X - g.ox) * g.uy + (Y - g.oy) * g.ux - g.cy;
      const r = Math.hypot(lx / g.a, ly / g.b);
      // Distance inside the ellipse, roughly, in frame pixels; the frame's own edge fades out too.
      const inside = (1 - r) * Math.min(g.a, g.b);
      const edge = Math.min(X, Y, width - 1 - X, height - 1 - Y);
      const alpha = smoothstep(Math.min(inside / g.feather, edge / 2));
      yuvToRgb(
        planeAt(frame, 0, width, height, X, Y),
        planeAt(frame, uOff, cw, ch, (X + 0.5) / 2 - 0.5, (Y + 0.5) / 2 - 0.5),
        planeAt(frame, vOff, cw, ch, (X + 0.5) / 2 - 0.5, (Y + 0.5) / 2 - 0.5),
        atlas,
        at,
      );
      atlas[at + 3] = Math.round(Math.max(0, Math.min(1, alpha)) * 255);
    }
  return { points: steadyPoints(m).map((p) => ({ x: (p.x - g.x0) * k, y: (p.y - g.y0) * k })), feather: g.feather * k };
}

/** The prepared avatar the assets are made from (local paths of its mezzanine pair). */
export interface LiveAtlasSource {
  mezzanine: string;
  reversed: string;
  width: number;
  height: number;
  fps: number;
  frameCount: number;
}

export class LiveAtlasNoFace extends Error {}

/** Writes the loop: the first forward frames, then the same played backwards (from the reversed copy), scaled, 25 fps. */
async function writeLoop(
  src: LiveAtlasSource,
  size: { width: number; height: number },
  forward: number,
  out: string,
  signal?: AbortSignal,
) {
  const skip = src.frameCount - forward;
  const chain = `trim=end_frame=${forward},setpts=PTS-STARTPTS,scale=${size.width}:${size.height}:flags=bicubic,setsar=1`;
  await ffmpeg(
    [
      '-i',
      src.mezzanine,
      ...(skip > 0 ? ['-ss', (skip / src.fps).toFixed(6)] : []),
      '-i',
      src.reversed,
      '-filter_complex',
      `[0:v:0]${chain}[a];[1:v:0]${chain}[b];[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]`,
      '-map',
      '[v]',
      '-frames:v',
      String(forward * 2),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(src.fps),
      '-g',
      String(src.fps * 2),
      // The atlas's colours are worked out with this matrix: the browser must decode the loop with it too.
      '-colorspace',
      'smpte170m',
      '-color_primaries',
      'smpte170m',
      '-color_trc',
      'smpte170m',
      '-color_range',
      'tv',
      '-an',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      out,
    ],
    { signal },
  );
}

/** Reads the given mezzanine frames at the loop's size (yuv420p), in order. */
async function readFrames(
  file: string,
  frames: number[],
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<Map<number, Buffer>> {
  const wanted = [...new Set(frames)].sort((a, b) => a - b);
  const out = new Map<number, Buffer>();
  if (wanted.length === 0) return out;
  const select = wanted.map((f) => `eq(n\\,${f})`).join('+');
  let k = 0;
  for await (const picture of readRawFrames(
    [
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vf',
      `select='${select}',scale=${size.width}:${size.height}:flags=bicubic`,
      '-fps_mode',
      'passthrough',
      '-frames:v',
      String(wanted.length),
    ],
    'yuv420p',
    yuvFrameBytes(size.width, size.height),
    signal,
  ))
    out.set(wanted[k++]!, picture);
  return out;
}

/** One sprite to cut: the frame it comes from (already driven for a jaw sprite), its landmarks (loop pixels) and shape. */
interface SpriteSource {
  picture: Buffer;
  landmarks: MouthLandmarks;
  shape: { open: number; width: number; round: number };
}

/**
 * Builds the live assets of a prepared avatar into `outDir` (LIVE_FILES): the idle loop, the mouth
 * atlas and its meta. `track` and `index` are the avatar's face track and mouth index (engine data
 * of the lip-sync channel). Throws LiveAtlasNoFace when the footage has no face to animate.
 */
export async function buildLiveAtlas(
  src: LiveAtlasSource,
  track: FaceTrack,
  index: MouthShape[],
  outDir: string,
  signal?: AbortSignal,
): Promise<{ meta: LiveAtlasMeta; files: { loop: string; atlas: string; meta: string } }> {
  const withFace = track.samples.filter((s) => s !== null).length;
  if (withFace === 0 || withFace < track.samples.length / 3) throw new LiveAtlasNoFace('no face');
  const size = loopSize(src.width, src.height);
  const sx = size.width / src.width;
  const sy = size.height / src.height;
  const forward = Math.min(src.frameCount, LIVE_MAX_FORWARD);
  const files = {
    loop: join(outDir, LIVE_FILES.loop),
    atlas: join(outDir, LIVE_FILES.atlas),
    meta: join(outDir, LIVE_FILES.meta),
  };

  const loopTrack: (number[] | null)[] = [];
  for (let f = 0; f < forward; f++) {
    const m = landmarksAt(track, f);
    loopTrack.push(m ? flat(steadyPoints(scaled(m, sx, sy))) : null);
  }

  const footage = usableBank(index);
  const sources: SpriteSource[] = [];
  let openMax: number;
  if (footage) {
    const chosen = atlasSelection(
      index.filter((s) => s.frame % track.every === 0 && track.samples[s.frame / track.every]),
    );
    const pictures = await readFrames(
      src.mezzanine,
      chosen.map((s) => s.frame),
      size,
      signal,
    );
    for (const s of chosen) {
      const picture = pictures.get(s.frame);
      const m = track.samples[s.frame / track.every];
      if (picture && m)
        sources.push({
          picture,
          landmarks: scaled(m, sx, sy),
          shape: { open: s.open, width: s.width, round: s.round },
        });
    }
    openMax = openRange(sources.map((s, k) => ({ ...s.shape, frame: k })));
  } else {
    // The rest frame: the sample whose mouth is the most closed.
    const rest = [...index].sort((a, b) => a.open - b.open)[0];
    const sample = rest ? rest.frame / track.every : track.samples.findIndex((s) => s !== null);
    const m = scaled(track.samples[sample]!, sx, sy);
    const picture = (await readFrames(src.mezzanine, [sample * track.every], size, signal)).get(sample * track.every);
    if (!picture) throw new Error('rest frame unreadable');
    const lips = lipColour(picture, size.width, size.height, m);
    const interior = interiorFor(lips.u, lips.v);
    const face = jawFrame(mouthFrame(m), m);
    const restRound = rest?.round ?? 0.3;
    for (const v of JAW_VISEMES) {
      const driven = Buffer.from(picture);
      driveJaw(driven, size.width, size.height, face, v, interior);
      sources.push({
        picture: driven,
        landmarks: m,
        shape: {
          open: v.open * MAX_JAW_GAP,
          width: 1 + 0.07 * v.i - 0.2 * v.u,
          round: restRound + v.open * MAX_JAW_GAP + 0.3 * v.u,
        },
      });
    }
    openMax = MAX_JAW_GAP;
  }
  if (sources.length === 0) throw new LiveAtlasNoFace('no sprite');

  const rows = Math.ceil(sources.length / ATLAS_COLUMNS);
  const atlasWidth = Math.min(sources.length, ATLAS_COLUMNS) * SPRITE_SIDE;
  const atlasHeight = rows * SPRITE_SIDE;
  const atlas = new Uint8Array(atlasWidth * atlasHeight * 4);
  const sprites: LiveSprite[] = [];
  let feather = 0;
  sources.forEach((s, k) => {
    const ax = (k % ATLAS_COLUMNS) * SPRITE_SIDE;
    const ay = Math.floor(k / ATLAS_COLUMNS) * SPRITE_SIDE;
    const cut = cutSprite(s.picture, size.width, size.height, s.landmarks, atlas, atlasWidth, ax, ay);
    feather = Math.max(feather, cut.feather);
    const round3 = (n: number) => Math.round(n * 1000) / 1000;
    sprites.push({
      x: ax,
      y: ay,
      w: SPRITE_SIDE,
      h: SPRITE_SIDE,
      open: round3(s.shape.open),
      width: round3(s.shape.width),
      round: round3(s.shape.round),
      points: flat(cut.points),
    });
  });
  // The rest: the most closed sprite (the first taken for footage, the undriven one for the jaw).
  const rest = sprites.reduce((best, s, k) => (s.open < sprites[best]!.open ? k : best), 0);

  await writeLoop(src, size, forward, files.loop, signal);
  await ffmpeg(
    [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${atlasWidth}x${atlasHeight}`,
      '-i',
      'pipe:0',
      '-frames:v',
      '1',
      '-pix_fmt',
      'rgba',
      files.atlas,
    ],
    {
      input: Buffer.from(atlas.buffer, atlas.byteOffset, atlas.byteLength),
      signal,
    },
  );
  const meta: LiveAtlasMeta = {
    version: 1,
    loop: { width: size.width, height: size.height, fps: src.fps, frames: forward * 2, forward },
    track: loopTrack,
    atlas: { width: atlasWidth, height: atlasHeight },
    feather: Math.round(feather * 10) / 10,
    sprites,
    rest,
    openMax: Math.round(openMax * 1000) / 1000,
    source: footage ? 'footage' : 'jaw',
  };
  if (meta.sprites.some((s) => s.points.length !== LIVE_STEADY_POINTS * 2)) throw new Error('sprite points');
  await writeFile(files.meta, JSON.stringify(meta));
  return { meta, files };
}
