import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { trimWavEdges } from '../../engines/speech/index.js';
import { ffmpeg, probe, type MediaInfo } from '../../platform/media/ffmpeg.js';

/** What must be equal for clips to be joined by stream copy. */
export interface ClipFormat {
  vcodec: string;
  profile: string;
  width: number;
  height: number;
  fps: string;
  pixFmt: string;
  timescale: number;
  acodec: string;
  sampleRate: number;
  channels: number;
}

export async function clipFormat(file: string, signal?: AbortSignal): Promise<ClipFormat> {
  return (await probeClip(file, signal)).format;
}

/** What a landed scene records from one probe of its clip: the format the join compares, its length, its streams. */
export function clipOf(info: MediaInfo): { format: ClipFormat; duration: number; video: boolean; audio: boolean } {
  const v = info.video;
  const a = info.audio;
  return {
    format: {
      vcodec: v?.codec ?? '',
      profile: v?.profile ?? '',
      width: v?.width ?? 0,
      height: v?.height ?? 0,
      fps: v?.frameRate ?? '',
      pixFmt: v?.pixFmt ?? '',
      timescale: v?.timescale || 12800,
      acodec: a?.codec ?? '',
      sampleRate: a?.sampleRate ?? 0,
      channels: a?.channels ?? 0,
    },
    duration: info.duration,
    video: !!v,
    audio: !!a,
  };
}

/** One ffprobe of a clip, read as `clipOf` reads it. */
export async function probeClip(file: string, signal?: AbortSignal) {
  return clipOf(await probe(file, { signal }));
}

const videoMatches = (a: ClipFormat, b: ClipFormat) =>
  a.vcodec === b.vcodec &&
  a.profile === b.profile &&
  a.width === b.width &&
  a.height === b.height &&
  a.fps === b.fps &&
  a.pixFmt === b.pixFmt &&
  a.timescale === b.timescale;
const audioMatches = (a: ClipFormat, b: ClipFormat) =>
  a.acodec === b.acodec && a.sampleRate === b.sampleRate && a.channels === b.channels;

const layout = (channels: number) => (channels === 1 ? 'mono' : 'stereo');

/**
 * Re-encodes only the streams of a clip that differ from the canvas (the first clip): the picture
 * fitted into its size with black bars, at its frame rate and pixel format; the sound at its rate and layout.
 */
async function normalise(clip: string, f: ClipFormat, canvas: ClipFormat, out: string, signal?: AbortSignal) {
  const video = videoMatches(f, canvas)
    ? ['-c:v', 'copy']
    : [
        '-vf',
        `scale=${canvas.width}:${canvas.height}:force_original_aspect_ratio=decrease,` +
          `pad=${canvas.width}:${canvas.height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${canvas.fps},format=${canvas.pixFmt}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-profile:v',
        canvas.profile === 'High' ? 'high' : 'main',
        '-bf',
        '0',
        '-g',
        '50',
        '-video_track_timescale',
        String(canvas.timescale),
      ];
  const audio = audioMatches(f, canvas)
    ? ['-c:a', 'copy']
    : [
        '-af',
        `aresample=${canvas.sampleRate},aformat=channel_layouts=${layout(canvas.channels)}`,
        '-c:a',
        'aac',
        '-b:a',
        '128k',
      ];
  await ffmpeg(['-i', clip, '-map', '0:v:0', '-map', '0:a:0', ...video, ...audio, '-movflags', '+faststart', out], {
    signal,
  });
}

/**
 * Joins scene clips into one video with no gap: every clip is brought to the first clip's canvas
 * (only what differs is re-encoded), then all are concatenated by stream copy. `copied` says that
 * no clip needed re-encoding.
 */
export async function joinVideoClips(
  clips: string[],
  outFile: string,
  scratch: string,
  signal?: AbortSignal,
  /** The clips' formats as recorded when they landed; probed here when not known. */
  known?: (ClipFormat | null)[],
): Promise<{ copied: boolean }> {
  const formats = await Promise.all(
    clips.map((c, i) => {
      const k = known?.[i];
      return k ? Promise.resolve(k) : clipFormat(c, signal);
    }),
  );
  const canvas = formats[0]!;
  const parts: string[] = [];
  let copied = true;
  for (const [i, clip] of clips.entries()) {
    const f = formats[i]!;
    if (videoMatches(f, canvas) && audioMatches(f, canvas)) {
      parts.push(clip);
      continue;
    }
    copied = false;
    const out = path.join(scratch, `normalised-${i}.mp4`);
    await normalise(clip, f, canvas, out, signal);
    parts.push(out);
  }
  const list = path.join(scratch, 'clips.ffconcat');
  await writeFile(list, `ffconcat version 1.0\n${parts.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n')}\n`);
  await ffmpeg(
    [
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      outFile,
    ],
    {
      signal,
    },
  );
  return { copied };
}

/** Joins scene sounds into one m4a: each resampled to the first's rate and layout, concatenated without a gap. */
export async function joinAudioClips(clips: string[], outFile: string, signal?: AbortSignal): Promise<void> {
  const first = await probe(clips[0]!, { signal });
  const rate = first.audio?.sampleRate || 44100;
  const lay = layout(first.audio?.channels ?? 1);
  const inputs = clips.flatMap((c) => ['-i', c]);
  const chains = clips.map(
    (_, i) => `[${i}:a:0]aresample=${rate},aformat=sample_fmts=fltp:channel_layouts=${lay}[a${i}]`,
  );
  const graph = `${chains.join(';')};${clips.map((_, i) => `[a${i}]`).join('')}concat=n=${clips.length}:v=0:a=1[out]`;
  await ffmpeg(
    [
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      outFile,
    ],
    {
      signal,
    },
  );
}

/**
 * Synthesized speech (a WAV) with its leading and trailing silence (under -45 dB) cut to 0.08 s, so
 * scenes follow one another without a pause the user did not write (pauses inside the script stay).
 * Done on the samples in this process; the speech is kept as it was when cutting would leave 0.2 s or less.
 */
export const trimSpeechEdges = (speech: string, outFile: string) =>
  trimWavEdges(speech, outFile, { keepSeconds: 0.08, thresholdDb: -45, minSeconds: 0.2 });
