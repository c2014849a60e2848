import { spawn } from 'node:child_process';
import { ToolAborted, toolRunner, type ToolExit } from './tool-runner.js';

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Bytes written to the tool's stdin. */
  input?: Buffer | string;
  timeoutMs?: number;
  /** Handed the tool's stderr (its last 8000 characters) when it succeeds: warnings of a run that did not fail. */
  onStderr?: (stderr: string) => void;
}

/** Runs a media tool to completion and returns stdout; stderr is kept (tail) for the error. */
export async function runTool(bin: string, args: string[], opts: RunOptions = {}): Promise<Buffer> {
  if (toolRunner.unavailable) return runToolHere(bin, args, opts);
  let exit: ToolExit;
  try {
    exit = await toolRunner.run({ bin, args, input: opts.input, timeoutMs: opts.timeoutMs, signal: opts.signal });
  } catch (e) {
    const why = e instanceof ToolAborted ? 'The operation was aborted' : (e as Error).message;
    throw new MediaToolError(`${bin} could not start: ${why}`, '');
  }
  if (exit.startError !== undefined)
    throw new MediaToolError(`${bin} could not start: ${exit.startError}`, exit.stderr);
  if (exit.code === 0) {
    opts.onStderr?.(exit.stderr);
    return exit.stdout;
  }
  throw new MediaToolError(`${bin} exited with ${exit.code ?? exit.signal}`, exit.stderr);
}

/** As `runTool`, started from this process: where no helper process can be started. */
function runToolHere(bin: string, args: string[], opts: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    const out: Buffer[] = [];
    let err = '';
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-8000);
    });
    child.on('error', (e) => {
      if (timer) clearTimeout(timer);
      reject(new MediaToolError(`${bin} could not start: ${e.message}`, err));
    });
    child.on('close', (code, sig) => {
      if (timer) clearTimeout(timer);
      if (code === 0) {
        opts.onStderr?.(err);
        resolve(Buffer.concat(out));
      } else reject(new MediaToolError(`${bin} exited with ${code ?? sig}`, err));
    });
    child.stdin.on('error', () => undefined);
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

export function ffmpeg(args: string[], opts: RunOptions = {}): Promise<Buffer> {
  return runTool('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], opts);
}

export interface ProbeStream {
  index: number;
  codec_type: 'video' | 'audio' | 'subtitle' | 'data' | string;
  codec_name?: string;
  width?: number;
  height?: number;
  profile?: string;
  pix_fmt?: string;
  time_base?: string;
  color_transfer?: string;
  color_primaries?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

export interface ProbeResult {
  format: { format_name: string; duration?: string; size?: string; bit_rate?: string };
  streams: ProbeStream[];
}

export interface MediaInfo {
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  duration: number;
  size: number;
  video?: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    rotation: number;
    hdr: boolean;
    transfer: string;
    profile: string;
    pixFmt: string;
    /** The stream's frame rate as ffprobe writes it, e.g. "25/1". */
    frameRate: string;
    /** Ticks per second of the stream's timestamps. */
    timescale: number;
  };
  audio?: { codec: string; sampleRate: number; channels: number };
}

const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split('/').map(Number);
  return d ? (n ?? 0) / d : (n ?? 0);
}

/** Probes a file or URL; rejects with MediaToolError when ffprobe cannot read it as media. */
/** `inputArgs` go before the input, e.g. `-protocol_whitelist file` for a file that must not open others. */
export async function probe(input: string, opts: RunOptions & { inputArgs?: string[] } = {}): Promise<MediaInfo> {
  const raw = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...(opts.inputArgs ?? []), input],
    { timeoutMs: 60_000, ...opts },
  );
  const result = JSON.parse(raw.toString('utf8')) as ProbeResult;
  const v = result.streams.find((s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png');
  const a = result.streams.find((s) => s.codec_type === 'audio');
  const rotation =
    v?.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(v?.tags?.rotate ?? 0);
  return {
    container: result.format.format_name,
    duration: Number(result.format.duration ?? v?.duration ?? a?.duration ?? 0) || 0,
    size: Number(result.format.size ?? 0),
    video: v
      ? {
          codec: v.codec_name ?? '',
          width: v.width ?? 0,
          height: v.height ?? 0,
          fps: parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate),
          rotation: ((Math.round(rotation) % 360) + 360) % 360,
          hdr: HDR_TRANSFERS.has(v.color_transfer ?? ''),
          transfer: v.color_transfer ?? '',
          profile: v.profile ?? '',
          pixFmt: v.pix_fmt ?? '',
          frameRate: v.r_frame_rate ?? '',
          timescale: Number((v.time_base ?? '').split('/')[1]) || 0,
        }
      : undefined,
    audio: a
      ? { codec: a.codec_name ?? '', sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 }
      : undefined,
  };
}

