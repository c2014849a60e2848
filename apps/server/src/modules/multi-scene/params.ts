import { z } from 'zod';
import { canvasShape, type ProducedWork } from '../producing/index.js';
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
});
export type MultiParams = z.output<typeof multiParams>;
export type MultiWork = ProducedWork<MultiParams>;

export const multiWorkOf = (row: WorkRow): MultiWork => ({ row, p: multiParams.parse(row.params) });
