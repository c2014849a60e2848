import { videoTranslateMessages } from '@app/contract';
import { AvatarEngineError, avatarEnginesConfigFromEnv, type AvatarEnv, type PublicUrlFn } from '../avatar/index.js';
import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { createDuixLipSync } from './duix.js';
import type { LipSyncEnv } from './env.js';
import { createLocalLipSync } from './local.js';
import type { LipSyncEngine } from './types.js';

export * from './types.js';
export { lipSyncEnvShape, lipSyncEnvSchema, type LipSyncEnv } from './env.js';

/** The one use of a lip-sync engine today: mode 1 of video translation. */
export const LIP_SYNC_CHANNEL = 'translate';

/** The engine TRANSLATE_LIPSYNC_ENGINE names, or undefined when that service is not configured. */
export function lipSyncEngineFromEnv(env: LipSyncEnv & AvatarEnv, deps: { publicUrl?: PublicUrlFn }): LipSyncEngine | undefined {
  switch (env.TRANSLATE_LIPSYNC_ENGINE) {
    case 'local':
      return createLocalLipSync();
    case 'duix': {
      const duix = avatarEnginesConfigFromEnv(env, deps).duix;
      return duix ? createDuixLipSync(duix) : undefined;
    }
  }
}

/** The lip-sync engine as a one-channel registry; unconfigured, it is refused with a message saying so. */
export function createLipSyncEngines(env: LipSyncEnv & AvatarEnv, deps: { publicUrl?: PublicUrlFn }): ChannelRegistry<LipSyncEngine> {
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
