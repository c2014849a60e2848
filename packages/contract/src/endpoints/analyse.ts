import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { blankOr, id, oneOf, optionalId, paging, text } from '../fields.js';
import { noData } from './account.js';

/** Extraction record status (spec 001 §3): 1 processing, 3 success, 4 failed. */
export const ANALYSE_STATUS = { processing: 1, success: 3, failed: 4 } as const;
export type AnalyseStatus = (typeof ANALYSE_STATUS)[keyof typeof ANALYSE_STATUS];
/** Audio extraction source: 1 an online link, 2 a local video upload. */
export const AUDIO_SOURCE = { link: 1, upload: 2 } as const;
/** A share text pasted whole ("复制打开抖音… https://v.douyin.com/xxx/") is at most this long. */
export const SHARE_TEXT_MAX = 2000;

export const analyseRecord = z.object({
  id: z.number().int(),
  status: z.union([z.literal(1), z.literal(3), z.literal(4)]),
  status_name: z.string(),
  /** Audio only: 1 from a link, 2 from an uploaded video; video records are always 1. */
  type: z.union([z.literal(1), z.literal(2)]),
  /** The link as found in what the user pasted; empty for an upload. */
  link: z.string(),
  cover: z.string(),
  desc: z.string(),
  /** Bytes of the result; 0 until it succeeds. */
  size: z.number().int(),
  duration: z.number(),
  url: z.string(),
  download_url: z.string(),
  /** Why it failed, shown on a failed record. */
  fail_reason: z.string(),
  /** Credits it cost (0 when it used a free extraction). */
  credits: z.number().int(),
  create_time: z.string(),
});
export type AnalyseRecord = z.infer<typeof analyseRecord>;

const recordList = z.object({ list: z.array(analyseRecord), total: z.number().int() });

const listParams = z.strictObject({
  ...paging,
  /** '' or 0 all; 1 processing; 3 success; 4 failed. */
  status: blankOr(z.union([z.literal('0').transform(() => undefined), oneOf(['1', '3', '4']).transform(Number)])),
});

export const analyseFree = z.object({
  /** Free extractions left today. */
  free_times: z.number().int(),
  /** Free extractions a day on this site. */
  free_per_day: z.number().int(),
  /** Credits one extraction costs once the free ones are used. */
  credits: z.number().int(),
});
export type AnalyseFree = z.infer<typeof analyseFree>;

const link = () => text({ max: SHARE_TEXT_MAX });

export const listVideoAnalyse = endpoint({
  method: 'GET',
  path: '/api/user/videoAnalyse',
  summary: 'The caller\u2019s video extraction records, newest first; status filters',
  tag: 'extraction',
  auth: 'user',
  params: listParams,
  data: recordList,
});

export const parseVideoLink = endpoint({
  method: 'POST',
  path: '/api/user/videoAnalyse',
  paid: true,
  summary: 'Extract the video behind a share link (the link is found in the pasted text)',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({ link: link().optional() }),
  data: z.object({ id: z.number().int() }),
});

export const deleteVideoAnalyse = endpoint({
  method: 'DELETE',
  path: '/api/user/videoAnalyse',
  summary: 'Delete a failed video extraction record',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const videoAnalyseFree = endpoint({
  method: 'GET',
  path: '/api/user/videoAnalyseFree',
  summary: 'Free video extractions left today, and the price after them',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({}),
  data: analyseFree,
});

export const listAudioAnalyse = endpoint({
  method: 'GET',
  path: '/api/user/audioAnalyse',
  summary: 'The caller\u2019s audio extraction records, newest first; status filters',
  tag: 'extraction',
  auth: 'user',
  params: listParams,
  data: recordList,
});

export const extractAudio = endpoint({
  method: 'POST',
  path: '/api/user/audioAnalyse',
  paid: true,
  summary: 'Extract the audio of a linked video (type 1) or of an uploaded video (type 2, file_id)',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({
    type: oneOf(['1', '2']).transform(Number).default(1),
    link: link().optional(),
    file_id: optionalId(),
  }),
  data: z.object({ id: z.number().int() }),
});

export const deleteAudioAnalyse = endpoint({
  method: 'DELETE',
  path: '/api/user/audioAnalyse',
  summary: 'Delete a failed audio extraction record',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const audioAnalyseFree = endpoint({
  method: 'GET',
  path: '/api/user/audioAnalyseFree',
  summary: 'Free audio extractions left today, and the price after them',
  tag: 'extraction',
  auth: 'user',
  params: z.strictObject({}),
  data: analyseFree,
});

export const analyseEndpoints = {
  listVideoAnalyse,
  parseVideoLink,
  deleteVideoAnalyse,
  videoAnalyseFree,
  listAudioAnalyse,
  extractAudio,
  deleteAudioAnalyse,
  audioAnalyseFree,
} as const;

/**
 * The first http(s) link in a pasted share text ("复制打开抖音，看看【…】 https://v.douyin.com/xxx/ …"),
 * trimmed of the punctuation such texts put right after it; null when there is none.
 */
export function findShareLink(pasted: string): string | null {
  const m = /https?:\/\/[^\s\u3000-\u303f\uff00-\uffef"'<>]+/i.exec(pasted);
  if (!m) return null;
  return m[0].replace(/[.,;:!?)\]}]+$/, '');
}
