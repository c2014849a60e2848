import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { MULTI_KIND } from '../multi-scene/index.js';
import { PHOTO_KIND } from '../photo-video/index.js';
import { TALKING_KIND } from '../talking-video/index.js';
import { WORK_STATUS, captionsKeyOf, workLedger, worksGallery, type WorkRow } from '../works/index.js';
import { absoluteFileUrl, originOf } from './absolute-url.js';
import { ApiFailure, restRoute, type RestRoute } from './rest.js';

/** The works the API calls videos: talking videos (one scene), photo videos (a talking photo) and multi-scene works. */
export const VIDEO_KINDS = [TALKING_KIND, PHOTO_KIND, MULTI_KIND];

/** Ids are handed out as strings, as HeyGen's are; one that is not ours is simply not found. */
export const idText = z.union([z.string().trim().max(64), z.number().int().transform(String)]);
export const numericId = (id: string): number | null => (/^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null);

export const VIDEO_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
const statusOf = (w: WorkRow): (typeof VIDEO_STATUSES)[number] =>
  w.status === WORK_STATUS.done
    ? 'completed'
    : w.status === WORK_STATUS.failed
      ? 'failed'
      : w.status === WORK_STATUS.rendering
        ? 'processing'
        : 'pending';

export const videoError = z.object({ code: z.string(), message: z.string(), detail: z.string() });

export const videoStatus = z.object({
  id: z.string(),
  status: z.enum(VIDEO_STATUSES),
  title: z.string(),
  video_url: z
    .string()
    .nullable()
    .describe('Signed link to the MP4, valid for a limited time; ask again for a fresh one.'),
  thumbnail_url: z.string().nullable(),
  duration: z.number().nullable().describe('Seconds, once completed.'),
  created_at: z.number().int().describe('Unix seconds.'),
  callback_id: z.string().nullable(),
  error: videoError.nullable(),
  caption_url: z
    .string()
    .nullable()
    .describe('Signed link to the captions (SRT) of a video made with caption: true, once completed.'),
  gif_url: z.null(),
  video_url_caption: z.null(),
});
export type VideoStatus = z.input<typeof videoStatus>;

/** A work as HeyGen's video status shows it, with links made for whoever reached us at `origin`. */
export function presentVideo(ctx: AppContext, origin: string, w: WorkRow, callbackId: string | null): VideoStatus {
  const done = w.status === WORK_STATUS.done;
  const failed = w.status === WORK_STATUS.failed;
  const captionsKey = done ? captionsKeyOf(w) : null;
  return {
    id: String(w.id),
    status: statusOf(w),
    title: w.name,
    video_url: done
      ? absoluteFileUrl(ctx, origin, w.videoKey, `${w.name}${path.posix.extname(w.videoKey ?? '') || '.mp4'}`)
      : null,
    thumbnail_url: done ? absoluteFileUrl(ctx, origin, w.coverKey) : null,
    duration: done ? w.duration : null,
    created_at: Math.floor(w.createdAt.getTime() / 1000),
    callback_id: callbackId,
    error: failed ? { code: 'video_failed', message: w.failReason, detail: w.failReason } : null,
    caption_url: captionsKey ? absoluteFileUrl(ctx, origin, captionsKey, `${w.name}.srt`) : null,
    gif_url: null,
    video_url_caption: null,
  };
}

/** The caller's video by the id they sent; another account's, or none, is not found. */
export async function ownVideo(ctx: AppContext, userId: number, id: string): Promise<WorkRow> {
  const n = numericId(id);
  const w = n ? await workLedger.find(ctx.database.db, n) : null;
  if (!w || w.userId !== userId || !VIDEO_KINDS.includes(w.kind)) throw new ApiFailure('videoMissing');
  return w;
}

/** Where a video's callback_id is kept (the generate call writes it); null for works made elsewhere. */
export type CallbackIds = (ctx: AppContext, workIds: number[]) => Promise<Map<number, string>>;

const LIST_MAX = 100;

export function videoRoutes(ctx: AppContext, callbackIds: CallbackIds): RestRoute[] {
  return [
    restRoute({
      method: 'GET',
      path: '/v1/video_status.get',
      operationId: 'getVideoStatus',
      summary: 'Status and links of one of your videos',
      shape: 'v1',
      query: z.object({ video_id: idText }),
      data: videoStatus,
      handler: async ({ caller, query, req }) => {
        const w = await ownVideo(ctx, caller.userId, query.video_id);
        const ids = await callbackIds(ctx, [w.id]);
        return presentVideo(ctx, originOf(req), w, ids.get(w.id) ?? null);
      },
    }),
    restRoute({
      method: 'GET',
      path: '/v1/video.list',
      operationId: 'listVideos',
      summary: 'Your videos, newest first; pass the returned token for the next page',
      shape: 'v1',
      query: z.object({
        limit: z.coerce.number().int().min(1).max(LIST_MAX).default(LIST_MAX),
        token: z
          .string()
          .regex(/^\d{0,10}$/)
          .optional(),
      }),
      data: z.object({
        videos: z.array(
          z.object({
            video_id: z.string(),
            video_title: z.string(),
            status: z.enum(VIDEO_STATUSES),
            created_at: z.number().int(),
            type: z.literal('GENERATED'),
          }),
        ),
        token: z.string().nullable().describe('Pass as `token` for the next page; null on the last page.'),
      }),
      handler: async ({ caller, query }) => {
        const before = query.token ? Number(query.token) : null;
        const rows = await workLedger.ownedBefore(ctx.database.db, caller.userId, VIDEO_KINDS, before, query.limit + 1);
        const page = rows.slice(0, query.limit);
        return {
          videos: page.map((w) => ({
            video_id: String(w.id),
            video_title: w.name,
            status: statusOf(w),
            created_at: Math.floor(w.createdAt.getTime() / 1000),
            type: 'GENERATED' as const,
          })),
          token: rows.length > query.limit && page.length ? String(page[page.length - 1]!.id) : null,
        };
      },
    }),
    restRoute({
      method: 'DELETE',
      path: '/v1/video.delete',
      operationId: 'deleteVideo',
      summary: 'Delete one of your completed or failed videos and its files',
      shape: 'v1',
      query: z.object({ video_id: idText }),
      data: z.null(),
      handler: async ({ caller, query }) => {
        const w = await ownVideo(ctx, caller.userId, query.video_id);
        if (w.status !== WORK_STATUS.done && w.status !== WORK_STATUS.failed) throw new ApiFailure('videoNotEnded');
        await worksGallery.remove(ctx, caller.userId, w.id);
        return null;
      },
    }),
  ];
}
