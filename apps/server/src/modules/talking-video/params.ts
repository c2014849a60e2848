import { z } from 'zod';
import { canvasShape, spokenParamsShape, type ProducedWork } from '../producing/index.js';
import { type WorkRow } from '../works/index.js';

/** What only the talking video reads of its work: the order as submitted and its steps' outputs. */
export const talkingParams = z.object({
  avatarId: z.number().int(),
  /** The frame the video fills (an open API order's dimension and background colour); null keeps the avatar's size. */
  canvas: canvasShape.nullable().default(null),
  ...spokenParamsShape,
});

export type TalkingParams = z.output<typeof talkingParams>;

/** A talking-video work: the gallery row and its parsed params, updated together as steps finish. */
export type TalkingWork = ProducedWork<TalkingParams>;

export const talkingWorkOf = (row: WorkRow): TalkingWork => ({ row, p: talkingParams.parse(row.params) });
