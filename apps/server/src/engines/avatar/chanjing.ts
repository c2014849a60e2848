import { randomUUID } from 'node:crypto';
import { ChanjingClient, type ChanjingClientConfig } from './chanjing-client.js';
import { CHANJING_PERSON_STATUS, chanjingTransportError, videoState, type ChanjingCreateVideo } from './chanjing-api.js';
import { avatarMessages, withVendorDetail } from './messages.js';
import { readResult } from './result.js';
import {
  AvatarEngineError,
  type AvatarVideoEngine,
  type PrepareOptions,
  type PreparedAvatar,
  type PublicUrlFn,
  type RenderRequest,
  type RenderResult,
} from './types.js';

export interface ChanjingConfig extends ChanjingClientConfig {
  /** Signs our files so 蝉镜 can fetch them (material_video of a person, wav_url of a video). */
  publicUrl: PublicUrlFn;
  /** Where 蝉镜 POSTs the finished video task (parse it with parseChanjingCallback). */
  callbackUrl?: string;
  pollIntervalMs: number;
  timeoutMs: number;
  /** How long a customised person may train before the avatar gives up on this channel. */
  personTimeoutMs?: number;
  /** Polling interval of a training person (default: pollIntervalMs). */
  personPollIntervalMs?: number;
  downloadTimeoutMs?: number;
  maxConcurrency?: number;
  model?: 0 | 1 | 2;
}

/** 蝉镜 trains customised persons only from videos of 30 s to 5 min (the spec's gj rule). */
export const CHANJING_PERSON_SECONDS = { min: 30, max: 300 } as const;

/** The 蝉镜 customised-person id an avatar is rendered with, kept in its engine data. */
export function chanjingPersonId(avatar: Pick<PreparedAvatar, 'engineData'>): string | undefined {
  const id = avatar.engineData.chanjing?.personId;
  return typeof id === 'string' && id ? id : undefined;
}

export function withChanjingPerson(avatar: PreparedAvatar, personId: string): PreparedAvatar {
  const { error: _e, retryable: _r, ...rest } = avatar.engineData.chanjing ?? {};
  return { ...avatar, engineData: { ...avatar.engineData, chanjing: { ...rest, personId } } };
}

/**
 * Records why training failed, so the studio can say it instead of offering a channel that would fail;
 * a failure that may pass (network, 蝉镜 system error, training not finished in time) is marked to be
 * tried again later.
 */
function withChanjingError(avatar: PreparedAvatar, error: string, retryable: boolean): PreparedAvatar {
  return { ...avatar, engineData: { ...avatar.engineData, chanjing: { error, ...(retryable ? { retryable: true } : {}) } } };
}

export class ChanjingEngine implements AvatarVideoEngine {
  readonly id = 'chanjing';
  readonly lipSync = true;
  readonly drawsGivenFootage = false;
  readonly maxConcurrency: number;
  readonly client: ChanjingClient;
  /** Renders and trainings waiting on a task here, woken early by the callback. */
  private readonly waiters = new Map<string, () => void>();

  constructor(private readonly config: ChanjingConfig) {
    this.client = new ChanjingClient(config);
    this.maxConcurrency = config.maxConcurrency ?? 2;
  }

