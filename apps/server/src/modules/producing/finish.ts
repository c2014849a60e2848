import { existsSync } from 'node:fs';
import path from 'node:path';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import {
  FINISHED_VIDEO_CODEC,
  type FinishBuilder,
  type FinishGraph,
  type FinishSource,
} from '../../platform/media/finish-graph.js';
import type { Canvas } from './canvas.js';

/** Where the presenter stands: its centre as a fraction of the frame (0–1 each way), and its size (1 = fits the frame). */
export interface Placement {
  x: number;
  y: number;
  scale: number;
}

export const DEFAULT_PLACEMENT: Placement = { x: 0.5, y: 0.5, scale: 1 };

/** What fills the frame behind the presenter: a colour (`#rrggbb`), a picture, or a video looped or cut to length. */
export type BackdropSource = { color: string } | { image: string } | { video: string };

export type BackdropPlan = BackdropSource & {
  /** The screen the avatar was recorded on, cut away so the backdrop shows through; none keeps the footage whole. */
  key?: 'green' | 'blue' | null;
  /** The screen's own colour as sampled from the footage (`#rrggbb`); the pure screen colour when unknown. */
  keyColor?: string | null;
  placement?: Placement | null;
};

export interface MusicPlan {
  file: string;
  /** 0–1 of the track's own level. */
  volume: number;
}

/** Everything a finished video asks for beyond the engine's render; each part optional. */
export interface FinishPlan {
  canvas?: Canvas | null;
  background?: BackdropPlan | null;
  /** An ASS subtitles file, burned in last so nothing covers the captions. */
  captionsFile?: string | null;
  music?: MusicPlan | null;
}

/** The installed CJK fonts the captions are drawn with. */
const FONT_DIRS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/truetype/noto', '/usr/share/fonts'];
export const captionFontsDir = FONT_DIRS.find((d) => existsSync(d)) ?? null;

const SCREEN_COLOURS = { green: '#00ff00', blue: '#0000ff' } as const;

/** Seconds of fade at the end of the music: three, or a quarter of a short video. */
const fadeSeconds = (duration: number) => Math.min(3, duration / 4);

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
const hex = (color: string) => `0x${color.slice(1)}`;

/** A value inside a filter option, escaped for the option and again for the graph. */
function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return `'${option.replace(/[\\'[\],;]/g, (c) => `\\${c}`)}'`;
}

/** True when the plan asks for nothing: the render is the finished video. */
export function finishesNothing(plan: FinishPlan): boolean {
  return !plan.canvas && !plan.background && !plan.captionsFile && !plan.music;
}

interface Graph extends FinishGraph {
  src: FinishSource;
  /** Inputs of the run before this graph's own. */
  base: number;
}

/** The index the next input this graph adds will have in the run. */
const nextInput = (g: Graph) => g.base + g.inputs.filter((a) => a === '-i').length;

/** The frame size: the canvas when one is asked, else the render's own (even) size. */
function frameOf(plan: FinishPlan, src: FinishSource): { w: number; h: number } {
  if (plan.canvas) return { w: plan.canvas.width, h: plan.canvas.height };
  return { w: even(src.width), h: even(src.height) };
}

/** The backdrop as a stream `[bg]` of the frame's size and rate, covering the frame (cropped, never stretched). */
function backdropChain(g: Graph, source: BackdropSource, w: number, h: number, fps: number): void {
  const cover = `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`;
  if ('color' in source) {
    g.filters.push(`color=c=${hex(source.color)}:s=${w}x${h}:r=${fps},format=yuv420p[bg]`);
    return;
  }
  const index = nextInput(g);
  if ('image' in source) {
    // A picture is read and fitted once, then shown again for every frame.
    g.inputs.push('-i', source.image);
    g.filters.push(`[${index}:v]${cover},format=yuv420p,loop=loop=-1:size=1,fps=${fps}[bg]`);
    return;
  }
  g.inputs.push('-stream_loop', '-1', '-i', source.video);
  g.filters.push(`[${index}:v]${cover},fps=${fps},format=yuv420p[bg]`);
}

/** The key colour's chroma (BT.601, limited range: how untagged footage is read) as 8-bit U and V. */
function chromaOf(color: string): { u: number; v: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
  return { u: 128 - 0.148 * r - 0.291 * g + 0.439 * b, v: 128 + 0.439 * r - 0.368 * g - 0.071 * b };
}

