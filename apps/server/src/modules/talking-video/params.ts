import { z } from 'zod';
import type { WorkRow } from '../works/index.js';

/** What only the talking video reads of its work: the order as submitted and its steps' outputs. */
export const talkingParams = z.object({
  avatarId: z.number().int(),
  /** 'text' (speech synthesized here) or 'audio' (the user's upload). */
  mode: z.enum(['text', 'audio']),
  voiceId: z.number().int().nullable().default(null),
  script: z.string().default(''),
  audioFileId: z.number().int().nullable().default(null),
  language: z.string().default(''),
  emotion: z.string().default(''),
  rate: z.number().default(1),
  volume: z.number().default(1),
  pitch: z.number().default(1),
  estimateSeconds: z.number(),
  creditsPerSecond: z.number().int(),
  /** Step 1's output: the speech that drives the video (the upload itself in audio mode). */
  speechKey: z.string().nullable().default(null),
  speechSeconds: z.number().nullable().default(null),
  /** Stored files the work owns besides its video and cover (synthesized speech); deletion removes them. */
  files: z.array(z.string()).default([]),
});

export type TalkingParams = z.output<typeof talkingParams>;

/** A talking-video work: the gallery row and its parsed params, updated together as steps finish. */
export interface TalkingWork {
  row: WorkRow;
  p: TalkingParams;
}

export const talkingWorkOf = (row: WorkRow): TalkingWork => ({ row, p: talkingParams.parse(row.params) });
