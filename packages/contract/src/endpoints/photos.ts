import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, nameSearch, oneOf, optionalDisplayName, optionalId, ownership, paging } from '../fields.js';
import { dateTime } from './site.js';
import { noData } from './account.js';

/** type: 1 person image, 2 pet. source: 1 own upload, 2 public library. */
export const PHOTO_TYPE = { person: 1, pet: 2 } as const;
export const PHOTO_SOURCE = { own: 1, public: 2 } as const;

/** A person image or a pet photo of a library. */
export const photo = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Signed URL of the picture (it is its own cover). */
  cover: z.string(),
  url: z.string(),
  source: z.number().int(),
  type: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  create_time: dateTime,
});
export type Photo = z.infer<typeof photo>;

const photoType = () => oneOf(['1', '2']).default('1').transform(Number);

export const listPhotos = endpoint({
  method: 'GET',
  path: '/api/user/photo',
  summary:
    'Own uploads (source 1) or the public library (source 2) of person images (type 1) or pets (type 2); limit 0 = all',
  tag: 'photo',
  auth: 'user',
  params: z.strictObject({ source: ownership(), type: photoType(), ...paging, name: nameSearch() }),
  data: z.object({
    list: z.array(photo),
    /** Landscape pictures of the page. */
    hlist: z.array(photo),
    /** Portrait (and square) pictures of the page. */
    slist: z.array(photo),
    total: z.number().int(),
  }),
});

/** Adds an uploaded image (file_id from /api/upload/complete, file_type image) to the caller's own library. */
export const savePhoto = endpoint({
  method: 'POST',
  path: '/api/user/photo',
  summary: 'Add an uploaded image to your person-image (type 1) or pet (type 2) library',
  tag: 'photo',
  auth: 'user',
  params: z.strictObject({ name: optionalDisplayName(), file_id: optionalId(), type: photoType() }),
  data: z.object({ id: z.number().int() }),
});

export const deletePhoto = endpoint({
  method: 'DELETE',
  path: '/api/user/photo',
  summary: 'Delete one of your uploaded images',
  tag: 'photo',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

/** The operator adds a picture the administrator uploaded to the public library (pets start empty). */
export const addPublicPhoto = endpoint({
  method: 'POST',
  path: '/api/admin/photo',
  summary: 'Add an uploaded image to the public person-image (type 1) or pet (type 2) library',
  tag: 'admin',
  auth: 'admin',
  params: z.strictObject({ name: optionalDisplayName(), file_id: optionalId(), type: photoType() }),
  data: z.object({ id: z.number().int() }),
});

export const photoChannelKeys = ['local', 'did', 'kling'] as const;

/** A channel that makes videos from one picture, with credits per second and what it asks of the picture. */
export const photoChannel = z.object({
  api: z.string(),
  name: z.string(),
  desc: z.string(),
  version_name: z.string(),
  credits: z.number().int(),
  /** The channel's own rules for the picture, shown in the channel dialog. */
  tips: z.string(),
  queue: z.number().int(),
});
export type PhotoChannel = z.infer<typeof photoChannel>;

export const listPhotoChannels = endpoint({
  method: 'GET',
  path: '/api/index/photoChannel',
  summary: 'Channels that make talking videos from one picture, configured here, with credits per second',
  tag: 'photo',
  auth: 'none',
  params: z.strictObject({ api: z.enum(photoChannelKeys).optional() }),
  data: z.object({ list: z.array(photoChannel) }),
});

export const photoEndpoints = { listPhotos, savePhoto, deletePhoto, addPublicPhoto, listPhotoChannels } as const;
