import { z } from 'zod';
import { avatarMessages, withVendorDetail } from './messages.js';
import { AvatarEngineError } from './types.js';
import { VendorHttpError } from './vendor-http.js';

/**
 * Duix.Avatar / HeyGem local synthesis API (the gen-video container, default port 8383):
 * POST /easy/submit {audio_url, video_url, code, chaofen, watermark_switch, pn}
 * GET  /easy/query?code=  → data.status 1 running, 2 done (data.result = path), 3 failed (data.msg).
 */
export const DUIX_CODE = {
  systemError: 9999,
  ok: 10000,
  busy: 10001,
  badParams: 10002,
  lockError: 10003,
  taskNotFound: 10004,
  taskExists: 10005,
} as const;

export const DUIX_STATUS = { running: 1, done: 2, failed: 3 } as const;

export interface DuixSubmitBody {
  audio_url: string;
  video_url: string;
  code: string;
  /** Super-resolution 0/1. */
  chaofen: 0 | 1;
  watermark_switch: 0 | 1;
  pn: 0 | 1;
}

export const duixReplySchema = z.object({
  code: z.number(),
  msg: z.string().nullish(),
  success: z.boolean().nullish(),
  data: z.unknown().optional(),
});

export const duixTaskSchema = z.object({
  status: z.number(),
  progress: z.union([z.number(), z.string()]).nullish(),
  result: z.string().nullish(),
  msg: z.string().nullish(),
});

export type DuixReply = z.infer<typeof duixReplySchema>;
export type DuixTask = z.infer<typeof duixTaskSchema>;

export function parseDuixReply(body: unknown): DuixReply {
  const parsed = duixReplySchema.safeParse(body);
  if (!parsed.success) throw new AvatarEngineError('duixUnexpected', undefined, true);
  return parsed.data;
}

export function parseDuixTask(data: unknown): DuixTask {
  const parsed = duixTaskSchema.safeParse(data);
  if (!parsed.success) throw new AvatarEngineError('duixUnexpected', undefined, true);
  return parsed.data;
}

/** Duix reports progress as 0..100 on some builds and 0..1 on others. */
export function duixProgress(value: DuixTask['progress']): number {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(1, n <= 1 ? n : n / 100);
}

/** Maps a non-ok reply code to the user's message. */
export function duixCodeError(reply: DuixReply): AvatarEngineError {
  const detail = reply.msg ?? undefined;
  switch (reply.code) {
    case DUIX_CODE.busy:
    case DUIX_CODE.lockError:
    case DUIX_CODE.taskExists:
      return new AvatarEngineError('duixBusy', withVendorDetail(avatarMessages.duixBusy, detail), true);
    case DUIX_CODE.badParams:
      return new AvatarEngineError('duixBadParams', withVendorDetail(avatarMessages.duixBadParams, detail));
    case DUIX_CODE.taskNotFound:
      return new AvatarEngineError('duixTaskLost', undefined, true);
    case DUIX_CODE.systemError:
      return new AvatarEngineError('duixSystemError', withVendorDetail(avatarMessages.duixSystemError, detail), true);
    default:
      return new AvatarEngineError('duixUnexpected', withVendorDetail(avatarMessages.duixUnexpected, detail), true);
  }
}

/** Maps a transport failure talking to Duix. */
export function duixTransportError(e: unknown): unknown {
  if (!(e instanceof VendorHttpError)) return e;
  switch (e.kind) {
    case 'cancelled':
      return new AvatarEngineError('cancelled', undefined, false, { cause: e });
    case 'network':
      return new AvatarEngineError('duixUnreachable', undefined, true, { cause: e });
    case 'json':
      return new AvatarEngineError('duixUnexpected', undefined, true, { cause: e });
    case 'http':
      return (e.status ?? 0) >= 500
        ? new AvatarEngineError('duixSystemError', undefined, true, { cause: e })
        : new AvatarEngineError('duixBadParams', withVendorDetail(avatarMessages.duixBadParams, `HTTP ${e.status}`), false, { cause: e });
  }
}
