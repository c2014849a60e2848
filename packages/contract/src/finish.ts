import { z } from 'zod';
import { emptyAsUnset, optionalDecimal, optionalId } from './fields.js';

/**
 * What a create call may ask beyond the render (talking videos, multi-scene works): a backdrop behind
 * the presenter (a colour, or one of the user's pictures or videos, uploads or materials alike), where
 * the presenter stands on it, and music under the voice. A backdrop needs an avatar recorded on a green
 * or blue screen (keyed out when the video is finished); music goes with any video.
 */

/** The screen an avatar was recorded on, as its preparation found it ('' none). */
export const avatarScreenKeys = ['green', 'blue'] as const;
export type AvatarScreen = (typeof avatarScreenKeys)[number];
export const AVATAR_SCREENS: Record<AvatarScreen, string> = { green: '绿幕', blue: '蓝幕' };

/** The presenter's centre as a share of the frame (0–1 each way) and its size (1 = fits the frame). */
export const PRESENTER = {
  x: { min: 0, max: 1 },
  y: { min: 0, max: 1 },
  scale: { min: 0.3, max: 1 },
} as const;
export const PRESENTER_DEFAULT = { x: 0.5, y: 0.5, scale: 1 } as const;

/** The music's level as a share of its own (the voice stays at full level); ducked further while someone speaks. */
export const MUSIC_VOLUME = { min: 0, max: 1 } as const;
export const MUSIC_VOLUME_DEFAULT = 0.3;

/** Backdrop colours the studio offers as swatches (any `#rrggbb` may be sent). */
export const BACKGROUND_SWATCHES = ['#ffffff', '#f2f3f5', '#1f2329', '#1664ff', '#0fc6c2', '#ffd400', '#f53f3f'] as const;

/** The optional params of a create call (all off by default). */
export const finishParamFields = {
  /** `#rrggbb`: a plain colour behind the presenter. */
  background_color: emptyAsUnset(z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: '背景颜色格式不正确' })),
  /** A picture or video of the caller's (an upload or a material, by its file id) behind the presenter. */
  background_id: optionalId(),
  /** The presenter's centre across the frame, 0 (left edge) to 1 (right edge); default 0.5. */
  presenter_x: optionalDecimal(PRESENTER.x),
  /** The presenter's centre down the frame, 0 (top) to 1 (bottom); default 0.5. */
  presenter_y: optionalDecimal(PRESENTER.y),
  /** The presenter's size, 1 = fits the frame; default 1. */
  presenter_scale: optionalDecimal(PRESENTER.scale),
  /** An audio file of the caller's (an upload or a material, by its file id) looped or cut under the voice. */
  music_id: optionalId(),
  /** The music's level, 0–1 of its own (default 0.3). */
  music_volume: optionalDecimal(MUSIC_VOLUME),
};

export interface FinishParams {
  background_color?: string;
  background_id?: number;
  presenter_x?: number;
  presenter_y?: number;
  presenter_scale?: number;
  music_id?: number;
  music_volume?: number;
}

/** True when the call asks for a backdrop or moves the presenter (both need a screen-recorded avatar). */
export const asksBackdrop = (p: FinishParams) =>
  p.background_color !== undefined ||
  p.background_id !== undefined ||
  p.presenter_x !== undefined ||
  p.presenter_y !== undefined ||
  p.presenter_scale !== undefined;

export const finishMessages = {
  backgroundTwice: '背景颜色和背景图片/视频只能选择一个',
  backgroundMissing: '背景文件不存在或已删除',
  backgroundKind: '背景只能是图片或视频文件',
  backgroundNotForPhoto: '照片视频暂不支持更换背景',
  backgroundNotForPhotoScene: (n: number) => `第${n}个场景是照片数字人，暂不支持更换背景`,
  backgroundNotForAudio: '仅输出音频的作品不能设置背景',
  musicMissing: '背景音乐文件不存在或已删除',
  musicKind: '背景音乐只能是音频文件',
} as const;
