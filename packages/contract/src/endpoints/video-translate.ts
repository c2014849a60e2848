import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, id, optionalDisplayName, optionalFlag, optionalId, paging, text } from '../fields.js';
import { noData } from './account.js';

/** Translation mode (spec 001): 1 lip-sync (the mouth follows the new speech), 2 voice only. */
export const TRANSLATE_MODES = { lipsync: 1, voice: 2 } as const;

export const translateLanguage = z.object({
  /** ISO 639-1: zh, en, ja, ko, es, fr, de, ru, pt, ar. */
  id: z.string(),
  name: z.string(),
  /** A flag emoji shown beside the name. */
  icon: z.string(),
  /** Whether it can be the spoken language (the speech recogniser hears it). */
  source: z.boolean(),
  /** Whether it can be the language translated into (the text model writes it and a voice speaks it). */
  target: z.boolean(),
});
export type TranslateLanguage = z.infer<typeof translateLanguage>;

export const translateModeOption = z.object({
  mode: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  /** Credits per second of source video. */
  credits: z.number().int(),
  available: z.boolean(),
});

export const listTranslateLanguages = endpoint({
  method: 'GET',
  path: '/api/index/translateLang',
  summary: 'Languages of video translation (only those the configured engines support), modes and prices',
  tag: 'video-translate',
  auth: 'none',
  params: z.strictObject({}),
  data: z.object({
    list: z.array(translateLanguage),
    modes: z.array(translateModeOption),
    /** False when no speech recogniser is configured: the page says `reason` and offers no upload. */
    configured: z.boolean(),
    reason: z.string(),
  }),
});

export const videoTranslateRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 queued, 2 running, 3 done, 4 failed. */
  status: z.number().int(),
  status_name: z.string(),
  /** The step running now (提取音频, 语音识别, 翻译文本…). */
  step: z.string(),
  progress: z.number().int(),
  fail_reason: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  mode: z.number().int(),
  subtitles: z.number().int(),
  duration: z.number(),
  credits: z.number().int(),
  url: z.string(),
  cover: z.string(),
  /** SRT of the translation and of the original speech; empty until done. */
  srt_url: z.string(),
  source_srt_url: z.string(),
  /** Seconds the dubbed speech ends past its original slot at worst (0 when everything fits). */
  drift: z.number(),
  /** What the user should know about the result (which voice engine dubbed it). */
  note: z.string(),
  create_time: z.string(),
});
export type VideoTranslateRecord = z.infer<typeof videoTranslateRecord>;

export const listVideoTranslate = endpoint({
  method: 'GET',
  path: '/api/user/videoTranslate',
  summary: 'The caller\u2019s video translations, newest first',
  tag: 'video-translate',
  auth: 'user',
  params: z.strictObject({ ...paging }),
  data: z.object({ list: z.array(videoTranslateRecord), total: z.number().int() }),
});

export const submitVideoTranslate = endpoint({
  method: 'POST',
  path: '/api/user/videoTranslate',
  paid: true,
  summary: 'Translate an uploaded video (file_id) from source_lang to target_lang; mode 1 lip-sync, 2 voice only',
  tag: 'video-translate',
  auth: 'user',
  params: z.strictObject({
    file_id: optionalId(),
    source_lang: blankOr(text({ max: 8 })),
    target_lang: blankOr(text({ max: 8 })),
    mode: blankOr(text({ max: 2 })),
    /** 1 burns the translated subtitles into the picture. */
    subtitles: optionalFlag(),
    name: optionalDisplayName(),
  }),
  data: z.object({ id: z.number().int(), credits: z.number().int() }),
});

export const deleteVideoTranslate = endpoint({
  method: 'DELETE',
  path: '/api/user/videoTranslate',
  summary: 'Delete a finished or failed video translation with its files',
  tag: 'video-translate',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const videoTranslateEndpoints = {
  listTranslateLanguages,
  listVideoTranslate,
  submitVideoTranslate,
  deleteVideoTranslate,
} as const;
