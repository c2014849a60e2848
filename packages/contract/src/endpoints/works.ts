import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { avatarCloneMessages } from './avatars-messages.js';
import {
  id,
  nameSearch,
  optionalChoice,
  optionalDecimal,
  optionalDisplayName,
  optionalFlag,
  optionalId,
  optionalInt,
  optionalLanguage,
  optionalScriptText,
  optionalText,
  paging,
} from '../fields.js';
import { dateTime } from './site.js';
import { noData } from './account.js';
import { avatarEndpoints } from './avatars.js';
import { emotions, SLIDERS } from './voice.js';
import { photoChannelKeys } from './photos.js';
import { captionParamFields } from '../captions.js';
import { finishParamFields } from '../finish.js';

export const videoChannelKeys = ['local', 'lipsync', 'ou', 'gj', 'df', 'fy'] as const;
/** What `api` may name when a work is submitted: a video channel, or with photo_id a photo channel. */
const workChannelKeys = [...videoChannelKeys, ...photoChannelKeys.filter((k) => k !== 'local')] as unknown as readonly [
  (typeof videoChannelKeys)[number] | (typeof photoChannelKeys)[number],
  ...((typeof videoChannelKeys)[number] | (typeof photoChannelKeys)[number])[],
];
export const WORKS_POLL_MS = 15_000;
/** Duration estimate of a script (spec 001 §9): characters / 4.2 seconds plus pauses. */
export const CHARS_PER_SECOND = 4.2;

export const videoChannel = z.object({
  api: z.string(),
  name: z.string(),
  desc: z.string(),
  version_name: z.string(),
  /** Credits per second of video. */
  credits: z.number().int(),
  /** Jobs of this channel waiting or running right now. */
  queue: z.number().int(),
  /**
   * The avatar video's length the channel's engine trains on, in seconds, bounds included (spec 001:
   * gj 30–300 s); null when any length will do. Beyond the spec's fields: the studio checks it before submitting.
   */
  avatar_seconds: z.object({ min: z.number(), max: z.number() }).nullable(),
  /**
   * Beyond the spec's fields: with video_id, why that avatar cannot go through this channel (its
   * length, or what the channel's engine could not make of it), in the user's words; '' when it can,
   * and always '' without video_id.
   */
  unusable: z.string(),
});
export type VideoChannel = z.infer<typeof videoChannel>;

/**
 * The refusal of an avatar video outside a channel's length (its avatar_seconds), the bounds in the
 * spec's words; null when it fits. The server refuses with it and the studio warns with it.
 */
export function avatarSecondsRefusal(seconds: VideoChannel['avatar_seconds'], duration: number): string | null {
  return seconds && (duration < seconds.min || duration > seconds.max)
    ? avatarCloneMessages.channelSeconds(seconds)
    : null;
}

export const listVideoChannels = endpoint({
  method: 'GET',
  path: '/api/index/videoChannel',
  summary: 'Video channels configured here, with credits per second',
  tag: 'studio',
  auth: 'none',
  /** Beyond the spec's params: video_id, an avatar the caller may use, fills each channel's `unusable`. */
  params: z.strictObject({ api: z.enum(videoChannelKeys).optional(), video_id: optionalId() }),
  data: z.object({ list: z.array(videoChannel) }),
});

/** status: 3 done, 4 failed, anything else in progress (1 queued, 2 rendering). */
export const work = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  cover: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  fail_reason: z.string(),
  create_time: dateTime,
  api_name: z.string(),
  api_key: z.string(),
  duration: z.number(),
  credits: z.number().int(),
  /** 1-based place in its channel's queue while waiting; 0 otherwise. */
  queue_position: z.number().int(),
  progress: z.number().int(),
  is_multi: z.number().int(),
  only_audio: z.number().int(),
  photo_type: z.number().int(),
  type: z.string(),
  hs: z.number().int(),
  /** What the user should know about a finished work (e.g. that no face was found and the whole picture moves); '' when nothing. */
  note: z.string(),
  /** Beyond the spec's fields: 1 when the finished work has captions to download (GET /api/user/works/captions). */
  captions: z.number().int(),
});
export type Work = z.infer<typeof work>;

export const workCounts = z.object({
  video: z.number().int(),
  pet: z.number().int(),
  photo: z.number().int(),
  translate: z.number().int(),
  multi_video: z.number().int(),
  multi_audio: z.number().int(),
});

export const listWorks = endpoint({
  method: 'GET',
  path: '/api/user/works',
  summary: 'Your works with per-tab counts; generate = works still in progress',
  tag: 'works',
  auth: 'user',
  params: z.strictObject({
    ...paging,
    status: optionalInt({ min: 0, max: 9 }),
    name: nameSearch(),
    is_multi: optionalFlag(),
    only_audio: optionalFlag(),
    photo_type: optionalInt({ min: 0, max: 2 }),
    type: optionalText({ max: 16 }),
  }),
  data: z.object({ list: z.array(work), total: z.number().int(), generate: z.number().int(), counts: workCounts }),
});

/** Create (no id) or rename (id + name). */
export const saveWork = endpoint({
  method: 'POST',
  path: '/api/user/works',
  paid: true,
  summary: 'Create a talking-avatar video (video_id), a pet or photo-speak video (photo_id), or rename a work',
  tag: 'works',
  auth: 'user',
  params: z.strictObject({
    id: optionalId(),
    name: optionalDisplayName(),
    /** A video channel; with photo_id a photo channel. */
    api: z.enum(workChannelKeys).optional(),
    video_channel_name: optionalDisplayName(),
    video_id: optionalId(),
    material_video_id: optionalId(),
    voice_id: optionalId(),
    /** Audio mode: the uploaded or material audio file. */
    material_audio_id: optionalId(),
    text: optionalScriptText(),
    /** Empty for channels without a language choice: the channel's default. */
    language: optionalLanguage(),
    /** Empty for channels without an emotion choice: the default. */
    emotion: optionalChoice(emotions),
    rate: optionalDecimal(SLIDERS.rate),
    volume: optionalDecimal(SLIDERS.volume),
    pitch: optionalDecimal(SLIDERS.pitch),
    user_voice_id: optionalId(),
    /** A person image or pet photo (GET /api/user/photo): the work is a video made from that picture. */
    photo_id: optionalId(),
    /** Beyond the spec's fields: burned-in captions and their style (all optional, off by default). */
    ...captionParamFields,
    /** Beyond the spec's fields: a backdrop behind a screen-recorded presenter, and music (optional). */
    ...finishParamFields,
  }),
  data: z.object({ id: z.number().int(), credits: z.number().int() }),
});

export const deleteWork = endpoint({
  method: 'DELETE',
  path: '/api/user/works',
  summary: 'Delete one of your works',
  tag: 'works',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

/** Beyond the spec's calls: a link to one of your works' captions as SubRip (works with `captions` 1). */
export const workCaptions = endpoint({
  method: 'GET',
  path: '/api/user/works/captions',
  summary: "A download link for one of your works' captions (SRT)",
  tag: 'works',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: z.object({ url: z.string(), name: z.string() }),
});

export const worksEndpoints = {
  listVideoChannels,
  listWorks,
  saveWork,
  deleteWork,
  workCaptions,
} as const;

/** Everything the studio calls: avatars and works. */
export const studioEndpoints = { ...avatarEndpoints, ...worksEndpoints } as const;
