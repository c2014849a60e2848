import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { extname, join, posix } from 'node:path';
import { DUIX_CODE, DUIX_STATUS, duixCodeError, duixProgress, duixTransportError, parseDuixReply, parseDuixTask, type DuixSubmitBody } from './duix-api.js';
import { avatarMessages, withVendorDetail } from './messages.js';
import { readResult } from './result.js';
import { AvatarEngineError, type AvatarVideoEngine, type PublicUrlFn, type RenderRequest, type RenderResult } from './types.js';
import { defaultHttpPolicy, requestJson, sleep, type HttpPolicy } from './vendor-http.js';

/** A directory both we and the Duix container mount (e.g. host D:/duix_avatar_data = container /code/data). */
export interface DuixSharedDir {
  hostDir: string;
  engineDir: string;
}

export interface DuixConfig {
  /** e.g. http://127.0.0.1:8383 */
  baseUrl: string;
  /** How Duix reads our video and audio: URLs we sign, or copies in the shared directory. */
  input: { mode: 'url'; publicUrl: PublicUrlFn } | { mode: 'shared' };
  shared?: DuixSharedDir;
  /** When Duix returns a bare path and no shared directory is mounted: a URL prefix serving its data dir. */
  resultBaseUrl?: string;
  pollIntervalMs: number;
  /** Overall limit for one render, queueing included. */
  timeoutMs: number;
  http?: Partial<HttpPolicy>;
  downloadTimeoutMs?: number;
  /** Polls answering "task not found" tolerated before giving up (the task may not be registered yet). */
  missingTaskPolls?: number;
  superResolution?: boolean;
  watermark?: boolean;
}

interface Staged {
  videoUrl: string;
  audioUrl: string;
  cleanup: () => Promise<void>;
}

/** Hard-links when possible (same disk, instant), copies otherwise. */
async function place(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

async function stageInputs(config: DuixConfig, req: RenderRequest, code: string): Promise<Staged> {
  if (config.input.mode === 'url') {
    return {
      videoUrl: await config.input.publicUrl(req.avatar.mezzanine, 'avatar-video'),
      audioUrl: await config.input.publicUrl(req.audioFile, 'audio'),
      cleanup: () => Promise.resolve(),
    };
  }
  const shared = config.shared;
  if (!shared) throw new AvatarEngineError('channelUnavailable');
  const dir = join(shared.hostDir, 'inputs', code);
  await mkdir(dir, { recursive: true });
  const audioName = `audio${extname(req.audioFile) || '.wav'}`;
  await place(req.avatar.mezzanine, join(dir, 'video.mp4'));
  await place(req.audioFile, join(dir, audioName));
  const engineDir = posix.join(shared.engineDir, 'inputs', code);
  return {
    videoUrl: posix.join(engineDir, 'video.mp4'),
    audioUrl: posix.join(engineDir, audioName),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export class DuixEngine implements AvatarVideoEngine {
  readonly id = 'duix';
  readonly lipSync = true;
  /** The gen-video container runs one synthesis at a time. */
  readonly maxConcurrency = 1;
  private readonly http: HttpPolicy;

  constructor(private readonly config: DuixConfig) {
    this.http = { ...defaultHttpPolicy, ...config.http };
  }

  // Duix works from the plain mezzanine; nothing to precompute per avatar.
  prepareAvatar: AvatarVideoEngine['prepareAvatar'] = (avatar) => Promise.resolve(avatar);

  private async call(method: 'GET' | 'POST', path: string, signal: AbortSignal | undefined, json?: unknown) {
    try {
      return parseDuixReply(await requestJson({ method, url: new URL(path, this.config.baseUrl).toString(), json, signal }, this.http));
    } catch (e) {
      throw duixTransportError(e);
    }
  }

  async render(req: RenderRequest): Promise<RenderResult> {
    const deadline = Date.now() + this.config.timeoutMs;
    const code = randomUUID();
    req.onProgress?.(0);
    const staged = await stageInputs(this.config, req, code);
    try {
      await this.submit(code, staged, deadline, req.signal);
      const resultPath = await this.waitForResult(code, deadline, req);
      const result = await readResult(resultPath, req.outFile, {
        shared: this.config.shared,
        resultBaseUrl: this.config.resultBaseUrl,
        http: { ...this.http, timeoutMs: this.config.downloadTimeoutMs ?? 15 * 60_000 },
        signal: req.signal,
        missing: 'duixNoResult',
        transportError: duixTransportError,
      });
      req.onProgress?.(1);
      return result;
    } finally {
      await staged.cleanup();
    }
  }

  /** Submits, waiting while the service is busy with someone else's task. */
  private async submit(code: string, staged: Staged, deadline: number, signal?: AbortSignal): Promise<void> {
    const body: DuixSubmitBody = {
      audio_url: staged.audioUrl,
      video_url: staged.videoUrl,
      code,
      chaofen: this.config.superResolution ? 1 : 0,
      watermark_switch: this.config.watermark ? 1 : 0,
      pn: 1,
    };
    for (;;) {
      const reply = await this.call('POST', '/easy/submit', signal, body);
      // "Task exists" for our own fresh code means an earlier attempt did land.
      if (reply.code === DUIX_CODE.ok || reply.code === DUIX_CODE.taskExists) return;
      const err = duixCodeError(reply);
      const busy = reply.code === DUIX_CODE.busy || reply.code === DUIX_CODE.lockError;
      if (!busy) throw err;
      if (Date.now() + this.config.pollIntervalMs > deadline) throw err;
      await this.pause(signal);
    }
  }

  private async waitForResult(code: string, deadline: number, req: RenderRequest): Promise<string> {
    let missing = 0;
    for (;;) {
      if (Date.now() > deadline) throw new AvatarEngineError('duixTimeout', undefined, true);
      await this.pause(req.signal);
      const reply = await this.call('GET', `/easy/query?code=${encodeURIComponent(code)}`, req.signal);
      if (reply.code === DUIX_CODE.taskNotFound && ++missing <= (this.config.missingTaskPolls ?? 3)) continue;
      if (reply.code !== DUIX_CODE.ok) throw duixCodeError(reply);
      const task = parseDuixTask(reply.data);
      if (task.status === DUIX_STATUS.done) {
        if (!task.result) throw new AvatarEngineError('duixNoResult', undefined, true);
        return task.result;
      }
      if (task.status === DUIX_STATUS.failed) {
        throw new AvatarEngineError('duixTaskFailed', withVendorDetail(avatarMessages.duixTaskFailed, task.msg));
      }
      req.onProgress?.(0.95 * duixProgress(task.progress));
    }
  }

  private async pause(signal?: AbortSignal): Promise<void> {
    try {
      await sleep(this.config.pollIntervalMs, signal);
    } catch (e) {
      throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
    }
  }
}

export function createDuixEngine(config: DuixConfig): AvatarVideoEngine {
  return new DuixEngine(config);
}