const num = (n: number) => n.toFixed(4);

/**
 * The presenter `[0:v]` cut out of its screen, as `[key]`, worked out on the picture's chroma planes
 * (a quarter of its pixels) with two-input lookup tables, so a frame costs a few table reads a pixel:
 * - the matte: the distance of each pixel's chroma from the screen's, turned transparent below a
 *   similarity and blended above it (chromakey's rule), then laid back at full size blurred, which
 *   feathers the edge;
 * - the despill: the part of each pixel's chroma that points toward the screen's colour is taken
 *   off (most of it), so no cast of the screen is left on hair and edges.
 * Null when the footage has no screen to key.
 */
function keyChain(g: Graph, plan: BackdropPlan): string | null {
  if (!plan.key) return null;
  const { u, v } = chromaOf(plan.keyColor ?? SCREEN_COLOURS[plan.key]);
  const length = Math.hypot(u - 128, v - 128) || 1;
  const [kx, ky] = [(u - 128) / length, (v - 128) / length];
  const towardScreen = `max(0\\,(x-128)*(${num(kx)})+(y-128)*(${num(ky)}))`;
  // Distances as chromakey measures them: 0 (the key) to 1 (the far corner of the chroma plane).
  const alpha = `255*clip((hypot(x-${num(u)}\\,y-${num(v)})/360.62-0.13)/0.06\\,0\\,1)`;
  const { width: w, height: h } = g.src;
  g.filters.push(
    `${g.src.video}format=yuv420p,extractplanes=y+u+v[ky][ku][kv]`,
    '[ku]split=3[ku1][ku2][ku3]',
    '[kv]split=3[kv1][kv2][kv3]',
    `[ku1][kv1]lut2=c0='${alpha}',avgblur=sizeX=1,scale=${w}:${h}:flags=bilinear[km]`,
    `[ku2][kv2]lut2=c0='x-0.8*${towardScreen}*(${num(kx)})'[kdu]`,
    `[ku3][kv3]lut2=c0='y-0.8*${towardScreen}*(${num(ky)})'[kdv]`,
    '[ky][kdu][kdv]mergeplanes=0x001020:yuv420p[kc]',
    '[kc][km]alphamerge[key]',
  );
  return '[key]';
}

function videoChain(g: Graph, plan: FinishPlan): void {
  const last = plan.captionsFile
    ? `subtitles=filename=${filterValue(plan.captionsFile)}` +
      (captionFontsDir ? `:fontsdir=${filterValue(captionFontsDir)}` : '')
    : null;
  const tail = (chain: string) => g.filters.push(`${chain}${last ? `,${last}` : ''}[vout]`);
  g.video = '[vout]';
  const backdrop: BackdropPlan | null =
    plan.background ?? (plan.canvas ? { color: plan.canvas.color, placement: null } : null);
  if (!backdrop) {
    tail(`${g.src.video}setsar=1`);
    return;
  }
  const { w, h } = frameOf(plan, g.src);
  const at = backdrop.placement ?? DEFAULT_PLACEMENT;
  const pw = even(w * at.scale);
  const ph = even(h * at.scale);
  const fit = `scale=${pw}:${ph}:force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1`;
  const centred = at.x === 0.5 && at.y === 0.5 && at.scale === 1;
  if ('color' in backdrop && !backdrop.key && centred) {
    // A plain colour around a whole presenter: padding does it without a second picture to blend.
    tail(`${g.src.video}${fit},pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=${hex(backdrop.color)}`);
    return;
  }
  const fps = Math.round(g.src.fps) || 25;
  backdropChain(g, backdrop, w, h, fps);
  g.filters.push(`${keyChain(g, backdrop) ?? g.src.video}${fit}[fg]`);
  const x = `${w * at.x}-w/2`;
  const y = `${h * at.y}-h/2`;
  tail(`[bg][fg]overlay=x='${x}':y='${y}':shortest=1:format=yuv420,format=yuv420p`);
}

