import { avatarMessages, avatarSourceLimits } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { costLimits, costRefusal, probeStored } from '../../platform/media/cost-bounds.js';
import { MediaToolError } from '../../platform/media/ffmpeg.js';

/**
 * Refuses, before any heavy work, an avatar upload whose preparation would cost more than allowed:
 * the spec's duration limits, then the frame-rate floor and pixel-frame ceiling every heavy video
 * passes (`costRefusal`, lower for guests). Only ffprobe runs here.
 */
export async function checkPreparationCost(ctx: AppContext, key: string, isTourist: boolean): Promise<void> {
  const { info } = await probeStored(ctx, key, { measure: false }).catch((e: unknown) => {
    if (e instanceof MediaToolError) throw new AppError(avatarMessages.sourceUnreadable);
    throw e;
  });
  const video = info.video;
  if (!video || video.width <= 0 || video.height <= 0) throw new AppError(avatarMessages.sourceNoVideo);
  if (info.duration < avatarSourceLimits.minSeconds) throw new AppError(avatarMessages.sourceTooShort);
  if (info.duration > avatarSourceLimits.maxSeconds) throw new AppError(avatarMessages.sourceTooLong);
  const refused = costRefusal(video, info.duration, costLimits(ctx.config, isTourist));
  if (refused) throw new AppError(refused);
}
