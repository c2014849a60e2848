import path from 'node:path';
import { commonMessages, filesMessages } from '@app/contract';
import { AppError } from '../errors.js';
import type { AppContext } from '../context.js';
import { confirmedSeconds, MediaToolError, mediaSpan, probe, type MediaInfo } from './ffmpeg.js';

/** Frames are made at this rate at least (avatar copies, translation cuts), so slower sources cost as much as this. */
export const PROCESSED_FPS = 25;

/** The picture stream of a video, as ffprobe reports it. */
export interface PictureStream {
  width: number;
  height: number;
  fps: number;
}

/** A frame-rate floor and a ceiling on width × height × seconds × max(frame rate, 25). */
export interface CostLimits {
  minFps: number;
  maxPixelFrames: number;
}

/** The configured bounds (lower ceiling for guests): one set for every video processed frame by frame. */
export function costLimits(
  config: { MEDIA_MIN_FPS: number; MEDIA_MAX_PIXEL_FRAMES: number; MEDIA_MAX_PIXEL_FRAMES_GUEST: number },
  isTourist: boolean,
): CostLimits {
  return {
    minFps: config.MEDIA_MIN_FPS,
    maxPixelFrames: isTourist ? config.MEDIA_MAX_PIXEL_FRAMES_GUEST : config.MEDIA_MAX_PIXEL_FRAMES,
  };
}

/** What processing every frame of `seconds` of this picture costs, in pixels. */
export const pixelFrames = (video: PictureStream, seconds: number): number =>
  video.width * video.height * seconds * Math.max(video.fps, PROCESSED_FPS);

/**
 * Why a video may not be processed, in the user's words, or null when it may: below the frame-rate
 * floor (a 1 fps half hour would be cut into 1,800 one-second pieces), or past the pixel-frame ceiling.
 * Every entry point of a heavy video (avatar upload, work material, translation source) asks this
 * once, at submission, before anything is charged or queued.
 */
export function costRefusal(video: PictureStream, seconds: number, limits: CostLimits): string | null {
  if (!(video.fps >= limits.minFps)) return commonMessages.mediaFpsTooLow(limits.minFps);
  if (!(pixelFrames(video, seconds) <= limits.maxPixelFrames)) return commonMessages.mediaTooCostly;
  return null;
}

/** The probe at submission is quick; a file that keeps ffprobe busy longer is refused as unreadable. */
const PROBE_TIMEOUT_MS = 20_000;

/** What a stored file is: its streams, and (when asked) the seconds its packets really span. */
export interface StoredMedia {
  info: MediaInfo;
  /** With `measure`, the length its packets bear out (`confirmedSeconds`), else the header's. */
  seconds: number;
  /** Its data runs out before its index does: the file was cut short. */
  partial: boolean;
}

/**
 * Probes a stored file before it is accepted for heavy work (a local copy, removed afterwards); with
 * `measure`, also reads all its packets, so a length that decides a price is the media's own. Rejects
 * with MediaToolError when ffprobe cannot read it.
 */
export async function probeStored(ctx: AppContext, key: string, o: { measure: boolean }): Promise<StoredMedia> {
  const local = await ctx.storage.toLocalFile(key, path.join(ctx.config.dataDir, 'scratch', 'probe'));
  try {
    const info = await probe(local.path, { timeoutMs: PROBE_TIMEOUT_MS });
    if (!o.measure) return { info, seconds: info.duration, partial: false };
    const span = await mediaSpan(local.path, { timeoutMs: PROBE_TIMEOUT_MS });
    return { info, seconds: confirmedSeconds(info.duration, span.seconds), partial: span.partial };
  } finally {
    await local.cleanup();
  }
}

/**
 * A stored video or recording whose length decides a price: measured from its packets, and refused
 * (文件已损坏或不完整) when ffprobe cannot read it or its data runs out before its index does.
 */
export async function measureStored(ctx: AppContext, key: string): Promise<StoredMedia> {
  const media = await probeStored(ctx, key, { measure: true }).catch((e: unknown) => {
    if (e instanceof MediaToolError) throw new AppError(filesMessages.damagedFile);
    throw e;
  });
  if (media.partial) throw new AppError(filesMessages.damagedFile);
  return media;
}
