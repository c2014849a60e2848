import { videoTranslateMessages } from '@app/contract';
import {
  AvatarEngineError,
  avatarEnginesConfigFromEnv,
  ChanjingClient,
  type AvatarEnv,
  type PublicUrlFn,
} from '../avatar/index.js';
import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { ChanjingLipSync } from './chanjing.js';
import { createDuixLipSync } from './duix.js';
import type { LipSyncEnv } from './env.js';
import { createLocalLipSync } from './local.js';
import type { LipSyncEngine } from './types.js';

export * from './types.js';
export { lipSyncEnvShape, lipSyncEnvSchema, type LipSyncEnv } from './env.js';
export { ChanjingLipSync, type ChanjingLipSyncConfig } from './chanjing.js';

/** The one use of a lip-sync engine today: mode 1 of video translation. */
export const LIP_SYNC_CHANNEL = 'translate';

export interface LipSyncDeps {
  publicUrl?: PublicUrlFn;
  /** The avatar videos' 蝉镜 client, shared so that one access token serves both. */
  chanjingClient?: ChanjingClient;
}

/** The engine TRANSLATE_LIPSYNC_ENGINE names, or undefined when that service is not configured. */
export function lipSyncEngineFromEnv(env: LipSyncEnv & AvatarEnv, deps: LipSyncDeps): LipSyncEngine | undefined {
  switch (env.TRANSLATE_LIPSYNC_ENGINE) {
    case 'local':
      return createLocalLipSync();
    case 'duix': {
      const duix = avatarEnginesConfigFromEnv(env, deps).duix;
      return duix ? createDuixLipSync(duix) : undefined;
    }
    case 'chanjing': {
      if (!env.CHANJING_APP_ID || !env.CHANJING_SECRET_KEY) return undefined;
      const client =
        deps.chanjingClient ??
        new ChanjingClient({ baseUrl: env.CHANJING_BASE_URL, appId: env.CHANJING_APP_ID, secretKey: env.CHANJING_SECRET_KEY });
      return new ChanjingLipSync({
        client,
        maxConcurrency: env.CHANJING_MAX_CONCURRENCY,
        pollIntervalMs: env.CHANJING_POLL_INTERVAL_MS,
        timeoutMs: env.CHANJING_TIMEOUT_MS,
        // 对口型 has a standard (0) and a high-quality (1) model; CHANJING_MODEL 2 (cartoon) is for avatar videos only.
        model: env.CHANJING_MODEL === 1 ? 1 : 0,
      });
    }
  }
}

/** The lip-sync engine as a one-channel registry; unconfigured, it is refused with a message saying so. */
export function createLipSyncEngines(env: LipSyncEnv & AvatarEnv, deps: LipSyncDeps): ChannelRegistry<LipSyncEngine> {
  let engine: LipSyncEngine | undefined;
  let built = false;
  // Built on first use: the offline engine loads its face models only when a translation needs it.
  const engineOf = () => {
    if (!built) engine = lipSyncEngineFromEnv(env, deps);
    built = true;
    return engine;
  };
  return channelRegistry<LipSyncEngine>({
    channels: [LIP_SYNC_CHANNEL],
    engineOf,
    idOf: (e) => e.id,
    unavailable: () => new AvatarEngineError('channelUnavailable', videoTranslateMessages.lipsyncUnavailable),
  });
}
