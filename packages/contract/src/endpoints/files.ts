import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  blankOr,
  id,
  oneOf,
  optionalDecimal,
  optionalDisplayName,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
} from '../fields.js';
import { noData } from './account.js';

const MB = 1024 * 1024;

/** What the signed upload form accepts (spec 000 §5/§9, 001 §5/§9). */
export const FILE_TYPES = ['video', 'voice', 'image'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export interface UploadRule {
  maxBytes: number;
  /** Lower-case extensions the browser checks before uploading. */
  extensions: readonly string[];
  accept: string;
  /** Seconds, where the spec gives a duration range. */
  duration?: { min: number; max: number };
}

export const UPLOAD_RULES: Record<FileType, UploadRule> = {
  video: {
    maxBytes: 500 * MB,
    extensions: ['mp4', 'mov'],
    accept: '.mp4,.mov,video/mp4,video/quicktime',
    duration: { min: 5, max: 30 * 60 },
  },
  // Audio that drives a video runs up to 30 minutes (spec 001 §5): 30 min of 16-bit 48 kHz stereo WAV is
  // about 330 MB, MP3 and M4A far less. Recordings to clone a voice from keep CLONE_RECORDING_MAX_BYTES.
  voice: {
    maxBytes: 350 * MB,
    extensions: ['mp3', 'm4a', 'wav'],
    accept: '.mp3,.m4a,.wav,audio/*',
    duration: { min: 5, max: 30 * 60 },
  },
  image: { maxBytes: 10 * MB, extensions: ['png', 'jpg', 'jpeg'], accept: '.png,.jpg,.jpeg,image/png,image/jpeg' },
};
/** A recording to clone a voice from, and what /api/upload/voice takes: under 20 MB (spec 000 §5). */
export const CLONE_RECORDING_MAX_BYTES = 20 * MB;
/** Image sides in pixels: the spec's minimum, and a ceiling that refuses decompression bombs. */
export const IMAGE_MIN_SIDE = 300;
export const MEDIA_MAX_SIDE = 8192;
/**
 * A site picture the operator uploads (logo, favicon, banner, QR code): any sensible size, shown scaled.
 * The spec's 300 px floor is for the pictures a video is made from, not for a 256×256 or 800×200 logo.
 */
export const SITE_PICTURE_RULES = { minSide: 16, maxSide: 4096, maxBytes: 5 * MB } as const;
/** What an uploaded image is for: `site` takes SITE_PICTURE_RULES (operators only); left out, the image rules. */
export const UPLOAD_PURPOSES = ['site'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const fileType = oneOf(FILE_TYPES);

export const uploadSignature = z.object({
  /** Where the browser POSTs the form. */
  host: z.string(),
  /** The caller's own folder; `key` must start with it. */
  dir: z.string(),
  access_key_id: z.string(),
  policy: z.string(),
  signature: z.string(),
  /** Unix seconds after which the policy is refused. */
  expire: z.number().int(),
  /** The exact form fields to post besides `key` and `file` (OSS: OSSAccessKeyId, policy, signature, success_action_status, x-oss-forbid-overwrite; S3: its SigV4 fields). */
  fields: z.record(z.string(), z.string()),
});
export type UploadSignature = z.infer<typeof uploadSignature>;

/** The form for a direct upload to the storage host: an OSS PostObject policy (or S3 presigned POST). */
export const signUpload = endpoint({
  method: 'GET',
  path: '/api/upload/sign',
  summary: 'Sign a direct upload of one file into the caller\u2019s own folder',
  tag: 'files',
  auth: 'user',
  params: z.strictObject({ file_type: fileType }),
  data: uploadSignature,
});

export const registeredFile = z.object({
  file_id: z.number().int(),
  /** Signed URL, valid for FILE_URL_TTL_SECONDS. */
  url: z.string(),
  /** Bytes and seconds as probed on the server (what the client sent is ignored). */
  size: z.number().int(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});
export type RegisteredFile = z.infer<typeof registeredFile>;

/**
 * Registers an uploaded object after probing it. `url` is `host + '/' + key` (or the key);
 * `size` and `duration` are accepted as the spec sends them but never trusted.
 */
export const completeUpload = endpoint({
  method: 'POST',
  path: '/api/upload/complete',
  summary: 'Register an uploaded object: probe it, check the rules of its type, charge the storage quota',
  tag: 'files',
  auth: 'user',
  params: z.strictObject({
    file_type: fileType,
    url: text({ max: 2048, min: 1 }),
    size: optionalInt({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    duration: optionalDecimal({ min: 0, max: 1e7 }),
    /** site: a logo or other site picture from the console (file_type image, operators only), SITE_PICTURE_RULES. */
    purpose: z.enum(UPLOAD_PURPOSES).optional(),
  }),
  data: registeredFile,
});

/**
 * A recording posted straight to the API: multipart/form-data with the audio in `file`, the token in
 * `x-token`, and `timestamp` + `sign` in the query string (signed over the query params only).
 */
export const uploadVoice = endpoint({
  method: 'POST',
  path: '/api/upload/voice',
  summary: 'Upload an audio recording (multipart field `file`) and register it',
  tag: 'files',
  auth: 'user',
  params: z.strictObject({}),
  data: registeredFile,
});

export const MATERIAL_TYPES = ['image', 'video', 'audio'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
/** upload = put there by the user; analyse = saved from an extraction record. */
export const MATERIAL_SOURCES = ['upload', 'analyse'] as const;
export type MaterialSource = (typeof MATERIAL_SOURCES)[number];
/** Which material type an uploaded file becomes. */
export const materialTypeOf: Record<FileType, MaterialType> = { image: 'image', video: 'video', voice: 'audio' };

export const materialItem = z.object({
  id: z.number().int(),
  /** The registered file behind it: what the studio sends as material_audio_id / material_video_id. */
  file_id: z.number().int(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  source: z.enum(MATERIAL_SOURCES),
  /** Signed preview URL, re-signed on every list. */
  url: z.string(),
  /** Image: the image itself; video and audio: ''. */
  cover: z.string(),
  /** Signed URL that downloads under the material's name. */
  download_url: z.string(),
  size: z.number().int(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  create_time: z.string(),
});
export type MaterialItem = z.infer<typeof materialItem>;

export const listMaterials = endpoint({
  method: 'GET',
  path: '/api/user/material',
  summary: 'The caller\u2019s materials, newest first; type filters, source 0 = all',
  tag: 'materials',
  auth: 'user',
  params: z.strictObject({
    ...paging,
    type: blankOr(z.enum(MATERIAL_TYPES)),
    source: z.union([z.enum(['', '0']).transform(() => undefined), z.enum(MATERIAL_SOURCES)]).optional(),
  }),
  data: z.object({ list: z.array(materialItem), total: z.number().int() }),
});

/**
 * One call, four uses: `id` + `name` renames; `file_type` + `url` + `name` registers an object just
 * posted to storage (as /api/upload/complete does) and saves it in the same step, so a file is never
 * left registered, and charged, outside the library; `file_id` (+ `name`) saves a file registered
 * before; `source=analyse` + `rid` + `type` (+ `name`) saves the result of an extraction record.
 */
export const saveMaterial = endpoint({
  method: 'POST',
  path: '/api/user/material',
  summary: 'Save an uploaded file or an extraction result into the library, or rename a material',
  tag: 'materials',
  auth: 'user',
  params: z.strictObject({
    id: optionalId(),
    file_id: optionalId(),
    file_type: blankOr(fileType),
    url: optionalText({ max: 2048 }),
    rid: optionalId(),
    source: blankOr(z.enum(MATERIAL_SOURCES)),
    type: blankOr(z.enum(MATERIAL_TYPES)),
    name: optionalDisplayName(),
  }),
  data: z.object({ id: z.number().int() }),
});

export const deleteMaterial = endpoint({
  method: 'DELETE',
  path: '/api/user/material',
  summary: 'Delete a material: removes the object and frees its storage',
  tag: 'materials',
  auth: 'user',
  params: z.strictObject({ id: id() }),
  data: noData,
});

export const filesEndpoints = {
  signUpload,
  completeUpload,
  uploadVoice,
  listMaterials,
  saveMaterial,
  deleteMaterial,
} as const;