/** The speech with the music under it: looped or cut to length, ducked while someone speaks, faded out at the end. */
function audioChain(g: Graph, music: MusicPlan): void {
  const index = nextInput(g);
  g.inputs.push('-stream_loop', '-1', '-i', music.file);
  const d = g.src.duration;
  const fade = fadeSeconds(d);
  const volume = Math.min(1, Math.max(0, music.volume));
  const norm = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  g.filters.push(
    `[${index}:a]${norm},atrim=0:${d},asetpts=PTS-STARTPTS,volume=${volume},` +
      `afade=t=out:st=${Math.max(0, d - fade)}:d=${fade}[mus]`,
  );
  g.audio = '[aout]';
  if (!g.src.hasAudio) {
    g.filters.push('[mus]anull[aout]');
    return;
  }
  g.filters.push(
    `${g.src.audio}${norm},asplit=2[voice][side]`,
    // Down by up to ~25 dB while the voice is above -40 dBFS, back up within half a second of a pause.
    `[mus][side]sidechaincompress=threshold=0.01:ratio=20:attack=15:release=450:knee=2[duck]`,
    `[voice][duck]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[aout]`,
  );
}

/**
 * The filters that finish a picture and its sound as the plan asks (fitted into its canvas, set before
 * its backdrop with the screen keyed out, captions burned in, music mixed under the voice), for an
 * ffmpeg run that already has `base` inputs: a finishing pass of its own, or an engine's encode.
 */
export function finishGraph(plan: FinishPlan, src: FinishSource, base: number): FinishGraph {
  const g: Graph = { inputs: [], filters: [], video: null, audio: null, src, base };
  if (src.hasVideo && (plan.canvas || plan.background || plan.captionsFile)) videoChain(g, plan);
  if (plan.music) audioChain(g, plan.music);
  return { inputs: g.inputs, filters: g.filters, video: g.video, audio: g.audio };
}

/**
 * Finishes a rendered video in one ffmpeg pass (one encode): see `finishGraph`. A plan that asks
 * nothing answers the input file untouched. Answers the new file beside the input.
 */
export async function finishVideo(video: string, plan: FinishPlan, signal?: AbortSignal): Promise<string> {
  if (finishesNothing(plan)) return video;
  const info = await probe(video, { signal });
  const g = finishGraph(
    plan,
    {
      video: '[0:v]',
      audio: '[0:a]',
      width: info.video?.width ?? 0,
      height: info.video?.height ?? 0,
      fps: info.video?.fps ?? 0,
      duration: info.duration,
      hasVideo: Boolean(info.video),
      hasAudio: Boolean(info.audio),
    },
    1,
  );
  const out = path.join(path.dirname(video), `finished-${path.basename(video, path.extname(video))}.mp4`);
  const videoOut = g.video ? ['-map', g.video, ...FINISHED_VIDEO_CODEC] : ['-map', '0:v?', '-c:v', 'copy'];
  const audioOut = g.audio ? ['-map', g.audio, '-c:a', 'aac', '-b:a', '160k'] : ['-map', '0:a?', '-c:a', 'copy'];
  const graph = g.filters.length ? ['-filter_complex', g.filters.join(';')] : [];
  const length = info.duration > 0 ? ['-t', String(info.duration)] : [];
  await ffmpeg(
    ['-i', video, ...g.inputs, ...graph, ...videoOut, ...audioOut, ...length, '-movflags', '+faststart', out],
    {
      signal,
    },
  );
  return out;
}

/** The size a finish is drawn at: the rendered file's own, or the size an engine renders at. */
export type FinishedSize = string | { width: number; height: number };

/**
 * How a render gets what its order asks beyond it, in one pass: inside the engine's own encode when it
 * encodes every frame (`finishesInEncode`, the plan made for `size` before the render), else one pass
 * over its file after. `finish` goes with the render request; `after` answers the finished file.
 */
export async function finishingOf(
  engine: { finishesInEncode?: boolean },
  size: { width: number; height: number },
  plan: (size: FinishedSize) => Promise<FinishPlan>,
): Promise<{ finish: FinishBuilder | undefined; after: (rendered: string, signal?: AbortSignal) => Promise<string> }> {
  const early = engine.finishesInEncode ? await plan(size) : null;
  return {
    finish: early && !finishesNothing(early) ? (src, base) => finishGraph(early, src, base) : undefined,
    after: async (rendered, signal) => (early ? rendered : finishVideo(rendered, await plan(rendered), signal)),
  };
}
