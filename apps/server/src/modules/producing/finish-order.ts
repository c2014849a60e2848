import { z } from 'zod';
import {
  asksBackdrop,
  finishMessages,
  MUSIC_VOLUME_DEFAULT,
  PRESENTER_DEFAULT,
  type FinishParams,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { BackdropPlan, MusicPlan } from './finish.js';

/**
 * The backdrop and music an order asks for, checked against the caller when it is placed and kept in
 * the work's params; the finishing pass reads them back as files (uploads and materials are the
 * caller's own files, fetched from storage when the video is finished).
 */

const backdropShape = z.object({
  /** `#rrggbb`, or null with a picture or video. */
  color: z.string().nullable(),
  /** Storage key of the caller's picture or video, or null with a colour. */
  fileKey: z.string().nullable(),
  fileKind: z.enum(['image', 'video']).nullable(),
  x: z.number(),
  y: z.number(),
  scale: z.number(),
});
export type BackdropOrder = z.output<typeof backdropShape>;

const musicShape = z.object({ fileKey: z.string(), volume: z.number() });
export type MusicOrder = z.output<typeof musicShape>;

/** What a work with a backdrop or music keeps in its params (both optional, null for none). */
export const finishParamsShape = {
  backdrop: backdropShape.nullable().default(null),
  music: musicShape.nullable().default(null),
};

export interface FinishOrder {
  backdrop: BackdropOrder | null;
  music: MusicOrder | null;
}

/** The caller's registered files, as the finishing options look them up (ownership is part of the lookup). */
export interface FinishUploads {
  findOwned(db: Db, userId: number, id: number): Promise<{ kind: string; key: string } | null>;
}

/** The screen behind the presenter: what the avatar's preparation found, or the green of its matte. */
export interface ScreenOf {
  screen: string;
  screenColor: string;
}

/**
 * Checks the order's backdrop and music against the caller, each refusal in Chinese: one backdrop (a
 * colour, or the caller's picture or video) when the work's picture takes one (`backdrop` true, else
 * the refusal: a presenter not filmed on a screen is matted when rendered); music from the caller's
 * audio files.
 */
export async function checkFinish(
  ctx: AppContext,
  uploads: FinishUploads,
  userId: number,
  p: FinishParams,
  backdropTaken: true | string,
): Promise<FinishOrder> {
  const db = ctx.database.db;
  let backdrop: BackdropOrder | null = null;
  if (asksBackdrop(p)) {
    if (backdropTaken !== true) throw new AppError(backdropTaken);
    if (p.background_color !== undefined && p.background_id !== undefined)
      throw new AppError(finishMessages.backgroundTwice);
    let file: { key: string; kind: 'image' | 'video' } | null = null;
    if (p.background_id !== undefined) {
      const found = await uploads.findOwned(db, userId, p.background_id);
      if (!found) throw new AppError(finishMessages.backgroundMissing);
      if (found.kind !== 'image' && found.kind !== 'video') throw new AppError(finishMessages.backgroundKind);
      file = { key: found.key, kind: found.kind };
    }
    backdrop = {
      // Only moving the presenter keeps a backdrop of the studio's own: the first swatch, white.
      color: file ? null : (p.background_color ?? '#ffffff').toLowerCase(),
      fileKey: file?.key ?? null,
      fileKind: file?.kind ?? null,
      x: p.presenter_x ?? PRESENTER_DEFAULT.x,
      y: p.presenter_y ?? PRESENTER_DEFAULT.y,
      scale: p.presenter_scale ?? PRESENTER_DEFAULT.scale,
    };
  }
  let music: MusicOrder | null = null;
  if (p.music_id !== undefined) {
    const found = await uploads.findOwned(db, userId, p.music_id);
    if (!found) throw new AppError(finishMessages.musicMissing);
    if (found.kind !== 'voice') throw new AppError(finishMessages.musicKind);
    music = { fileKey: found.key, volume: p.music_volume ?? MUSIC_VOLUME_DEFAULT };
  }
  return { backdrop, music };
}

/** A stored file of the order as a local path for the finishing pass (in the job's scratch folder). */
async function localOf(ctx: AppContext, key: string, scratch: string): Promise<string> {
  return (await ctx.storage.toLocalFile(key, scratch)).path;
}

/** The backdrop of the finishing pass: the order's colour or file behind the presenter, its screen keyed out. */
export async function backdropPlan(
  ctx: AppContext,
  order: BackdropOrder | null,
  avatar: ScreenOf | null,
  scratch: string,
): Promise<BackdropPlan | null> {
  if (!order) return null;
  const screen = avatar?.screen;
  const key: 'green' | 'blue' | null = screen === 'green' || screen === 'blue' ? screen : null;
  const common = {
    key,
    keyColor: avatar?.screenColor || null,
    placement: { x: order.x, y: order.y, scale: order.scale },
  };
  if (order.fileKey && order.fileKind === 'image')
    return { image: await localOf(ctx, order.fileKey, scratch), ...common };
  if (order.fileKey) return { video: await localOf(ctx, order.fileKey, scratch), ...common };
  return { color: order.color ?? '#ffffff', ...common };
}

/** The music of the finishing pass, or null. */
export async function musicPlan(ctx: AppContext, order: MusicOrder | null, scratch: string): Promise<MusicPlan | null> {
  if (!order) return null;
  return { file: await localOf(ctx, order.fileKey, scratch), volume: order.volume };
}
