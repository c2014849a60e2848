import type { AvatarScreen } from '@app/contract';

/**
 * How far a pixel leans to the screen's channel over the stronger of the other two, 0–255. Pixels well
 * past KEY_FULL are screen (transparent), below KEY_EDGE they are the presenter, between them the edge
 * fades, as the server's keying softens it.
 */
const KEY_EDGE = 24;
const KEY_FULL = 64;

/**
 * A simple chroma key for the preview: in RGBA pixels (a canvas's ImageData), pixels close to the screen's
 * colour become transparent and the screen's spill on the edges is toned down. Changes `data` in place.
 */
export function keyOutScreen(data: Uint8ClampedArray, screen: AvatarScreen): void {
  // RGBA offsets: the screen's channel, and the other two colour channels.
  const key = screen === 'green' ? 1 : 2;
  const others = screen === 'green' ? [0, 2] : [0, 1];
  for (let i = 0; i < data.length; i += 4) {
    const k = data[i + key]!;
    const other = Math.max(data[i + others[0]!]!, data[i + others[1]!]!);
    const lean = k - other;
    if (lean <= KEY_EDGE) continue;
    // Spill: the screen's channel no higher than the stronger other one.
    data[i + key] = other;
    const alpha = lean >= KEY_FULL ? 0 : 1 - (lean - KEY_EDGE) / (KEY_FULL - KEY_EDGE);
    data[i + 3] = Math.round(data[i + 3]! * alpha);
  }
}
