import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id } from '../fields.js';

/**
 * The steady points of a mouth, the ones the live avatar's sprites are aligned by: nose tip, left
 * corner, right corner and the three top points of the upper lip, as [x0, y0, x1, y1, ...] (pixels).
 */
export const LIVE_STEADY_POINTS = 6;
/** How much each steady point counts in the alignment (the nose tip holds the rest in place). */
export const LIVE_STEADY_WEIGHTS = [2, 1, 1, 1, 1, 1] as const;

/** Every Chinese message of the live avatar's assets. */
export const liveAvatarMessages = {
  avatarMissing: '数字人不存在或无权使用',
  avatarNotReady: '数字人还在处理中，请稍后再试',
  noFace: '该数字人的视频中没有检测到清晰的人脸，无法用于实时互动',
  buildFailed: '实时数字人素材生成失败，请稍后再试',
} as const;

/** One mouth sprite of the live avatar's atlas. */
export const liveSprite = z.object({
  /** Where it is in the atlas picture (pixels). */
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  /** Its shape: lip gap over mouth width above the footage's rest (0 closed), width over the usual width, outer height over width. */
  open: z.number(),
  width: z.number(),
  round: z.number(),
  /** Its steady points in its own pixels (see LIVE_STEADY_POINTS). */
  points: z.array(z.number()),
});
export type LiveSprite = z.infer<typeof liveSprite>;

/**
 * What the browser needs to make the avatar speak over its idle loop: the loop's size and rate, where
 * the mouth is on each of its frames, and the mouth sprites it lays there.
 */
export const liveAtlasMeta = z.object({
  version: z.literal(1),
  loop: z.object({
    width: z.number().int(),
    height: z.number().int(),
    fps: z.number(),
    /** Frames of the loop: the clip forward then backward (`frames` = 2 × `forward`). */
    frames: z.number().int(),
    forward: z.number().int(),
  }),
  /**
   * The mouth's steady points on each forward frame of the loop (loop pixels, LIVE_STEADY_POINTS
   * pairs), null where no face was found; loop frame i ≥ forward shows forward frame frames − 1 − i.
   */
  track: z.array(z.array(z.number()).nullable()),
  atlas: z.object({ width: z.number().int(), height: z.number().int() }),
  /** The sprites carry their own feathered mask in the atlas's alpha; its soft edge, in sprite pixels. */
  feather: z.number(),
  sprites: z.array(liveSprite),
  /** The sprite of the mouth at rest (closed). */
  rest: z.number().int(),
  /** The widest opening among the sprites: a fully open viseme asks for this much. */
  openMax: z.number(),
  /** 'footage': the sprites are the avatar's own mouths; 'jaw': its rest mouth opened by warping (photo-like footage). */
  source: z.enum(['footage', 'jaw']),
});
export type LiveAtlasMeta = z.infer<typeof liveAtlasMeta>;

export const liveAvatarAssets = z.object({
  /** The idle loop (H.264, no sound): it plays on repeat under the mouth. */
  loop: z.string(),
  /** The mouth sprites (PNG with alpha). */
  atlas: z.string(),
  meta: liveAtlasMeta,
});
export type LiveAvatarAssets = z.infer<typeof liveAvatarAssets>;

export const liveAvatar = endpoint({
  method: 'GET',
  path: '/api/user/live/avatar',
  summary:
    'What the browser needs to animate one of your avatars or a public actor live: its idle loop, mouth sprites and face track',
  tag: 'live',
  auth: 'user',
  params: z.strictObject({ avatar_id: id() }),
  data: liveAvatarAssets,
});
