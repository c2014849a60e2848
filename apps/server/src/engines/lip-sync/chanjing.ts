import { basename } from 'node:path';
import {
  AvatarEngineError,
  avatarMessages,
  chanjingTransportError,
  readResult,
  sleep,
  uploadFile,
  type ChanjingClient,
  withVendorDetail,
  type RenderResult,
} from '../avatar/index.js';
import { probe } from '../../platform/media/ffmpeg.js';
import {
  CHANJING_FILE_STATUS,
  CHANJING_LIP_SYNC_STATUS,
  chanjingFileSchema,
  chanjingLipSyncSchema,
  chanjingUploadUrlSchema,
  type ChanjingLipSyncCreate,
  type ChanjingUploadService,
} from './chanjing-api.js';
import type { LipSyncEngine, LipSyncRequest } from './types.js';

export interface ChanjingLipSyncConfig {
  /** The 蝉镜 client the avatar videos use too (one token: a new one voids the old). */
  client: ChanjingClient;
  maxConcurrency: number;
  pollIntervalMs: number;
  /** Overall limit for one lip-sync, uploads included. */
  timeoutMs: number;
  /** How long an uploaded file may stay "processing" (蝉镜: about a minute). */
  fileReadyTimeoutMs?: number;
  /** One upload or the download of the result (large videos). */
  transferTimeoutMs?: number;
  model: 0 | 1;
}

/**
 * 蝉镜's 对口型: any uploaded video driven by an uploaded audio, no trained person needed. Both files
 * are uploaded through its file management, the task polled to its video_url, which is copied here.
 */
export class ChanjingLipSync implements LipSyncEngine {
  readonly choice = 'chanjing' as const;
  readonly id = 'chanjing';
  readonly remote = true;
  readonly maxConcurrency: number;

  constructor(private readonly config: ChanjingLipSyncConfig) {
    this.maxConcurrency = config.maxConcurrency;
  }

  private get transfer() {
    return { ...this.config.client.http, timeoutMs: this.config.transferTimeoutMs ?? 15 * 60_000 };
  }

  private async pause(signal?: AbortSignal, ms = this.config.pollIntervalMs): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (e) {
      throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
    }
  }

  /** Uploads one file and returns its id once 蝉镜 says it is usable. */
  private async upload(file: string, service: ChanjingUploadService, deadline: number, signal?: AbortSignal): Promise<string> {
    const { client } = this.config;
    const query = new URLSearchParams({ service, name: basename(file) });
    const target = await client.call('GET', `open/v1/common/create_upload_url?${query}`, chanjingUploadUrlSchema, undefined, signal);
    try {
      await uploadFile(target.sign_url, file, target.mime_type || 'application/octet-stream', this.transfer, signal);
    } catch (e) {
      const mapped = chanjingTransportError(e);
      if (mapped instanceof AvatarEngineError && mapped.key !== 'cancelled') throw new AvatarEngineError('chanjingUploadFailed', undefined, true, { cause: e });
      throw mapped;
    }
    const readyBy = Math.min(deadline, Date.now() + (this.config.fileReadyTimeoutMs ?? 5 * 60_000));
    for (;;) {
      const detail = await client.call('GET', `open/v1/common/file_detail?id=${encodeURIComponent(target.file_id)}`, chanjingFileSchema, undefined, signal);
      if (detail.status === CHANJING_FILE_STATUS.ready || detail.status === CHANJING_FILE_STATUS.legacyReady) return target.file_id;
      if (detail.status !== CHANJING_FILE_STATUS.processing) {
        throw new AvatarEngineError('chanjingFileRejected', withVendorDetail(avatarMessages.chanjingFileRejected, detail.msg || `status ${detail.status}`));
      }
      if (Date.now() > readyBy) throw new AvatarEngineError('chanjingFileTimeout', undefined, true);
      await this.pause(signal, Math.min(this.config.pollIntervalMs, 3000));
    }
  }

  private async start(req: LipSyncRequest, deadline: number): Promise<string> {
    const info = await probe(req.video, { signal: req.signal });
    if (!info.video) throw new AvatarEngineError('resultInvalid');
    const video = await this.upload(req.video, 'lip_sync_video', deadline, req.signal);
    const audio = await this.upload(req.audio, 'lip_sync_audio', deadline, req.signal);
    const body: ChanjingLipSyncCreate = {
      video_file_id: video,
      audio_type: 'audio',
      audio_file_id: audio,
      screen_width: info.video.width,
      screen_height: info.video.height,
      model: this.config.model,
    };
    const id = await this.config.client.call('POST', 'open/v1/video_lip_sync/create', chanjingLipSyncSchema.shape.id, body, req.signal);
    await req.onTask?.(id);
    return id;
  }

  async lipSync(req: LipSyncRequest): Promise<RenderResult> {
    try {
      return await this.follow(req);
    } catch (e) {
      // A cancel may land in any step (a probe, an upload, a poll): it is said as one, whatever was running.
      if (req.signal?.aborted && !(e instanceof AvatarEngineError && e.key === 'cancelled'))
        throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
      throw e;
    }
  }

  private async follow(req: LipSyncRequest): Promise<RenderResult> {
    const deadline = Date.now() + this.config.timeoutMs;
    req.onProgress?.(0);
    // A task started before a restart is followed; the files are uploaded only for a new one.
    const id = req.taskId ?? (await this.start(req, deadline));
    for (;;) {
      if (Date.now() > deadline) throw new AvatarEngineError('chanjingTimeout', undefined, true);
      await this.pause(req.signal);
      const task = await this.config.client.call(
        'GET',
        `open/v1/video_lip_sync/detail?id=${encodeURIComponent(id)}`,
        chanjingLipSyncSchema,
        undefined,
        req.signal,
      );
      if (task.status === CHANJING_LIP_SYNC_STATUS.done) {
        if (!task.video_url) throw new AvatarEngineError('resultInvalid', undefined, true);
        const result = await readResult(task.video_url, req.outFile, {
          http: this.transfer,
          signal: req.signal,
          missing: 'resultInvalid',
          transportError: chanjingTransportError,
        });
        req.onProgress?.(1);
        return result;
      }
      if (task.status === CHANJING_LIP_SYNC_STATUS.failed) {
        throw new AvatarEngineError('chanjingLipSyncFailed', withVendorDetail(avatarMessages.chanjingLipSyncFailed, task.msg));
      }
      req.onProgress?.(0.95 * Math.max(0, Math.min(1, (task.progress ?? 0) / 100)));
    }
  }
}
