import { ChanjingClient, type ChanjingClientConfig } from './chanjing-client.js';
import { chanjingTransportError, videoState, type ChanjingCreateVideo } from './chanjing-api.js';
import { readResult } from './result.js';
import { AvatarEngineError, type AvatarVideoEngine, type PreparedAvatar, type PublicUrlFn, type RenderRequest, type RenderResult } from './types.js';
import { sleep } from './vendor-http.js';

export interface ChanjingConfig extends ChanjingClientConfig {
  /** Signs our audio file so 蝉镜 can fetch it (wav_url). */
  publicUrl: PublicUrlFn;
  /** Where 蝉镜 POSTs the finished task (parse it with parseChanjingCallback). */
  callbackUrl?: string;
  pollIntervalMs: number;
  timeoutMs: number;
  downloadTimeoutMs?: number;
  maxConcurrency?: number;
  model?: 0 | 1 | 2;
}

/** The 蝉镜 customised-person id an avatar is rendered with, kept in its engine data. */
export function chanjingPersonId(avatar: PreparedAvatar): string | undefined {
  const id = avatar.engineData.chanjing?.personId;
  return typeof id === 'string' && id ? id : undefined;
}

export function withChanjingPerson(avatar: PreparedAvatar, personId: string): PreparedAvatar {
  return { ...avatar, engineData: { ...avatar.engineData, chanjing: { ...avatar.engineData.chanjing, personId } } };
}

export class ChanjingEngine implements AvatarVideoEngine {
  readonly id = 'chanjing';
  readonly lipSync = true;
  readonly maxConcurrency: number;
  readonly client: ChanjingClient;

  constructor(private readonly config: ChanjingConfig) {
    this.client = new ChanjingClient(config);
    this.maxConcurrency = config.maxConcurrency ?? 2;
  }

  // The person is trained on 蝉镜's side; the id is attached with withChanjingPerson.
  prepareAvatar: AvatarVideoEngine['prepareAvatar'] = (avatar) => Promise.resolve(avatar);

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
    const wavUrl = await this.config.publicUrl(req.audioFile, 'audio');
    const id = await this.client.createVideo(this.videoRequest(req.avatar, personId, wavUrl), req.signal);
    for (;;) {
      if (Date.now() > deadline) throw new AvatarEngineError('chanjingTimeout', undefined, true);
      try {
        await sleep(this.config.pollIntervalMs, req.signal);
      } catch (e) {
        throw new AvatarEngineError('cancelled', undefined, false, { cause: e });
      }
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
