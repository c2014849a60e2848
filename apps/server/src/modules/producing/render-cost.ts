import { commonMessages } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { costLimits, pixelFrames, type PictureStream } from '../../platform/media/cost-bounds.js';
import { accountRows } from '../accounts/index.js';

/** Video a work renders frame by frame: a picture (an avatar's, a photo's clip) for as long as it speaks. */
export interface RenderSpan {
  picture: PictureStream;
  seconds: number;
}

/**
 * Refuses, at submission and before anything is held, a work whose render would pass the pixel-frame
 * ceiling every heavy video passes (lower for guests): the sum over what it renders (one span for a
 * talking or photo video, one per scene of a multi-scene work). A 30-minute recording on a 1080p avatar
 * is as heavy as a 30-minute 1080p upload. The frame rate is the engine's own, so no floor applies.
 */
export async function checkRenderCost(ctx: AppContext, userId: number, spans: readonly RenderSpan[]): Promise<void> {
  const cost = spans.reduce((sum, s) => sum + pixelFrames(s.picture, s.seconds), 0);
  const guest = (await accountRows.standing(ctx.database.db, userId))?.isTourist ?? true;
  if (!(cost <= costLimits(ctx.config, guest).maxPixelFrames)) throw new AppError(commonMessages.renderTooCostly);
}
