import { z } from 'zod';
import { avatarMessages, withVendorDetail } from './messages.js';
import { AvatarEngineError } from './types.js';
import { VendorHttpError } from './vendor-http.js';

/**
 * 蝉镜 open API (https://open-api.chanjing.cc): every reply is {trace_id, code, msg, data};
 * business calls carry the `access_token` header obtained from POST /open/v1/access_token.
 */
export const CHANJING_CODE = {
  ok: 0,
  badFormat: 400,
  tokenInvalid: 10400,
  badParams: 40000,
  rateLimited: 40001,
  quotaReached: 40002,
  systemError: 50000,
  nonCompliant: 50011,
} as const;

/** Customised person status: 1 training, 2 done, 4 failed, 5 system error. */
export const CHANJING_PERSON_STATUS = { training: 1, done: 2, failed: 4, systemError: 5 } as const;

/** GET /open/v1/customised_person?id= and each row of POST /open/v1/list_customised_person. */
export const chanjingPersonSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  status: z.number(),
  progress: z.number().nullish(),
  err_reason: z.string().nullish(),
  reason: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  pic_url: z.string().nullish(),
  preview_url: z.string().nullish(),
});
export type ChanjingPerson = z.infer<typeof chanjingPersonSchema>;

export const chanjingPersonListSchema = z.object({
  list: z.array(chanjingPersonSchema).nullish(),
  page_result: z.object({ page: z.number(), size: z.number(), total: z.number() }).nullish(),
});

/** POST /open/v1/create_customised_person: trains a person from a video URL; answers its id. */
export interface ChanjingCreatePerson {
  name: string;
  material_video: string;
  callback?: string;
  /** 'figure' trains the look only, so a silent video is accepted. */
  train_type?: 'figure';
}

/** Video task status: 10 generating, 30 done, 4X bad parameters, 5X service failure. */
export const CHANJING_VIDEO_STATUS = { generating: 10, done: 30 } as const;

export const chanjingReplySchema = z.object({
  trace_id: z.string().nullish(),
  code: z.number(),
  msg: z.string().nullish(),
  data: z.unknown().optional(),
});
export type ChanjingReply = z.infer<typeof chanjingReplySchema>;

export const chanjingTokenSchema = z.object({
  access_token: z.string().min(1),
  /** Unix seconds at which the token expires (not a TTL). */
  expire_in: z.number(),
});

/** create_video answers with the new task id as `data`. */
export const chanjingVideoIdSchema = z.union([z.string().min(1), z.number()]).transform(String);

export const chanjingVideoSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.number(),
  progress: z.number().nullish(),
  msg: z.string().nullish(),
  video_url: z.string().nullish(),
  preview_url: z.string().nullish(),
  subtitle_data_url: z.string().nullish(),
  duration: z.number().nullish(),
  create_time: z.number().nullish(),
});
export type ChanjingVideo = z.infer<typeof chanjingVideoSchema>;

export interface ChanjingCreateVideo {
  person: { id: string; x: number; y: number; width: number; height: number; figure_type?: string; drive_mode?: '' | 'random'; backway?: 1 | 2 };
  audio:
    | { type: 'audio'; wav_url: string; volume?: number; language?: string }
    | { type: 'tts'; tts: { text: string[]; audio_man: string; speed?: number; pitch?: number }; volume?: number; language?: string };
  screen_width: number;
  screen_height: number;
  bg_color?: string;
  callback?: string;
  /** 0 standard lip-sync, 1 pro, 2 cartoon. */
  model?: 0 | 1 | 2;
}

/** The state of one video task, from a poll or from the callback. */
export interface ChanjingVideoState {
  id: string;
  state: 'processing' | 'succeeded' | 'failed';
  progress: number;
  videoUrl?: string;
  duration?: number;
  /** Chinese, for the user, when failed. */
  error?: AvatarEngineError;
}

export function videoState(v: ChanjingVideo): ChanjingVideoState {
  const base = { id: v.id, progress: Math.max(0, Math.min(1, (v.progress ?? 0) / 100)) };
  if (v.status === CHANJING_VIDEO_STATUS.done) {
    if (!v.video_url) return { ...base, state: 'failed', error: new AvatarEngineError('resultInvalid', undefined, true) };
    return { ...base, state: 'succeeded', progress: 1, videoUrl: v.video_url, duration: v.duration ?? undefined };
  }
  if (v.status >= 40 && v.status < 50) {
    return { ...base, state: 'failed', error: new AvatarEngineError('chanjingVideoParams', withVendorDetail(avatarMessages.chanjingVideoParams, v.msg)) };
  }
  if (v.status >= 50) {
    return { ...base, state: 'failed', error: new AvatarEngineError('chanjingVideoService', withVendorDetail(avatarMessages.chanjingVideoService, v.msg), true) };
  }
  return { ...base, state: 'processing' };
}

/**
 * Validates and reads the body 蝉镜 POSTs to our callback URL (the same object as the video detail's
 * `data`; a full {code, data} envelope is accepted too). Throws AvatarEngineError on anything else.
 */
export function parseChanjingCallback(body: unknown): ChanjingVideoState {
  const envelope = chanjingReplySchema.safeParse(body);
  const inner = envelope.success && envelope.data.data !== undefined ? envelope.data.data : body;
  const parsed = chanjingVideoSchema.safeParse(inner);
  if (!parsed.success) throw new AvatarEngineError('chanjingCallbackInvalid');
  return videoState(parsed.data);
}

export function chanjingCodeError(reply: ChanjingReply): AvatarEngineError {
  const detail = reply.msg ?? undefined;
  switch (reply.code) {
    case CHANJING_CODE.tokenInvalid:
      return new AvatarEngineError('chanjingAuth', withVendorDetail(avatarMessages.chanjingAuth, detail));
    case CHANJING_CODE.badFormat:
    case CHANJING_CODE.badParams:
      return new AvatarEngineError('chanjingBadParams', withVendorDetail(avatarMessages.chanjingBadParams, detail));
    case CHANJING_CODE.rateLimited:
      return new AvatarEngineError('chanjingRateLimited', undefined, true);
    case CHANJING_CODE.quotaReached:
      return new AvatarEngineError('chanjingQuota');
    case CHANJING_CODE.nonCompliant:
      return new AvatarEngineError('chanjingNonCompliant', withVendorDetail(avatarMessages.chanjingNonCompliant, detail));
    case CHANJING_CODE.systemError:
      return new AvatarEngineError('chanjingSystemError', withVendorDetail(avatarMessages.chanjingSystemError, detail), true);
    default:
      return new AvatarEngineError('chanjingUnexpected', withVendorDetail(avatarMessages.chanjingUnexpected, detail), true);
  }
}

export function chanjingTransportError(e: unknown): unknown {
  if (!(e instanceof VendorHttpError)) return e;
  switch (e.kind) {
    case 'cancelled':
      return new AvatarEngineError('cancelled', undefined, false, { cause: e });
    case 'network':
      return new AvatarEngineError('chanjingUnreachable', undefined, true, { cause: e });
    case 'json':
      return new AvatarEngineError('chanjingUnexpected', undefined, true, { cause: e });
    case 'http':
      if (e.status === 401 || e.status === 403) return new AvatarEngineError('chanjingAuth', undefined, false, { cause: e });
      return (e.status ?? 0) >= 500
        ? new AvatarEngineError('chanjingSystemError', undefined, true, { cause: e })
        : new AvatarEngineError('chanjingBadParams', withVendorDetail(avatarMessages.chanjingBadParams, `HTTP ${e.status}`), false, { cause: e });
  }
}
