import path from 'node:path';
import { z } from 'zod';
import { ffmpeg } from '../../platform/media/ffmpeg.js';

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
export async function fitIntoCanvas(video: string, canvas: Canvas, signal?: AbortSignal): Promise<string> {
  const out = path.join(path.dirname(video), `canvas-${path.basename(video)}`);
  const { width: w, height: h } = canvas;
  const filter =
    `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2,` +
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=0x${canvas.color.slice(1)},setsar=1`;
  await ffmpeg(
    [
      '-i',
      video,
      '-vf',
      filter,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'copy',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    { signal },
  );
  return out;
}
