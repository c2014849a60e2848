import { z } from 'zod';
import type { ProducedWork } from '../producing/index.js';
import type { WorkRow } from '../works/index.js';

const segment = z.object({ id: z.number().int(), start: z.number(), end: z.number(), text: z.string() });

/** What only video translation reads of its work: the order as submitted and each step's stored output. */
export const translateParams = z.object({
  fileId: z.number().int(),
  /** The uploaded source video (the user's file: never deleted with the work). */
  sourceKey: z.string(),
  sourceLang: z.string(),
  targetLang: z.string(),
  mode: z.number().int(),
  subtitles: z.number().int().default(0),
  creditsPerSecond: z.number().int(),
  /** The step running now, shown in the list. */
  step: z.string().default('queued'),
  /** Step 1: the source's audio (16 kHz mono WAV) and the source's real duration. */
  audioKey: z.string().nullable().default(null),
  sourceSeconds: z.number().nullable().default(null),
  /** Step 2: the transcript. */
  transcript: z.array(segment).nullable().default(null),
  transcriptLanguage: z.string().nullable().default(null),
  /** Step 3: translated lines by segment id, stored batch by batch. */
  translations: z.record(z.string(), z.string()).default({}),
  /** Step 4: the voice the dub speaks with (cloned once) and each segment's clip. */
  dubChannel: z.string().nullable().default(null),
  dubVoice: z
    .object({ voiceRef: z.string(), promptText: z.string().optional(), profile: z.unknown().optional() })
    .nullable()
    .default(null),
  clips: z.record(z.string(), z.object({ key: z.string(), seconds: z.number() })).default({}),
  /** Step 5: the aligned dub track, the worst drift and the subtitles. */
  trackKey: z.string().nullable().default(null),
  drift: z.number().nullable().default(null),
  /** Spans of the source slowed so a long dub is not cut (empty when tempo and gaps sufficed), and the result's length. */
  stretches: z.array(z.object({ from: z.number(), to: z.number(), extra: z.number() })).default([]),
  resultSeconds: z.number().nullable().default(null),
  /** The source with those spans slowed: the picture and the sound under the dub. */
  stretchedKey: z.string().nullable().default(null),
  srtKey: z.string().nullable().default(null),
  sourceSrtKey: z.string().nullable().default(null),
  /** Mode 1: the lip-synced picture (before the final mix). */
  lipsyncKey: z.string().nullable().default(null),
  /** Mode 1 on a remote engine: its task, followed after a restart instead of started again. */
  lipsyncTask: z.object({ engine: z.string(), id: z.string() }).nullable().default(null),
  note: z.string().nullable().default(null),
  /** Files the work owns besides video and cover (subtitles; intermediate files while it runs). */
  files: z.array(z.string()).default([]),
});

export type TranslateParams = z.output<typeof translateParams>;
export type TranslateWork = ProducedWork<TranslateParams>;

export const translateParamsOf = (row: WorkRow): TranslateParams => translateParams.parse(row.params);
export const translateWorkOf = (row: WorkRow): TranslateWork => ({ row, p: translateParamsOf(row) });
