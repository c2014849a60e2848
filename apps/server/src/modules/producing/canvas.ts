import { z } from 'zod';
import { finishVideo } from './finish.js';

/**
 * The frame an order asks its video to fill (the open API's `dimension` and background colour): the
 * avatar is scaled to fit inside it, keeping its shape, and the colour fills the rest. The avatar's
 * own backdrop stays as it was filmed: nothing here cuts the person out.
 */
export const canvasShape = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** `#rrggbb`. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Canvas = z.output<typeof canvasShape>;

/** Fits a rendered video into its canvas; the sound is copied as it is. Answers the new file. */
export function fitIntoCanvas(video: string, canvas: Canvas, signal?: AbortSignal): Promise<string> {
  return finishVideo(video, { canvas }, signal);
}
