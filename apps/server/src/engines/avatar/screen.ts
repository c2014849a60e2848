import { ffmpeg } from '../../platform/media/ffmpeg.js';

/**
 * Finds whether an avatar was recorded on a green or blue screen: a few frames across the footage are
 * shrunk to a small picture and the ring along its edges (where a screen shows round a presenter) is
 * read; when most of it is one saturated screen colour, that screen and its median colour are answered
 * (the colour the key takes out, which is rarely the pure one). Answers null for any other background.
 */

export interface ScreenFound {
  key: 'green' | 'blue';
  /** `#rrggbb`: the screen's own colour, the median of the ring's screen pixels. */
  color: string;
}

const W = 64;
const H = 64;
/** The ring's width, as a share of the picture each side. */
const RING = 0.1;
/** Share of the ring that must be screen-coloured. */
const SCREEN_SHARE = 0.6;
const FRAMES = 5;

/** The screen a pixel's colour belongs to: one channel well above the other two and bright enough. */
export function screenOfPixel(r: number, g: number, b: number): 'green' | 'blue' | null {
  if (g > 70 && g > r * 1.35 && g > b * 1.2) return 'green';
  if (b > 70 && b > r * 2 && b > g * 1.4) return 'blue';
  return null;
}

/** Reads the screen from frames of `w`×`h` RGB pixels (one after another in `rgb`). */
export function screenOfFrames(rgb: Uint8Array, w: number, h: number): ScreenFound | null {
  const ring = { x: Math.max(1, Math.round(w * RING)), y: Math.max(1, Math.round(h * RING)) };
  const frames = Math.floor(rgb.length / (w * h * 3));
  const found: Record<'green' | 'blue', number[][]> = { green: [], blue: [] };
  let total = 0;
  for (let f = 0; f < frames; f++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inRing = x < ring.x || x >= w - ring.x || y < ring.y || y >= h - ring.y;
        // The bottom edge is left out: a presenter's body usually stands on it.
        if (!inRing || y >= h - ring.y) continue;
        const i = ((f * h + y) * w + x) * 3;
        const px = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
        total++;
        const screen = screenOfPixel(px[0] as number, px[1] as number, px[2] as number);
        if (screen) found[screen].push(px);
      }
    }
  }
  if (!total) return null;
  for (const key of ['green', 'blue'] as const) {
    const pixels = found[key];
    if (pixels.length / total < SCREEN_SHARE) continue;
    const median = [0, 1, 2].map((c) => {
      const values = pixels.map((p) => p[c] as number).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] as number;
    });
    return { key, color: `#${median.map((v) => v.toString(16).padStart(2, '0')).join('')}` };
  }
  return null;
}

/**
 * The screen behind the presenter of a video of `duration` seconds, or null. Each frame is read by
 * seeking to it (the mezzanine's fixed GOP makes that a short decode), not by decoding the whole video.
 */
export async function detectScreen(video: string, duration: number, signal?: AbortSignal): Promise<ScreenFound | null> {
  const frames = await Promise.all(
    Array.from({ length: FRAMES }, (_, i) =>
      ffmpeg(
        [
          '-ss',
          ((duration * (i + 0.5)) / FRAMES).toFixed(3),
          '-i',
          video,
          '-frames:v',
          '1',
          '-vf',
          `scale=${W}:${H}:flags=area,format=rgb24`,
          '-f',
          'rawvideo',
          'pipe:1',
        ],
        { signal },
      ),
    ),
  );
  const raw = Buffer.concat(frames);
  return screenOfFrames(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength), W, H);
}
