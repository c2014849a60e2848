import { channelRegistry, type ChannelRegistry } from '../registry.js';
import { createLocalPhotoEngine, type LocalPhotoConfig } from './local.js';
import { PhotoEngineError, type PhotoVideoEngine } from './types.js';

export * from './types.js';
export { photoMessages } from './messages.js';
export { createLocalPhotoEngine, renderPhotoLocal, photoClipSize, type LocalPhotoConfig } from './local.js';

/** Photo video channels: the offline one today; remote engines join here. */
export const PHOTO_CHANNELS = ['local'] as const;

export function createPhotoEngines(config: LocalPhotoConfig = {}): ChannelRegistry<PhotoVideoEngine> {
  const local = createLocalPhotoEngine(config);
  return channelRegistry<PhotoVideoEngine>({
    channels: PHOTO_CHANNELS,
    engineOf: (channel) => (channel === 'local' ? local : undefined),
    idOf: (engine) => engine.id,
    unavailable: () => new PhotoEngineError('channelUnavailable'),
  });
}
