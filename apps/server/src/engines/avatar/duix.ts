import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { extname, join, posix } from 'node:path';
import {
  DUIX_CODE,
  DUIX_STATUS,
  duixCodeError,
  duixProgress,
  duixTransportError,
  parseDuixReply,
  parseDuixTask,
  type DuixSubmitBody,
  type DuixTask,
} from './duix-api.js';
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
}

/** One lip-sync as Duix takes it: any video (an avatar's mezzanine, a translated video) driven by an audio. */
export interface DuixLipSync {
  video: string;
  audio: string;
  outFile: string;
  signal?: AbortSignal;
  /** A task code this caller already handed to Duix (stored after onTask): followed, never submitted twice. */
  taskId?: string;
  /** Called with the task code before it is submitted, so a resumed caller follows the same task. */
  onTask?: (taskId: string) => Promise<void>;
  onProgress?: (fraction: number) => void;
}

/** Hard-links when possible (same disk, instant), copies otherwise. */
async function place(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

async function stageInputs(config: DuixConfig, job: DuixLipSync, code: string): Promise<Staged> {
  if (config.input.mode === 'url') {
    return {
      videoUrl: await config.input.publicUrl(job.video, 'avatar-video'),
      audioUrl: await config.input.publicUrl(job.audio, 'audio'),
    };
  }
  const shared = config.shared;
  if (!shared) throw new AvatarEngineError('channelUnavailable');
  const dir = join(shared.hostDir, 'inputs', code);
  await mkdir(dir, { recursive: true });
  const audioName = `audio${extname(job.audio) || '.wav'}`;
  await place(job.video, join(dir, 'video.mp4'));
  await place(job.audio, join(dir, audioName));
  const engineDir = posix.join(shared.engineDir, 'inputs', code);
  return { videoUrl: posix.join(engineDir, 'video.mp4'), audioUrl: posix.join(engineDir, audioName) };
}

/** Staged copies of a task's inputs (shared mode) are removed once the task is over, whichever run staged them. */
async function unstage(config: DuixConfig, code: string): Promise<void> {
  if (config.input.mode === 'shared' && config.shared) await rm(join(config.shared.hostDir, 'inputs', code), { recursive: true, force: true });
}

export class DuixEngine implements AvatarVideoEngine {
  readonly id = 'duix';
  readonly lipSync = true;
  readonly drawsGivenFootage = true;
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

  render(req: RenderRequest): Promise<RenderResult> {
    const { avatar, audioFile, ...rest } = req;
    return this.lipSyncVideo({ ...rest, video: avatar.mezzanine, audio: audioFile });
  }

  /**
   * Drives the video's mouth with the audio and brings the result to `outFile`. A task code handed in
   * (a resumed caller) is followed when Duix knows it, and submitted again under the same code when not;
   * the state its first query answers is used as it is (Duix forgets a finished task once it is read).
   */
  async lipSyncVideo(job: DuixLipSync): Promise<RenderResult> {
    const deadline = Date.now() + this.config.timeoutMs;
    const code = job.taskId ?? randomUUID();
    job.onProgress?.(0);
    try {
      const known = job.taskId ? await this.query(code, job.signal) : null;
      if (!known) {
        if (!job.taskId) await job.onTask?.(code);
        await this.submit(code, await stageInputs(this.config, job, code), deadline, job.signal);
      }
      const resultPath = await this.waitForResult(code, deadline, job, known ?? undefined);
      const result = await readResult(resultPath, job.outFile, {
        shared: this.config.shared,
        resultBaseUrl: this.config.resultBaseUrl,
        http: { ...this.http, timeoutMs: this.config.downloadTimeoutMs ?? 15 * 60_000 },
        signal: job.signal,
        missing: 'duixNoResult',
        transportError: duixTransportError,
      });
      job.onProgress?.(1);
      return result;
    } finally {
      await unstage(this.config, code);
    }
  }

  /** The task under this code, or null when Duix has none (never received, or finished and already read). */
  private async query(code: string, signal?: AbortSignal): Promise<DuixTask | null> {
    const reply = await this.call('GET', `/easy/query?code=${encodeURIComponent(code)}`, signal);
    if (reply.code === DUIX_CODE.taskNotFound) return null;
    if (reply.code !== DUIX_CODE.ok) throw duixCodeError(reply);
    return parseDuixTask(reply.data);
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

  /** Polls until the task ends; `first` is a state already read (a resumed task). */
  private async waitForResult(
    code: string,
    deadline: number,
    req: Pick<DuixLipSync, 'signal' | 'onProgress'>,
    first?: DuixTask,
  ): Promise<string> {
    let missing = 0;
    let task = first;
    for (;;) {
      if (task?.status === DUIX_STATUS.done) {
        if (!task.result) throw new AvatarEngineError('duixNoResult', undefined, true);
        return task.result;
      }
      if (task?.status === DUIX_STATUS.failed) {
        throw new AvatarEngineError('duixTaskFailed', withVendorDetail(avatarMessages.duixTaskFailed, task.msg));
      }
      if (task) req.onProgress?.(0.95 * duixProgress(task.progress));
      if (Date.now() > deadline) throw new AvatarEngineError('duixTimeout', undefined, true);
      await this.pause(req.signal);
      const reply = await this.call('GET', `/easy/query?code=${encodeURIComponent(code)}`, req.signal);
      if (reply.code === DUIX_CODE.taskNotFound && ++missing <= (this.config.missingTaskPolls ?? 3)) {
        task = undefined;
        continue;
      }
      if (reply.code !== DUIX_CODE.ok) throw duixCodeError(reply);
      task = parseDuixTask(reply.data);
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
