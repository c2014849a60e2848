import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { MediaToolError, probe, type MediaInfo } from '../../platform/media/ffmpeg.js';
import type { avatarMessages } from './messages.js';
import { AvatarEngineError } from './types.js';

/** The spec's avatar-clone limits: mp4/mov, ≤ 500 MB, 5 s–30 min, 360p–4K. */
export const avatarSourceLimits = {
  maxBytes: 500 * 1024 * 1024,
  minSeconds: 5,
  maxSeconds: 30 * 60,
  minShortSide: 360,
  maxLongSide: 3840,
};

export type AvatarSourceLimits = typeof avatarSourceLimits;

export interface SourceCheckOptions {
  /** The name the user uploaded (its extension is checked); defaults to the file path. */
  fileName?: string;
  limits?: Partial<AvatarSourceLimits>;
  signal?: AbortSignal;
}

export interface CheckedSource {
  info: MediaInfo;
  video: NonNullable<MediaInfo['video']>;
  /** Display size, i.e. after the rotation a phone recorded. */
  displayWidth: number;
  displayHeight: number;
}

const ALLOWED_EXTENSIONS = new Set(['.mp4', '.mov']);

function refuse(key: keyof typeof avatarMessages): never {
  throw new AvatarEngineError(key);
}

/** Refuses an avatar upload the spec does not accept, each reason with its own Chinese message. */
export async function checkAvatarSource(file: string, opts: SourceCheckOptions = {}): Promise<CheckedSource> {
  const limits = { ...avatarSourceLimits, ...opts.limits };
  if (!ALLOWED_EXTENSIONS.has(extname(opts.fileName ?? file).toLowerCase())) refuse('sourceFormat');
  const { size } = await stat(file);
  if (size > limits.maxBytes) refuse('sourceTooBig');

  let info: MediaInfo;
  try {
    info = await probe(file, { signal: opts.signal });
  } catch (e) {
    if (e instanceof MediaToolError) throw new AvatarEngineError('sourceUnreadable', undefined, false, { cause: e });
    throw e;
  }
  // ffprobe names the ISO-BMFF family "mov,mp4,m4a,3gp,3g2,mj2"; anything else (mkv, avi...) is refused.
  const names = info.container.split(',');
  if (!names.includes('mp4') && !names.includes('mov')) refuse('sourceFormat');
  const video = info.video;
  if (!video || video.width <= 0 || video.height <= 0) refuse('sourceNoVideo');
  if (info.duration < limits.minSeconds) refuse('sourceTooShort');
  if (info.duration > limits.maxSeconds) refuse('sourceTooLong');
  if (Math.min(video.width, video.height) < limits.minShortSide) refuse('sourceResolutionTooLow');
  if (Math.max(video.width, video.height) > limits.maxLongSide) refuse('sourceResolutionTooHigh');
  if (video.hdr) refuse('sourceHdr');

  const quarterTurn = video.rotation === 90 || video.rotation === 270;
  return {
    info,
    video,
    displayWidth: quarterTurn ? video.height : video.width,
    displayHeight: quarterTurn ? video.width : video.height,
  };
}
