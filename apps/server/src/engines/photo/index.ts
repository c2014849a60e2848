import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { createDidEngine } from './did.js';
import type { PhotoEnginesConfig } from './env.js';
import { createKlingEngine } from './kling.js';
import { createLocalPhotoEngine, type LocalPhotoConfig } from './local.js';
import { PhotoEngineError, type PhotoVideoEngine } from './types.js';

export * from './types.js';
export { photoMessages } from './messages.js';
export { createLocalPhotoEngine, renderPhotoLocal, photoClipSize, type LocalPhotoConfig } from './local.js';

export { photoEnvShape, photoEnginesConfigFromEnv, type PhotoEnginesConfig } from './env.js';
export { createDidEngine, type DidConfig } from './did.js';
export { createKlingEngine, klingToken, type KlingConfig } from './kling.js';

/** Photo video channels: the offline one, D-ID and 可灵 (each only with its credentials). */
export const PHOTO_CHANNELS = ['local', 'did', 'kling'] as const;

export function createPhotoEngines(
  config: LocalPhotoConfig = {},
  remote: PhotoEnginesConfig = {},
): ChannelRegistry<PhotoVideoEngine> {
  const engines: Record<string, PhotoVideoEngine | undefined> = {
    local: createLocalPhotoEngine(config),
    did: remote.did ? createDidEngine(remote.did) : undefined,
    kling: remote.kling ? createKlingEngine(remote.kling) : undefined,
  };
  return channelRegistry<PhotoVideoEngine>({
    channels: PHOTO_CHANNELS,
    engineOf: (channel) => engines[channel],
    idOf: (engine) => engine.id,
    unavailable: () => new PhotoEngineError('channelUnavailable'),
  });
}
