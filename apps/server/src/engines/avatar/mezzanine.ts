import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapLimited } from '../../platform/map-limited.js';
import { ffmpeg, runTool } from '../../platform/media/ffmpeg.js';

export const MEZZANINE_FPS = 25;
/** Two seconds per closed GOP: a fixed keyframe grid that also bounds one reverse chunk. */
export const MEZZANINE_GOP = 50;

/**
 * Encoder settings shared by the forward and reversed mezzanine, so their H.264 parameter sets are
 * identical and the renderer can stream-copy them into one file. No B-frames: every frame only
 * references earlier ones, so a copied segment may end after any frame.
 */
export const MEZZANINE_ENCODE_ARGS = [
  '-c:v', 'libx264',
  '-preset', 'veryfast',
  '-crf', '20',
  '-profile:v', 'high',
  '-pix_fmt', 'yuv420p',
  '-bf', '0',
  '-g', String(MEZZANINE_GOP),
  '-keyint_min', String(MEZZANINE_GOP),
  '-sc_threshold', '0',
  '-flags', '+cgop',
  '-x264-params', 'open-gop=0',
  '-video_track_timescale', '12800',
  '-an', '-sn', '-dn',
  '-map_metadata', '-1',
  '-movflags', '+faststart',
];

/** Target size: display orientation, short side capped, both sides even. */
export function mezzanineSize(displayWidth: number, displayHeight: number, maxShortSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxShortSide / Math.min(displayWidth, displayHeight));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(displayWidth), height: even(displayHeight) };
}

/** Decodes once (ffmpeg applies the display rotation on decode) and writes the CFR mezzanine. */
export async function encodeMezzanine(
  input: string,
  output: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<void> {
  const filter = `fps=${MEZZANINE_FPS},scale=${size.width}:${size.height}:flags=bicubic,setsar=1,format=yuv420p`;
  await ffmpeg(['-i', input, '-map', '0:v:0', '-vf', filter, ...MEZZANINE_ENCODE_ARGS, output], { signal });
}

/** Frame count from the mp4 sample table (no decode). */
export async function countFrames(file: string, signal?: AbortSignal): Promise<number> {
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=nb_frames', '-of', 'csv=p=0', file],
    { signal, timeoutMs: 60_000 },
  );
  return Number.parseInt(out.toString('utf8').trim(), 10) || 0;
}

/** One `file` line of an ffconcat list, quoting the path the way the concat demuxer expects. */
export function concatFileLine(file: string): string {
  return `file '${file.replace(/'/g, "'\\''")}'`;
}

export function concatList(files: string[]): string {
  return ['ffconcat version 1.0', ...files.map(concatFileLine)].join('\n') + '\n';
}

/**
 * Frames reversed by one ffmpeg: the `reverse` filter holds them all decoded (a 1080p frame is 3 MB),
 * so half a GOP here keeps a 1080p preparation under its memory budget. Each chunk starts with a
 * keyframe of its own; the renderer only ever plays the reversed file from its start, so where its
 * keyframes fall does not matter.
 */
export const REVERSE_CHUNK_FRAMES = MEZZANINE_GOP / 2;

/**
 * Reverse chunks made at once for a mezzanine of this size: each is a short one-thread ffmpeg whose wall
 * time is mostly start-up, so two keep both cores busy. Above 720p one at a time: a 1080p chunk's ffmpeg
 * holds about 250 MB, and two of them would take the preparation past its memory budget.
 */
export function reverseLanes(size: { width: number; height: number }): number {
  return size.width * size.height <= 1280 * 720 ? 2 : 1;
}

/**
 * Writes the mezzanine played backwards. The `reverse` filter holds every frame in memory, so the
 * clip is reversed one chunk at a time and the chunks are joined in reverse order by stream copy:
 * memory stays bounded whatever the length. `concurrency` chunks (one unless said) are made at once, each by
 * one decoding and one encoding thread (frame threads would each hold frames of their own beside the filter's).
 */
export async function reverseBySegments(
  mezzanine: string,
  output: string,
  frameCount: number,
  workDir: string,
  opts: {
    chunkFrames?: number;
    concurrency?: number;
    signal?: AbortSignal;
    onChunk?: (done: number, total: number) => void;
  } = {},
): Promise<void> {
  const chunkFrames = opts.chunkFrames ?? REVERSE_CHUNK_FRAMES;
  const total = Math.ceil(frameCount / chunkFrames);
  const chunks = Array.from({ length: total }, (_, i) => join(workDir, `rev-${String(i).padStart(5, '0')}.mp4`));
  let done = 0;
  const reverseChunk = async (i: number) => {
    const first = i * chunkFrames;
    const frames = Math.min(chunkFrames, frameCount - first);
    // Input-side -ss/-t decode only this chunk (accurate seek from the previous keyframe).
    await ffmpeg(
      [
        '-threads', '1',
        '-ss', (first / MEZZANINE_FPS).toFixed(6),
        '-t', (frames / MEZZANINE_FPS).toFixed(6),
        '-i', mezzanine,
        '-vf', 'reverse',
        '-frames:v', String(frames),
        ...MEZZANINE_ENCODE_ARGS,
        '-threads', '1',
        chunks[i]!,
      ],
      { signal: opts.signal },
    );
    opts.onChunk?.(++done, total);
  };
  try {
    // Every chunk under way ends before the chunks are removed; the first failure is the one reported.
    await mapLimited(chunks.map((_, i) => i), opts.concurrency ?? 1, reverseChunk);
    const list = join(workDir, 'reverse.ffconcat');
    await writeFile(list, concatList([...chunks].reverse()));
    await ffmpeg(
      ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-video_track_timescale', '12800', '-movflags', '+faststart', output],
      { signal: opts.signal },
    );
  } finally {
    await Promise.all(chunks.map((c) => rm(c, { force: true })));
    await rm(join(workDir, 'reverse.ffconcat'), { force: true });
  }
}
