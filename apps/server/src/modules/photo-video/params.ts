import { z } from 'zod';
import type { WorkRow } from '../works/index.js';

/** What only the photo video reads of its work: the order as submitted and its steps' outputs. */
export const photoParams = z.object({
  photoId: z.number().int(),
  /** 1 person image, 2 pet (also the row's photo_type, the works tab it shows under). */
  photoType: z.number().int(),
  /** The picture as it was when submitted: the work does not depend on the library row staying. */
  imageKey: z.string(),
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
  /** Step 1's output: the speech (the upload itself in audio mode). */
  speechKey: z.string().nullable().default(null),
  speechSeconds: z.number().nullable().default(null),
  /** Step 2's facts: whether a face was animated, and what the user should know about the clip. */
  faceAnimated: z.boolean().nullable().default(null),
  note: z.string().nullable().default(null),
  /** Stored files the work owns besides its video and cover (synthesized speech); deletion removes them. */
  files: z.array(z.string()).default([]),
});

export type PhotoParams = z.output<typeof photoParams>;

export interface PhotoWork {
  row: WorkRow;
  p: PhotoParams;
}

export const photoWorkOf = (row: WorkRow): PhotoWork => ({ row, p: photoParams.parse(row.params) });