  /** Waits one poll interval, or less when the callback says the task moved; rejects when cancelled. */
  private pause(taskId: string, signal?: AbortSignal, ms = this.config.pollIntervalMs): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        if (this.waiters.get(taskId) === done) this.waiters.delete(taskId);
        resolve();
      };
      const abort = () => {
        done();
        reject(new AvatarEngineError('cancelled'));
      };
      const timer = setTimeout(done, ms);
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      this.waiters.set(taskId, done);
    });
  }

  wake(taskId: string): boolean {
    const waiter = this.waiters.get(taskId);
    waiter?.();
    return waiter !== undefined;
  }

  retryPrepareLater(avatar: Pick<PreparedAvatar, 'engineData'>): boolean {
    return !chanjingPersonId(avatar) && avatar.engineData.chanjing?.retryable === true;
  }

  /**
   * In the user's words: when 蝉镜 judged the video itself (a failed training, not to be tried again),
   * its own reason; otherwise (not trained yet, an outage, the service's settings) only that the
   * avatar is not ready for this channel.
   */
  unusableReason(avatar: Pick<PreparedAvatar, 'engineData' | 'duration'>): string | null {
    if (chanjingPersonId(avatar)) return null;
    const { error, retryable } = avatar.engineData.chanjing ?? {};
    const judged = typeof error === 'string' && retryable !== true && error.startsWith(avatarMessages.chanjingPersonFailed);
    return judged ? avatarMessages.chanjingPersonRefused + error.slice(avatarMessages.chanjingPersonFailed.length) : avatarMessages.chanjingPersonMissing;
  }

  /**
   * Trains a 蝉镜 customised person from the avatar's video (handed over by signed URL) and keeps
   * its id. Avatars outside 30–300 s are left alone (the channel refuses them); a training failure
   * is recorded on the avatar with 蝉镜's reason and does not stop the avatar serving other channels.
   */
  async prepareAvatar(avatar: PreparedAvatar, opts: PrepareOptions = {}): Promise<PreparedAvatar> {
    if (chanjingPersonId(avatar)) return avatar;
    if (avatar.duration < CHANJING_PERSON_SECONDS.min || avatar.duration > CHANJING_PERSON_SECONDS.max) return avatar;
    try {
      return withChanjingPerson(avatar, await this.trainPerson(avatar, opts));
    } catch (e) {
      if (!(e instanceof AvatarEngineError) || e.key === 'cancelled' || opts.signal?.aborted) throw e;
      return withChanjingError(avatar, e.message, e.retryable);
    }
  }

  /** A person this avatar already started (a re-run after a crash), found by its stable name. */
  private async findPerson(name: string, signal?: AbortSignal): Promise<string | undefined> {
    const pageSize = 100;
    for (let page = 1; page <= 10; page++) {
      const r = await this.client.listPersons(page, pageSize, signal);
      const list = r.list ?? [];
      const hit = list.find(
        (p) => p.name === name && p.status !== CHANJING_PERSON_STATUS.failed && p.status !== CHANJING_PERSON_STATUS.systemError,
      );
      if (hit) return hit.id;
      if (list.length < pageSize || (r.page_result && page * pageSize >= r.page_result.total)) return undefined;
    }
    return undefined;
  }

  private async trainPerson(avatar: PreparedAvatar, opts: PrepareOptions): Promise<string> {
    const { signal } = opts;
    const name = opts.key ?? `avatar-${randomUUID()}`;
    let id = opts.key ? await this.findPerson(name, signal) : undefined;
    if (!id) {
      const material = await this.config.publicUrl(avatar.mezzanine, 'avatar-video');
      // The mezzanine is silent, so only the look is trained ('figure'); speech comes from our audio.
      id = await this.client.createPerson({ name, material_video: material, train_type: 'figure' }, signal);
    }
    const deadline = Date.now() + (this.config.personTimeoutMs ?? this.config.timeoutMs);
    for (;;) {
      const p = await this.client.getPerson(id, signal);
      if (p.status === CHANJING_PERSON_STATUS.done) return id;
      if (p.status === CHANJING_PERSON_STATUS.failed || p.status === CHANJING_PERSON_STATUS.systemError) {
        const reason = withVendorDetail(avatarMessages.chanjingPersonFailed, p.err_reason || p.reason);
        throw new AvatarEngineError('chanjingPersonFailed', reason, p.status === CHANJING_PERSON_STATUS.systemError);
      }
      if (Date.now() > deadline) throw new AvatarEngineError('chanjingPersonTimeout', undefined, true);
      await this.pause(id, signal, this.config.personPollIntervalMs ?? this.config.pollIntervalMs);
    }
  }

  /** The create_video body for an avatar driven by an audio URL, full frame at the avatar's size. */
  videoRequest(avatar: PreparedAvatar, personId: string, wavUrl: string): ChanjingCreateVideo {
    return {
      person: { id: personId, x: 0, y: 0, width: avatar.width, height: avatar.height },
      audio: { type: 'audio', wav_url: wavUrl, volume: 100, language: 'cn' },
      screen_width: avatar.width,
      screen_height: avatar.height,
      ...(this.config.callbackUrl ? { callback: this.config.callbackUrl } : {}),
      model: this.config.model ?? 0,
    };
  }

  async render(req: RenderRequest): Promise<RenderResult> {
    const personId = chanjingPersonId(req.avatar);
    if (!personId) throw new AvatarEngineError('chanjingPersonMissing');
    const deadline = Date.now() + this.config.timeoutMs;
    req.onProgress?.(0);
    let id = req.taskId;
    if (!id) {
      const wavUrl = await this.config.publicUrl(req.audioFile, 'audio');
      id = await this.client.createVideo(this.videoRequest(req.avatar, personId, wavUrl), req.signal);
      await req.onTask?.(id);
    }
    for (;;) {
      if (Date.now() > deadline) throw new AvatarEngineError('chanjingTimeout', undefined, true);
      await this.pause(id, req.signal);
      // Always the detail call: a callback only says "look now", its URL is never used as such.
      const state = videoState(await this.client.getVideo(id, req.signal));
      if (state.state === 'failed') throw state.error ?? new AvatarEngineError('chanjingUnexpected');
      if (state.state === 'succeeded' && state.videoUrl) {
        const result = await readResult(state.videoUrl, req.outFile, {
          http: { ...this.client.http, timeoutMs: this.config.downloadTimeoutMs ?? 15 * 60_000 },
          signal: req.signal,
          missing: 'resultInvalid',
          transportError: chanjingTransportError,
        });
        req.onProgress?.(1);
        return result;
      }
      req.onProgress?.(0.95 * state.progress);
    }
  }
}

export function createChanjingEngine(config: ChanjingConfig): AvatarVideoEngine {
  return new ChanjingEngine(config);
}
