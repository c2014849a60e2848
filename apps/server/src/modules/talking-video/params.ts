import { z } from 'zod';
import { spokenParamsShape, type ProducedWork, type WorkRow } from '../works/index.js';

/** What only the talking video reads of its work: the order as submitted and its steps' outputs. */
export const talkingParams = z.object({
  avatarId: z.number().int(),
  ...spokenParamsShape,
});

export type TalkingParams = z.output<typeof talkingParams>;

/** A talking-video work: the gallery row and its parsed params, updated together as steps finish. */
export type TalkingWork = ProducedWork<TalkingParams>;

export const talkingWorkOf = (row: WorkRow): TalkingWork => ({ row, p: talkingParams.parse(row.params) });
