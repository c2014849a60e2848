import { z } from 'zod';
import { captionStyleShape } from '@app/contract';
import { canvasShape, finishParamsShape, workPrefix, type ProducedWork } from '../producing/index.js';
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
