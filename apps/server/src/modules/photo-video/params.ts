import { z } from 'zod';
import { canvasShape, spokenParamsShape, type ProducedWork } from '../producing/index.js';
import { type WorkRow } from '../works/index.js';

/** What only the photo video reads of its work: the order as submitted and its steps' outputs. */
export const photoParams = z.object({
  photoId: z.number().int(),
  /** 1 person image, 2 pet (also the row's photo_type, the works tab it shows under). */
  photoType: z.number().int(),
  /** The picture as it was when submitted: the work does not depend on the library row staying. */
  imageKey: z.string(),
  ...spokenParamsShape,
  /** Step 2's facts: whether a face was animated, and what the user should know about the clip. */
  faceAnimated: z.boolean().nullable().default(null),
  note: z.string().nullable().default(null),
  /** The frame an open API order asks the clip to fill, with its colour around the picture. */
  canvas: canvasShape.nullable().default(null),
});

export type PhotoParams = z.output<typeof photoParams>;

export type PhotoWork = ProducedWork<PhotoParams>;

export const photoWorkOf = (row: WorkRow): PhotoWork => ({ row, p: photoParams.parse(row.params) });
