import { z } from 'zod';
import { emptyAsUnset, optionalChoice, optionalFlag, optionalInt } from './fields.js';

/**
 * Captions burned into a video (talking videos, photo videos, multi-scene scenes): the named styles the
 * studio offers, the knobs a user may turn, and the optional params that carry them on a create call.
 * The server draws them with these values and the studio's preview shows the same ones.
 */

/** The installed CJK fonts a caption may use (fonts-noto-cjk), by the name the renderer asks for. */
export const CAPTION_FONTS = {
  sans: { label: '黑体', family: 'Noto Sans CJK SC' },
  serif: { label: '宋体', family: 'Noto Serif CJK SC' },
} as const;
export const captionFontKeys = ['sans', 'serif'] as const;
export type CaptionFont = (typeof captionFontKeys)[number];

/** How the text stands off the picture: a dark outline round each letter, or a dark box behind the line. */
export const captionLookKeys = ['outline', 'box'] as const;
export type CaptionLook = (typeof captionLookKeys)[number];
export const CAPTION_LOOKS: Record<CaptionLook, string> = { outline: '描边', box: '底框' };

export const captionPositionKeys = ['bottom', 'middle', 'top'] as const;
export type CaptionPosition = (typeof captionPositionKeys)[number];
export const CAPTION_POSITIONS: Record<CaptionPosition, string> = { bottom: '底部', middle: '中部', top: '顶部' };

/** Font size in pixels on a picture whose short side is 1080 px; scaled with the picture. */
export const CAPTION_SIZE = { min: 30, max: 110 } as const;
/** Characters a caption line holds at most; 0 = as many as fit the picture's width (at most AUTO_LINE_MAX). */
export const CAPTION_LINE_CHARS = { min: 6, max: 30 } as const;
export const AUTO_LINE_MAX = 22;

export interface CaptionStyle {
  font: CaptionFont;
  size: number;
  /** `#rrggbb`. */
  color: string;
  look: CaptionLook;
  position: CaptionPosition;
  /** 0: fitted to the picture's width. */
  lineChars: number;
}

export const captionStyleShape = z.object({
  font: z.enum(captionFontKeys),
  size: z.number().int().min(CAPTION_SIZE.min).max(CAPTION_SIZE.max),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  look: z.enum(captionLookKeys),
  position: z.enum(captionPositionKeys),
  lineChars: z.number().int().min(0).max(CAPTION_LINE_CHARS.max),
});

export const captionPresetKeys = ['classic', 'yellow', 'box', 'serif'] as const;
export type CaptionPreset = (typeof captionPresetKeys)[number];

/** The named styles, in the order the studio lists them; the first is the default. */
export const CAPTION_PRESETS: Record<CaptionPreset, { name: string; style: CaptionStyle }> = {
  classic: {
    name: '经典白字黑边',
    style: { font: 'sans', size: 64, color: '#ffffff', look: 'outline', position: 'bottom', lineChars: 0 },
  },
  yellow: {
    name: '黄字黑边',
    style: { font: 'sans', size: 68, color: '#ffd400', look: 'outline', position: 'bottom', lineChars: 0 },
  },
  box: {
    name: '黑底白字',
    style: { font: 'sans', size: 58, color: '#ffffff', look: 'box', position: 'bottom', lineChars: 0 },
  },
  serif: {
    name: '宋体白字',
    style: { font: 'serif', size: 64, color: '#ffffff', look: 'outline', position: 'bottom', lineChars: 0 },
  },
};

/** Caption params of a create call: all optional; `captions=1` turns them on, the rest refine the preset. */
export const captionParamFields = {
  /** 1: captions burned in and an SRT kept (default 0). */
  captions: optionalFlag(),
  /** A named style (default classic); the fields below change single parts of it. */
  caption_preset: optionalChoice(captionPresetKeys),
  caption_font: optionalChoice(captionFontKeys),
  caption_size: optionalInt(CAPTION_SIZE),
  /** `#rrggbb`. */
  caption_color: emptyAsUnset(z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: '字幕颜色格式不正确' })),
  caption_look: optionalChoice(captionLookKeys),
  caption_position: optionalChoice(captionPositionKeys),
  /** 0 (or left out): as many as fit the width. */
  caption_line_chars: optionalInt({ min: 0, max: CAPTION_LINE_CHARS.max }),
};

type CaptionParams = {
  captions?: number;
  caption_preset?: CaptionPreset;
  caption_font?: CaptionFont;
  caption_size?: number;
  caption_color?: string;
  caption_look?: CaptionLook;
  caption_position?: CaptionPosition;
  caption_line_chars?: number;
};

/** The style a create call asks for, or null when it asks for no captions. */
export function captionStyleOf(p: CaptionParams): CaptionStyle | null {
  if (p.captions !== 1) return null;
  const base = CAPTION_PRESETS[p.caption_preset ?? 'classic'].style;
  const lineChars = p.caption_line_chars ?? base.lineChars;
  return {
    font: p.caption_font ?? base.font,
    size: p.caption_size ?? base.size,
    color: (p.caption_color ?? base.color).toLowerCase(),
    look: p.caption_look ?? base.look,
    position: p.caption_position ?? base.position,
    lineChars: lineChars > 0 ? Math.max(CAPTION_LINE_CHARS.min, lineChars) : 0,
  };
}

/** The params that ask for `style` (what the studio sends). */
export function captionParamsOf(style: CaptionStyle | null, preset: CaptionPreset = 'classic'): CaptionParams {
  if (!style) return {};
  return {
    captions: 1,
    caption_preset: preset,
    caption_font: style.font,
    caption_size: style.size,
    caption_color: style.color,
    caption_look: style.look,
    caption_position: style.position,
    caption_line_chars: style.lineChars,
  };
}

/** Pixels of a caption's font on a picture of `width` × `height`. */
export const captionFontPx = (style: Pick<CaptionStyle, 'size'>, width: number, height: number) =>
  Math.max(12, Math.round((style.size * Math.min(width, height)) / 1080));

/** Characters a line holds on a picture of `width` px: the style's own count, or as many as fit (about 86 % of it). */
export const captionLineChars = (style: CaptionStyle, width: number, height: number) =>
  style.lineChars > 0
    ? style.lineChars
    : Math.max(
        CAPTION_LINE_CHARS.min,
        Math.min(AUTO_LINE_MAX, Math.floor((width * 0.86) / captionFontPx(style, width, height))),
      );

/** Distance of a caption line from its edge (bottom or top), as a share of the picture's height. */
export const captionMarginShare = (width: number, height: number) => (height > width ? 0.14 : 0.08);

export const captionMessages = {
  audioNeedsTranscription: '音频驱动的作品需要语音识别服务来生成字幕，管理员尚未开通，请关闭字幕后提交',
  srtMissing: '该作品没有字幕',
} as const;
