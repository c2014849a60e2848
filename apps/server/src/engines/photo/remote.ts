import { rm } from 'node:fs/promises';
import { MediaToolError, probe } from '../../platform/media/ffmpeg.js';
import { detectFaces } from '../talking-face/face-api.js';
import type { PublicUrlFn } from '../avatar/index.js';
import { decodeStill, imageSize } from './local.js';
import { sleep, VendorHttpError } from '../avatar/vendor-http.js';
import { downloadPublic, UnsafeLinkError, type LinkPolicy } from './safe-fetch.js';
import { PhotoEngineError, type PhotoRenderRequest, type PhotoRenderResult } from './types.js';

/** What every remote photo engine is configured with besides its credentials. */
export interface RemotePhotoConfig extends LinkPolicy {
  baseUrl: string;
  /** Signs a local file into a URL the vendor can fetch. */
  publicUrl: PublicUrlFn;
  pollIntervalMs?: number;
  timeoutMs?: number;
  maxConcurrency?: number;
}

/** One poll of a vendor task. */
export type TaskState =
  | { state: 'running'; progress?: number }
  | { state: 'done'; url: string }
  | { state: 'failed'; rejected: boolean; reason: string };

/** The vendor's two calls: start a task from our picture and speech links, and read its state. */
export interface VendorCalls {
  submit(imageUrl: string, audioUrl: string, signal?: AbortSignal): Promise<string>;
  poll(taskId: string, signal?: AbortSignal): Promise<TaskState>;
}

/** Transport failures in the user's words: cancelled, or the service could not be reached. */
export function transportError(e: unknown): unknown {
  if (e instanceof PhotoEngineError) return e;
  if (e instanceof VendorHttpError) {
    if (e.kind === 'cancelled') return new PhotoEngineError('cancelled', false, { cause: e });
    return new PhotoEngineError('remoteUnreachable', e.kind === 'network' || (e.status ?? 0) >= 500, { cause: e });
  }
  return e;
}

/** The picture's size and its faces, as a remote channel's own rules need them. */
export async function facesOf(image: string, signal?: AbortSignal) {
  const { width, height } = await imageSize(image, signal);
  try {
    const rgb = await decodeStill(image, { width, height }, 'rgb24', signal);
    const faces = await detectFaces(rgb, width, height, { detector: 'ssd', minScore: 0.5 });
    return { width, height, faces };
  } catch (e) {
    if (e instanceof MediaToolError) throw new PhotoEngineError('imageUnreadable', false, { cause: e });
    throw e;
  }
}

/**
 * Submit, poll until the vendor is done, and copy the result into our hands at once (vendor links
 * expire), checking every hop of the link is a public address; the clip must play with picture and sound.
 */
export async function renderRemote(
  config: RemotePhotoConfig,
  calls: VendorCalls,
  req: PhotoRenderRequest,
): Promise<PhotoRenderResult> {
  const { signal } = req;
  const interval = config.pollIntervalMs ?? 5000;
  const deadline = Date.now() + (config.timeoutMs ?? 30 * 60_000);
  try {
    req.onProgress?.(0);
    let taskId = req.taskId;
    if (!taskId) {
      taskId = await calls.submit(
        await config.publicUrl(req.image, 'avatar-video'),
        await config.publicUrl(req.audioFile, 'audio'),
        signal,
      );
      await req.onTask?.(taskId);
    }
    for (;;) {
      const s = await calls.poll(taskId, signal);
      if (s.state === 'failed') throw new PhotoEngineError(s.rejected ? 'remoteRejected' : 'remoteFailed');
      if (s.state === 'done') {
        try {
          await downloadPublic(s.url, req.outFile, { trustedHosts: config.trustedHosts, signal });
        } catch (e) {
          if (signal?.aborted) throw new PhotoEngineError('cancelled', false, { cause: e });
          throw new PhotoEngineError(
            e instanceof UnsafeLinkError ? 'resultUnsafe' : 'remoteUnreachable',
            !(e instanceof UnsafeLinkError),
            { cause: e },
          );
        }
        break;
      }
      if (s.progress !== undefined) req.onProgress?.(Math.min(0.95, s.progress));
      if (Date.now() > deadline) throw new PhotoEngineError('remoteTimeout');
      await sleep(interval, signal);
    }
    const info = await probe(req.outFile, { signal }).catch((e: unknown) => {
      throw new PhotoEngineError('renderFailed', false, { cause: e });
    });
    if (!info.video || !info.audio || !(info.duration > 0)) throw new PhotoEngineError('renderFailed');
    req.onProgress?.(1);
    return {
      file: req.outFile,
      duration: info.duration,
      width: info.video.width,
      height: info.video.height,
      faceAnimated: true,
      faces: 1,
      note: null,
    };
  } catch (e) {
    if (signal?.aborted && !(e instanceof PhotoEngineError))
      throw new PhotoEngineError('cancelled', false, { cause: e });
    await rm(req.outFile, { force: true }).catch(() => undefined);
    throw transportError(e);
  }
}
