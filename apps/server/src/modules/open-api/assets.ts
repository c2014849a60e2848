import { z } from 'zod';
import { PHOTO_TYPE, UPLOAD_RULES, type FileType } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { registerSentFile } from '../files/index.js';
import { PhotoLibrary } from '../photo-video/index.js';
import { absoluteUrl, originOf } from './absolute-url.js';
import { ApiFailure, restRoute, type RestRoute } from './rest.js';

/** Content types an asset may have, and what the product files it as (the web upload's types and rules). */
export const ASSET_TYPES: Record<string, { type: FileType; ext: string }> = {
  'image/jpeg': { type: 'image', ext: 'jpg' },
  'image/png': { type: 'image', ext: 'png' },
  'video/mp4': { type: 'video', ext: 'mp4' },
  'video/quicktime': { type: 'video', ext: 'mov' },
  'audio/mpeg': { type: 'voice', ext: 'mp3' },
  'audio/mp4': { type: 'voice', ext: 'm4a' },
  'audio/x-m4a': { type: 'voice', ext: 'm4a' },
  'audio/wav': { type: 'voice', ext: 'wav' },
  'audio/x-wav': { type: 'voice', ext: 'wav' },
  'audio/wave': { type: 'voice', ext: 'wav' },
};

/** HeyGen's names of the kinds: the product's 'voice' files are audio assets. */
const FILE_TYPE_NAMES = { image: 'image', video: 'video', voice: 'audio' } as const;

export const assetData = z.object({
  id: z.string().describe('Use as image_asset_id, video_asset_id or audio_asset_id.'),
  name: z.string(),
  file_type: z.enum(['image', 'video', 'audio']),
  folder_id: z.literal(''),
  meta: z.null(),
  created_ts: z.number().int(),
  url: z.string().nullable(),
  image_key: z.null(),
  /** Our additions: what the server measured. */
  size: z.number().int(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});

/** The content type a raw upload was sent with, and what the product files it as; anything else is refused. */
function sentKind(contentType: unknown, types: Record<string, { type: FileType; ext: string }>) {
  const kind =
    types[
      String(contentType ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase()
    ];
  if (!kind) throw new ApiFailure('assetType');
  return kind;
}

/** A raw upload refused before a byte is stored when it says it is larger than its type allows. */
function checkDeclaredSize(length: unknown, type: FileType) {
  if (Number(length ?? NaN) > UPLOAD_RULES[type].maxBytes) throw new ApiFailure('assetTooLarge');
}

const IMAGE_TYPES = Object.fromEntries(Object.entries(ASSET_TYPES).filter(([, k]) => k.type === 'image'));

export function assetRoutes(ctx: AppContext): RestRoute[] {
  return [
    restRoute({
      method: 'POST',
      path: '/v1/asset',
      operationId: 'uploadAsset',
      summary: 'Upload an image, video or audio file as the request body itself',
      description:
        'Send the file bytes as the body with its Content-Type. The same rules as the web upload apply: ' +
        `images PNG/JPG of at least 300 px up to ${UPLOAD_RULES.image.maxBytes / 1024 / 1024} MB, videos MP4/MOV of 5 s to 30 min up to ` +
        `${UPLOAD_RULES.video.maxBytes / 1024 / 1024} MB, audio MP3/M4A/WAV of 5 s to 30 min; the file counts against your storage.`,
      shape: 'v1',
      raw: { contentTypes: Object.keys(ASSET_TYPES), description: 'The file itself.' },
      creates: true,
      data: assetData,
      handler: async ({ caller, req, upload }) => {
        const kind = sentKind(req.headers['content-type'], ASSET_TYPES);
        checkDeclaredSize(req.headers['content-length'], kind.type);
        const file = await registerSentFile(ctx, caller.userId, kind.type, upload, kind.ext);
        return {
          id: String(file.file_id),
          name: String(file.file_id),
          file_type: FILE_TYPE_NAMES[kind.type],
          folder_id: '' as const,
          meta: null,
          created_ts: Math.floor(Date.now() / 1000),
          url: absoluteUrl(originOf(req), file.url),
          image_key: null,
          size: file.size,
          duration: file.duration,
          width: file.width,
          height: file.height,
        };
      },
    }),
    restRoute({
      method: 'POST',
      path: '/v1/talking_photo',
      operationId: 'uploadTalkingPhoto',
      summary: 'Upload a person photo as the request body itself: it joins your photos as a talking photo',
      description:
        'Send a PNG or JPG of a person (at least 300 px on its shorter side) with its Content-Type. The ' +
        'photo joins your person photos (also on the web) and its talking_photo_id makes a talking photo ' +
        'video with POST /v2/video/generate. The file counts against your storage.',
      shape: 'v1',
      query: z.object({ name: z.string().trim().max(64).optional().describe('The photo’s name in your library.') }),
      raw: { contentTypes: Object.keys(IMAGE_TYPES), description: 'The picture itself.' },
      creates: true,
      data: z.object({ talking_photo_id: z.string(), talking_photo_url: z.string().nullable() }),
      handler: async ({ caller, query, req, upload }) => {
        const kind = sentKind(req.headers['content-type'], IMAGE_TYPES);
        checkDeclaredSize(req.headers['content-length'], kind.type);
        const file = await registerSentFile(ctx, caller.userId, kind.type, upload, kind.ext);
        const id = await new PhotoLibrary(ctx).add(caller.userId, {
          name: query.name || `照片${file.file_id}`,
          fileId: file.file_id,
          type: PHOTO_TYPE.person,
        });
        return { talking_photo_id: String(id), talking_photo_url: absoluteUrl(originOf(req), file.url) };
      },
    }),
  ];
}
