import path from 'node:path';
import { studioMessages } from '@app/contract';
import { avatarMessages, avatarSourceLimits } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { MediaToolError, probe } from '../../platform/media/ffmpeg.js';

/** The preparation writes its copies at this frame rate, so slower sources cost as much as this. */
const PREPARED_FPS = 25;
/** The probe at creation is quick; a file that keeps ffprobe busy longer is refused as unreadable. */
const PROBE_TIMEOUT_MS = 20_000;

/**
 * Refuses, before any heavy work, an avatar upload whose preparation would cost more than allowed:
 * the spec's duration limits, a frame-rate floor, and a ceiling on width × height × seconds ×
 * max(frame rate, 25) (lower for guests). Only ffprobe runs here.
 */
export async function checkPreparationCost(ctx: AppContext, key: string, isTourist: boolean): Promise<void> {
  const local = await ctx.storage.toLocalFile(key, path.join(ctx.config.dataDir, 'scratch', 'probe-avatar'));
  try {
    const info = await probe(local.path, { timeoutMs: PROBE_TIMEOUT_MS }).catch((e: unknown) => {
      if (e instanceof MediaToolError) throw new AppError(avatarMessages.sourceUnreadable);
      throw e;
    });
    const video = info.video;
    if (!video || video.width <= 0 || video.height <= 0) throw new AppError(avatarMessages.sourceNoVideo);
    if (info.duration < avatarSourceLimits.minSeconds) throw new AppError(avatarMessages.sourceTooShort);
    if (info.duration > avatarSourceLimits.maxSeconds) throw new AppError(avatarMessages.sourceTooLong);
    const { AVATAR_MIN_FPS, AVATAR_MAX_PIXEL_FRAMES, AVATAR_MAX_PIXEL_FRAMES_GUEST } = ctx.config;
    if (!(video.fps >= AVATAR_MIN_FPS)) throw new AppError(studioMessages.avatarFpsTooLow(AVATAR_MIN_FPS));
    const cost = video.width * video.height * info.duration * Math.max(video.fps, PREPARED_FPS);
    if (cost > (isTourist ? AVATAR_MAX_PIXEL_FRAMES_GUEST : AVATAR_MAX_PIXEL_FRAMES))
      throw new AppError(studioMessages.avatarTooCostly);
  } finally {
    await local.cleanup();
  }
}
