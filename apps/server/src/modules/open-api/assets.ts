import { z } from 'zod';
import { UPLOAD_RULES, type FileType } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { registerSentFile } from '../files/index.js';
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
        const contentType = String(req.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        const kind = ASSET_TYPES[contentType];
        if (!kind) throw new ApiFailure('assetType');
        const declared = Number(req.headers['content-length'] ?? NaN);
        if (declared > UPLOAD_RULES[kind.type].maxBytes) throw new ApiFailure('assetTooLarge');
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
  ];
}
