import { open } from 'node:fs/promises';
import { ffmpeg, runTool, runToolStderr } from '../../../platform/media/ffmpeg.js';

/** Test media made on the spot with ffmpeg: a moving pattern that makes jumps and black frames visible. */
export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  /** Display-matrix rotation as a phone writes it. */
  rotate?: number;
  /** Colour transfer tag, e.g. 'smpte2084' to look like HDR. */
  transfer?: string;
  withAudio?: boolean;
}

export async function makeClip(file: string, o: ClipOptions = {}): Promise<string> {
  const size = `${o.width ?? 640}x${o.height ?? 360}`;
  const seconds = String(o.seconds ?? 6);
  const args = ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${o.fps ?? 30}`];
  if (o.withAudio) args.push('-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100');
  args.push('-t', seconds, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (o.transfer) args.push('-color_trc', o.transfer, '-color_primaries', 'bt2020', '-colorspace', 'bt2020nc');
  if (o.withAudio) args.push('-c:a', 'aac', '-shortest');
  if (o.rotate !== undefined) {
    const plain = `${file}.plain.mp4`;
    await ffmpeg([...args, plain]);
    // ffmpeg 5 writes the legacy rotate tag as a display matrix on stream copy.
    await ffmpeg(['-i', plain, '-c', 'copy', '-metadata:s:v:0', `rotate=${o.rotate}`, file]);
    return file;
  }
  await ffmpeg([...args, file]);
  return file;
}

/**
 * A presenter recorded on a screen: a moving grey pattern (no screen colour in it) filling the middle
 * of the frame, on a plain `screen` colour (a studio green by default), with a tone.
 */
export async function makeScreenClip(
  file: string,
  o: { width?: number; height?: number; seconds?: number; screen?: string } = {},
): Promise<string> {
  const w = o.width ?? 360;
  const h = o.height ?? 640;
  const seconds = o.seconds ?? 6;
  const pw = 2 * Math.round(w * 0.25);
  const ph = 2 * Math.round(h * 0.3);
  await ffmpeg([
    '-f', 'lavfi', '-i', `color=c=${o.screen ?? '0x00b140'}:s=${w}x${h}:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', `testsrc2=s=${pw}x${ph}:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`,
    '-filter_complex', '[1:v]hue=s=0[p];[0:v][p]overlay=(W-w)/2:H-h-H/6:shortest=1,format=yuv420p[v]',
    '-map', '[v]', '-map', '2:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

export async function makeTone(file: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-ac', '1', file]);
  return file;
}

export async function makeAudioOnlyMp4(file: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-f', 'mp4', file]);
  return file;
}

export interface FrameInfo {
  pictType: string;
  key: boolean;
}

export async function videoFrames(file: string): Promise<FrameInfo[]> {
  const out = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pict_type,key_frame', '-of', 'json', file]);
  const { frames } = JSON.parse(out.toString('utf8')) as { frames: { key_frame: number; pict_type: string }[] };
  return frames.map((f) => ({ key: f.key_frame === 1, pictType: f.pict_type }));
}

export interface StreamFacts {
  codec_type: string;
  codec_name?: string;
  pix_fmt?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  has_b_frames?: number;
  nb_frames?: string;
  width?: number;
  height?: number;
  duration?: string;
  side_data_list?: { rotation?: number }[];
}

export async function streams(file: string): Promise<StreamFacts[]> {
  const out = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
  return (JSON.parse(out.toString('utf8')) as { streams: StreamFacts[] }).streams;
}

/** PSNR (dB, average) between frame `a` of one file and frame `b` of another; Infinity when identical. */
export async function framePsnr(fileA: string, a: number, fileB: string, b: number): Promise<number> {
  const report = await runToolStderr('ffmpeg', [
    '-hide_banner', '-nostdin', '-i', fileA, '-i', fileB,
    '-filter_complex', `[0:v]select=eq(n\\,${a}),setpts=N[x];[1:v]select=eq(n\\,${b}),setpts=N[y];[x][y]psnr`,
    '-frames:v', '1', '-f', 'null', '-',
  ]);
  const m = /PSNR .*average:(inf|[\d.]+)/.exec(report);
  if (!m?.[1]) throw new Error(`no PSNR in report: ${report.slice(-500)}`);
  return m[1] === 'inf' ? Infinity : Number(m[1]);
}

/** Seconds of black picture found by blackdetect. */
export async function blackSeconds(file: string): Promise<number> {
  const report = await runToolStderr('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-vf', 'blackdetect=d=0.04:pix_th=0.10', '-an', '-f', 'null', '-']);
  let total = 0;
  for (const m of report.matchAll(/black_duration:([\d.]+)/g)) total += Number(m[1]);
  return total;
}

/** Per-packet hashes of the video stream, read by stream copy (identical hashes = not re-encoded). */
export async function videoPacketHashes(file: string): Promise<string[]> {
  const out = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-']);
  return out
    .toString('utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((c) => c.trim()).slice(-2).join(','));
}

/** True when the first top-level box after ftyp is moov (i.e. +faststart). */
export async function moovBeforeMdat(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    let offset = 0;
    for (;;) {
      const head = Buffer.alloc(8);
      const { bytesRead } = await fh.read(head, 0, 8, offset);
      if (bytesRead < 8) return false;
      const type = head.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      offset += head.readUInt32BE(0);
    }
  } finally {
    await fh.close();
  }
}

/** One frame of a video at `seconds` as raw pixels (`rgb24` or `rgba`), through an optional filter such as a crop. */
/** The mean of each channel of raw interleaved pixels (`channels` 3 for rgb24, 4 for rgba). */
export function channelMeans(raw: Buffer, channels: 3 | 4 = 3): number[] {
  const sum = new Array<number>(channels).fill(0);
  for (let i = 0; i < raw.length; i++) sum[i % channels]! += raw[i]!;
  return sum.map((s) => s / (raw.length / channels));
}

export function frameAt(file: string, seconds: number, vf?: string, pixFmt: 'rgb24' | 'rgba' = 'rgb24'): Promise<Buffer> {
  const filter = vf ? ['-vf', vf] : [];
  return ffmpeg(['-ss', String(seconds), '-i', file, '-frames:v', '1', ...filter, '-f', 'rawvideo', '-pix_fmt', pixFmt, '-']);
}
