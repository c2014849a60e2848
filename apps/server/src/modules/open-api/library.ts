import { z } from 'zod';
import { PHOTO_SOURCE, PHOTO_TYPE } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { creditBalance } from '../billing/index.js';
import { PhotoLibrary } from '../photo-video/index.js';
import { studioVoices } from '../voices/index.js';
import { absoluteFileUrl, absoluteUrl, originOf } from './absolute-url.js';
import { restRoute, type RestRoute } from './rest.js';

const avatarItem = z.object({
  avatar_id: z.string(),
  avatar_name: z.string(),
  gender: z.string().describe("'' : the product does not record an avatar's gender."),
  preview_image_url: z.string().nullable(),
  preview_video_url: z.string().nullable(),
  premium: z.boolean(),
  type: z.literal('avatar'),
  is_public: z.boolean(),
  /** Our addition: 1 landscape, 2 portrait, and the size the avatar renders at. */
  orientation: z.enum(['landscape', 'portrait']),
  width: z.number().int(),
  height: z.number().int(),
});

const talkingPhotoItem = z.object({
  talking_photo_id: z.string().describe('Use as character.talking_photo_id (type talking_photo).'),
  talking_photo_name: z.string(),
  preview_image_url: z.string(),
  /** Our addition: a photo of the public library, or one of yours. */
  is_public: z.boolean(),
});

/** The person photos the caller may make a talking photo from: their own uploads, then the public library. */
async function talkingPhotos(ctx: AppContext, userId: number, origin: string) {
  const library = new PhotoLibrary(ctx);
  const page = (source: number) =>
    library.list(userId, { source: String(source), type: PHOTO_TYPE.person, page: 1, limit: 0 });
  const [own, shared] = await Promise.all([page(PHOTO_SOURCE.own), page(PHOTO_SOURCE.public)]);
  return [...own.list, ...shared.list].map((p) => ({
    talking_photo_id: String(p.id),
    talking_photo_name: p.name,
    preview_image_url: absoluteUrl(origin, p.url),
    is_public: p.source === PHOTO_SOURCE.public,
  }));
}

const voiceItem = z.object({
  voice_id: z.string(),
  name: z.string(),
  language: z.string().describe('Language codes of the voice, comma separated (e.g. zh,en).'),
  gender: z.string(),
  preview_audio: z.string().nullable(),
  support_pause: z.boolean(),
  emotion_support: z.boolean(),
  type: z.enum(['public', 'private']),
});

/** The read calls: what the caller may use (avatars, voices) and what they have left to spend. */
export function libraryRoutes(ctx: AppContext): RestRoute[] {
  const db = () => ctx.database.db;
  return [
    restRoute({
      method: 'GET',
      path: '/v2/avatars',
      operationId: 'listAvatars',
      summary: 'Avatars you may use: your own ready clones, then the public actors; and your talking photos',
      description:
        'talking_photos are the person photos a talking_photo character may name: yours (uploaded with ' +
        'POST /v1/talking_photo or on the web), then the public ones.',
      shape: 'v2',
      data: z.object({ avatars: z.array(avatarItem), talking_photos: z.array(talkingPhotoItem) }),
      handler: async ({ caller, req }) => {
        const origin = originOf(req);
        const [own, shared] = await Promise.all([
          avatarsRepo.page(db(), { userId: caller.userId, onlyReady: true, limit: 0, page: 1 }),
          avatarsRepo.page(db(), { userId: null, onlyReady: true, limit: 0, page: 1 }),
        ]);
        const avatars = [...own.rows, ...shared.rows]
          .filter((a) => a.status === AVATAR_STATUS.ready)
          .map((a) => ({
            avatar_id: String(a.id),
            avatar_name: a.name,
            gender: '',
            preview_image_url: absoluteFileUrl(ctx, origin, a.coverKey),
            preview_video_url: absoluteFileUrl(ctx, origin, a.mezzanineKey ?? a.sourceKey),
            premium: false,
            type: 'avatar' as const,
            is_public: a.userId === null,
            orientation: a.hs === 1 ? ('landscape' as const) : ('portrait' as const),
            width: a.width,
            height: a.height,
          }));
        return { avatars, talking_photos: await talkingPhotos(ctx, caller.userId, origin) };
      },
    }),
    restRoute({
      method: 'GET',
      path: '/v1/talking_photo.list',
      operationId: 'listTalkingPhotos',
      summary: 'Person photos you may make a talking photo video from: yours, then the public ones',
      shape: 'v1',
      data: z.array(
        z.object({
          id: z.string().describe('Use as character.talking_photo_id.'),
          image_url: z.string(),
          circle_image: z.string().describe('The same picture: no round crop is made.'),
          /** Our additions. */
          name: z.string(),
          is_public: z.boolean(),
        }),
      ),
      handler: async ({ caller, req }) =>
        (await talkingPhotos(ctx, caller.userId, originOf(req))).map((p) => ({
          id: p.talking_photo_id,
          image_url: p.preview_image_url,
          circle_image: p.preview_image_url,
          name: p.talking_photo_name,
          is_public: p.is_public,
        })),
    }),
    restRoute({
      method: 'GET',
      path: '/v2/voices',
      operationId: 'listVoices',
      summary: 'Voices you may speak with: your own ready clones, then the public voices',
      shape: 'v2',
      data: z.object({ voices: z.array(voiceItem) }),
      handler: async ({ caller, req }) => {
        const origin = originOf(req);
        const voices = await studioVoices.listUsable(db(), caller.userId);
        return {
          voices: voices.map((v) => ({
            voice_id: String(v.id),
            name: v.name,
            language: v.languages.join(','),
            gender: v.gender,
            preview_audio: absoluteFileUrl(ctx, origin, v.previewKey || null),
            support_pause: true,
            emotion_support: false,
            type: v.userId === null ? ('public' as const) : ('private' as const),
          })),
        };
      },
    }),
    restRoute({
      method: 'GET',
      path: '/v2/user/remaining_quota',
      operationId: 'getRemainingQuota',
      summary: 'Credits you have left (the same balance the web app shows)',
      description: "remaining_quota is in this site's credits, not HeyGen's quota units.",
      shape: 'v2',
      data: z.object({
        remaining_quota: z.number().int(),
        details: z.object({ credits: z.number().int() }),
      }),
      handler: async ({ caller }) => {
        const credits = await creditBalance(db(), caller.userId);
        return { remaining_quota: credits, details: { credits } };
      },
    }),
  ];
}