/** What a full read of a file's packets found: the seconds they span, and whether the data ran out early. */
export interface MediaSpan {
  seconds: number;
  /** The index points past the end of the file: it was cut short (e.g. an upload stopped midway). */
  partial: boolean;
}

/**
 * Reads every packet of a file without decoding any (about 0.7 s for the 80,000 packets of a half
 * hour), so what is charged comes from the media that is really there, not from what a header claims:
 * an mp4 with its index first and two thirds of its data missing spans a third of its header's
 * duration and is reported partial.
 */
export async function mediaSpan(file: string, opts: RunOptions = {}): Promise<MediaSpan> {
  let stderr = '';
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { timeoutMs: 120_000, ...opts, onStderr: (e) => (stderr = e) },
  );
  let first = Infinity;
  let end = 0;
  for (const line of out.toString('latin1').split('\n')) {
    const [pts = '', duration = ''] = line.split(',');
    const at = Number.parseFloat(pts);
    if (!Number.isFinite(at)) continue;
    first = Math.min(first, at);
    end = Math.max(end, at + (Number.parseFloat(duration) || 0));
  }
  const seconds = Number.isFinite(first) ? Math.max(0, end - Math.max(0, first)) : 0;
  return { seconds, partial: stderr.includes('partial file') };
}

/**
 * The length to rely on: the header's when the packets bear it out (within a tenth of a second, so a
 * sound file keeps the price it always had), else the packets' span, whichever way the header errs.
 */
export function confirmedSeconds(header: number, span: number): number {
  return span > 0 && Math.abs(span - header) > 0.1 ? span : header;
}

/** Loudness of an audio track: mean and max volume in dBFS (ffmpeg volumedetect). */
/**
 * Probes the speech an engine is handed: it must have an audio stream and last some time. The engine
 * names its own error for each case (`unreadable` also when ffprobe cannot read the file at all).
 */
export async function probeSpeech(
  file: string,
  fail: (why: 'unreadable' | 'empty', cause?: unknown) => Error,
  opts: RunOptions = {},
): Promise<MediaInfo> {
  let info: MediaInfo;
  try {
    info = await probe(file, opts);
  } catch (e) {
    if (e instanceof MediaToolError) throw fail('unreadable', e);
    throw e;
  }
  if (!info.audio) throw fail('unreadable');
  if (!(info.duration > 0)) throw fail('empty');
  return info;
}

export async function audioLevels(input: string): Promise<{ meanDb: number; maxDb: number }> {
  const child = await runToolStderr('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    input,
    '-vn',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(child)?.[1];
  const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(child)?.[1];
  const num = (s: string | undefined) => (s === undefined || s === '-inf' ? -Infinity : Number(s));
  return { meanDb: num(mean), maxDb: num(max) };
}

/** Runs a tool whose report is written to stderr (volumedetect, blackdetect...). */
export async function runToolStderr(bin: string, args: string[]): Promise<string> {
  if (toolRunner.unavailable) return runToolStderrHere(bin, args);
  const exit = await toolRunner.run({ bin, args, wholeStderr: true });
  if (exit.startError !== undefined) throw new Error(exit.startError);
  if (exit.code === 0) return exit.stderr;
  throw new MediaToolError(`${bin} exited with ${exit.code}`, exit.stderr.slice(-4000));
}

function runToolStderrHere(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(err) : reject(new MediaToolError(`${bin} exited with ${code}`, err.slice(-4000))),
    );
  });
}

/** A picture's size in pixels (its first video stream: for a still, the image itself); 0×0 when none is read. */
export async function stillSize(image: string, opts: RunOptions = {}): Promise<{ width: number; height: number }> {
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', image],
    opts,
  );
  const [width = 0, height = 0] = out.toString('utf8').trim().split(',').map(Number);
  return { width: width || 0, height: height || 0 };
}
