import { z } from 'zod';
import { captionStyleShape } from '@app/contract';
import { canvasShape, creditsFor, finishParamsShape, workPrefix, type ProducedWork } from '../producing/index.js';
import type { WorkRow } from '../works/index.js';

/** What only the multi-scene producer reads of its work row. */
export const multiParams = z.object({
  driveMode: z.enum(['serial', 'random']),
  outputMode: z.enum(['video', 'audio']),
  /** Scene positions in the order the merged work plays them (serial: as built; random: shuffled once on submit). */
  order: z.array(z.number().int()),
  estimateSeconds: z.number(),
  creditsPerSecond: z.number().int(),
  /** Whether the last join was a plain stream copy (every clip already matched the first). */
  joinedByCopy: z.boolean().nullable().default(null),
  /** Each scene's frame by position (open API orders with a dimension); none or null keeps the avatar's size. */
  canvases: z.array(canvasShape.nullable()).default([]),
  files: z.array(z.string()).default([]),
  /** Captions burned into every scene (video output), one style for all; null for none. */
  captions: captionStyleShape.nullable().default(null),
  /** The merged work's SRT, put together from the scenes' at the join. */
  captionsKey: z.string().nullable().default(null),
  /** One backdrop behind every scene's (screen-recorded) presenter, and music under the joined work. */
  ...finishParamsShape,
});
export type MultiParams = z.output<typeof multiParams>;
export type MultiWork = ProducedWork<MultiParams>;

export const multiWorkOf = (row: WorkRow): MultiWork => ({ row, p: multiParams.parse(row.params) });

/** Where a scene's captions are kept (its clip's name with .srt); the scene's own entry owns them. */
export const sceneSrtKey = (work: MultiWork, position: number) => `${workPrefix(work.row)}scene-${position + 1}.srt`;

/**
 * A multi-scene work's price: its avatar scenes together at the work's rate for the length they fill
 * (the whole length less the photo scenes'), each photo scene as a photo video of its own length.
 */
export function multiPrice(
  perSecond: number,
  scenes: { seconds: number; creditsPerSecond: number | null }[],
  totalSeconds: number,
): number {
  const photos = scenes.filter((s) => s.creditsPerSecond !== null);
  const photoSeconds = photos.reduce((n, s) => n + s.seconds, 0);
  const avatars = photos.length < scenes.length ? creditsFor(Math.max(0, totalSeconds - photoSeconds), perSecond) : 0;
  return avatars + photos.reduce((n, s) => n + creditsFor(s.seconds, s.creditsPerSecond ?? perSecond), 0);
}
