import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { displayName, id, nameSearch, ownership, paging } from '../fields.js';
import { dateTime } from './site.js';
import { noData } from './account.js';

/** A public actor of the home page. */
export const publicActor = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  cover_small: z.string(),
  url: z.string(),
});

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
  /** Beyond the spec's fields: the screen it was recorded on ('green' | 'blue'), '' none (its person is then matted for a backdrop). */
  screen: z.string(),
  /** Beyond the spec's fields: the voice the actor speaks with by default (a public voice's id), null none. */
  voice_id: z.number().int().nullable(),
  /** Beyond the spec's fields: the cover's person cut out (a transparent PNG) for backdrop previews; '' none. */
  cutout: z.string().optional(),
  create_time: dateTime,
});
export type Avatar = z.infer<typeof avatar>;

export const listAvatars = endpoint({
  method: 'GET',
  path: '/api/user/video',
  summary: 'Own (source 1) or public (source 2) avatars; limit 0 = all',
  tag: 'avatar',
  auth: 'user',
  params: z.strictObject({ source: ownership(), ...paging, name: nameSearch(), hs: z.enum(['1', '2']).optional() }),
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
  params: z.strictObject({ name: displayName(), file_id: id() }),
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

export const avatarEndpoints = {
  listPublicActors,
  listAvatars,
  createAvatar,
  deleteAvatar,
} as const;
