import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, oneOf, optionalInt, optionalText, paging, text } from '../fields.js';
import { dateTime } from './site.js';
import { noData } from './account.js';
import { emotions, SLIDERS } from './voice.js';
import { decimal } from '../fields.js';

export const videoChannelKeys = ['local', 'ou', 'gj', 'df', 'fy'] as const;
export const WORKS_POLL_MS = 15_000;
/** Duration estimate of a script (spec 001 §9): characters / 4.2 seconds plus pauses. */
export const CHARS_PER_SECOND = 4.2;

/** A public actor of the home page. */
export const publicActor = z.object({ id: z.number().int(), name: z.string(), cover: z.string(), cover_small: z.string(), url: z.string() });

export const listPublicActors = endpoint({
  method: 'GET',
  path: '/api/index/video',
  summary: 'Public actors, landscape (hlist) and portrait (slist)',
  tag: 'avatar',
  auth: 'none',
  params: z.strictObject({ ...paging }),
  data: z.object({ hlist: z.array(publicActor), slist: z.array(publicActor), total: z.number().int() }),
});

/** status: 1 processing, 2 ready, 3 failed. hs: 1 landscape, 2 portrait. */
export const avatar = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  cover_small: z.string(),
  url: z.string(),
  source: z.number().int(),
  status: z.number().int(),
  fail_reason: z.string(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  hs: z.number().int(),
  create_time: dateTime,
});
export type Avatar = z.infer<typeof avatar>;

export const listAvatars = endpoint({
  method: 'GET',
  path: '/api/user/video',
  summary: 'Own (source 1) or public (source 2) avatars; limit 0 = all',
  tag: 'avatar',
  auth: 'user',
  params: z.strictObject({ source: oneOf(['1', '2']).default('1'), ...paging, name: optionalText({ max: 64 }), hs: z.enum(['1', '2']).optional() }),
  data: z.object({
    list: z.array(avatar),
    hlist: z.array(avatar),
    slist: z.array(avatar),
    total: z.number().int(),
    generate: z.number().int(),
  }),
});

export const createAvatar = endpoint({
  method: 'POST',
  path: '/api/user/video',
  summary: 'Clone an avatar from an uploaded video',
  tag: 'avatar',
  auth: 'user',
  params: z.strictObject({ name: text({ max: 64 }), file_id: id() }),
  data: z.object({ id: z.number().int() }),
});

export const deleteAvatar = endpoint({
  method: 'DELETE',
  path: '/api/user/video',
  summary: 'Delete one of your avatars',
  tag: 'avatar',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const videoChannel = z.object({
  api: z.string(),
  name: z.string(),
  desc: z.string(),
  version_name: z.string(),
  /** Credits per second of video. */
  credits: z.number().int(),
  /** Jobs of this channel waiting or running right now. */
  queue: z.number().int(),
});
export type VideoChannel = z.infer<typeof videoChannel>;

export const listVideoChannels = endpoint({
  method: 'GET',
  path: '/api/index/videoChannel',
  summary: 'Video channels configured here, with credits per second',
  tag: 'studio',
  auth: 'none',
  params: z.strictObject({ api: z.enum(videoChannelKeys).optional() }),
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
    name: optionalText({ max: 64 }),
    is_multi: optionalInt({ min: 0, max: 1 }),
    only_audio: optionalInt({ min: 0, max: 1 }),
    photo_type: optionalInt({ min: 0, max: 2 }),
    type: optionalText({ max: 16 }),
  }),
  data: z.object({ list: z.array(work), total: z.number().int(), generate: z.number().int(), counts: workCounts }),
});

const optionalSlider = (range: { min: number; max: number }) => z.union([z.literal('').transform(() => undefined), decimal(range)]).optional();

/** Create (no id) or rename (id + name). */
export const saveWork = endpoint({
  method: 'POST',
  path: '/api/user/works',
  summary: 'Create a talking-avatar video, or rename a work',
  tag: 'works',
  auth: 'user',
  params: z.strictObject({
    id: optionalInt({ min: 1 }),
    name: optionalText({ max: 64 }),
    api: z.enum(videoChannelKeys).optional(),
    video_channel_name: optionalText({ max: 64 }),
    video_id: optionalInt({ min: 1 }),
    material_video_id: optionalInt({ min: 1 }),
    voice_id: optionalInt({ min: 1 }),
    /** Audio mode: the uploaded or material audio file. */
    material_audio_id: optionalInt({ min: 1 }),
    text: optionalText({ max: 20000 }),
    language: optionalText({ max: 16 }),
    emotion: z.enum(emotions).optional(),
    rate: optionalSlider(SLIDERS.rate),
    volume: optionalSlider(SLIDERS.volume),
    pitch: optionalSlider(SLIDERS.pitch),
    user_voice_id: optionalInt({ min: 1 }),
    photo_id: optionalInt({ min: 1 }),
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

export const studioEndpoints = {
  listPublicActors,
  listAvatars,
  createAvatar,
  deleteAvatar,
  listVideoChannels,
  listWorks,
  saveWork,
  deleteWork,
} as const;
