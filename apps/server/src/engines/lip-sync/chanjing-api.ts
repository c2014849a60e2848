import { z } from 'zod';

/**
 * 蝉镜 open API, 对口型 (lip-sync) and file management, as its published documentation gives them:
 * GET  /open/v1/common/create_upload_url?service=lip_sync_video|lip_sync_audio&name= → {sign_url, mime_type, file_id};
 *      the file is PUT to sign_url with that Content-Type;
 * GET  /open/v1/common/file_detail?id= → status 0 processing, 1 usable, 98 failed the content check, 99/100 deleted;
 * POST /open/v1/video_lip_sync/create {video_file_id, audio_type: 'audio', audio_file_id, screen_width, screen_height, model}
 *      → the task id as `data`;
 * GET  /open/v1/video_lip_sync/detail?id= → status 0 queued, 10 generating, 20 done (video_url), 30 failed (msg).
 */
export const CHANJING_FILE_STATUS = { processing: 0, ready: 1, legacyReady: 2 } as const;
export const CHANJING_LIP_SYNC_STATUS = { queued: 0, generating: 10, done: 20, failed: 30 } as const;
export type ChanjingUploadService = 'lip_sync_video' | 'lip_sync_audio';

export const chanjingUploadUrlSchema = z.object({
  sign_url: z.string().min(1),
  mime_type: z.string().nullish(),
  file_id: z.union([z.string().min(1), z.number()]).transform(String),
});

export const chanjingFileSchema = z.object({
  status: z.number(),
  msg: z.string().nullish(),
});

export const chanjingLipSyncSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.number(),
  progress: z.number().nullish(),
  msg: z.string().nullish(),
  video_url: z.string().nullish(),
  duration: z.number().nullish(),
});
export type ChanjingLipSyncTask = z.infer<typeof chanjingLipSyncSchema>;

export interface ChanjingLipSyncCreate {
  video_file_id: string;
  audio_type: 'audio';
  audio_file_id: string;
  screen_width: number;
  screen_height: number;
  /** 0 standard, 1 high quality. */
  model: 0 | 1;
}
