import { CHANJING_PERSON_SECONDS, createChanjingEngine } from './chanjing.js';
import { createDuixEngine } from './duix.js';
import { VIDEO_CHANNELS, type AvatarEnginesConfig, type AvatarProviderId, type VideoChannel } from './env.js';
import { createLocalEngine } from './local.js';
import { createLipsyncEngine } from './local-lipsync.js';
import { AvatarEngineError, type AvatarVideoEngine } from './types.js';
import { channelRegistry, type ChannelRegistry } from '../registry.js';

export * from './types.js';
export { avatarMessages, withVendorDetail } from './messages.js';
export { checkAvatarSource, avatarSourceLimits } from './source-check.js';
export { prepareAvatarMedia, AVATAR_FILES, type PrepareAvatarOptions } from './prepare.js';
export { detectScreen, type ScreenFound } from './screen.js';
export { concatList } from './mezzanine.js';
export { cutoutOf, matteFootage, matteOnGreen, MATTE_FILES, MATTE_GREEN } from './matting.js';
export { createLocalEngine, renderLocal, type LocalEngineConfig } from './local.js';
export { createLipsyncEngine, renderLipsync, LIPSYNC_ENGINE_ID, type LipsyncEngineConfig } from './local-lipsync.js';
export { createDuixEngine, DuixEngine, type DuixConfig } from './duix.js';
export { createChanjingEngine, ChanjingEngine, chanjingPersonId, withChanjingPerson, type ChanjingConfig } from './chanjing.js';
export { ChanjingClient } from './chanjing-client.js';
export { chanjingTransportError } from './chanjing-api.js';
export { readResult } from './result.js';
export { defaultHttpPolicy, sleep, uploadFile, type HttpPolicy } from './vendor-http.js';
export { parseChanjingCallback, type ChanjingVideoState } from './chanjing-api.js';
export * from './env.js';

export interface ChannelAvailability {
  channel: VideoChannel;
  provider: AvatarProviderId | null;
  available: boolean;
  /** For operators (English, logs); users see avatarMessages.channelUnavailable. */
  reason?: string;
}

/** Video channels; an unconfigured channel's engine is refused with AvatarEngineError(channelUnavailable). */
export interface AvatarEngineRegistry extends ChannelRegistry<AvatarVideoEngine> {
  /** Every video channel, whether it can render now, and why not (for operators). */
  availability(): ChannelAvailability[];
  /** The configured engines, one per provider (per-avatar preparation, callbacks). */
  engines(): AvatarVideoEngine[];
}

/** Builds one engine per configured provider and resolves channels to them. */
export function createAvatarEngines(config: AvatarEnginesConfig): AvatarEngineRegistry {
  const built = new Map<AvatarProviderId, AvatarVideoEngine>();
  built.set('local', createLocalEngine(config.local));
  // Only when a channel uses it: its per-avatar preparation (face landmarks) costs CPU time.
  if (Object.values(config.channels).includes('lipsync')) built.set('lipsync', createLipsyncEngine({ maxConcurrency: config.local?.maxConcurrency }));
  if (config.duix) built.set('duix', createDuixEngine(config.duix));
  if (config.chanjing) built.set('chanjing', createChanjingEngine(config.chanjing));

  const availability = (channel: VideoChannel): ChannelAvailability => {
    const provider = config.channels[channel];
    if (!provider) return { channel, provider, available: false, reason: 'no provider assigned' };
    if (!built.has(provider)) return { channel, provider, available: false, reason: config.missing[provider] ?? `${provider} is not configured` };
    return { channel, provider, available: true };
  };
  const registry = channelRegistry<AvatarVideoEngine>({
    channels: VIDEO_CHANNELS,
    engineOf(channel) {
      const provider = config.channels[channel as VideoChannel];
      return provider ? built.get(provider) : undefined;
    },
    idOf: (engine) => engine.id,
    unavailable: () => new AvatarEngineError('channelUnavailable'),
  });
  return {
    ...registry,
    availability: () => VIDEO_CHANNELS.map(availability),
    engines: () => [...built.values()],
  };
}

/** What a video channel asks of the avatar video it renders; the studio reads it from the channel list. */
export interface VideoChannelRule {
  /** The avatar video's length in seconds, bounds included; null when any length will do. */
  avatarSeconds: { min: number; max: number } | null;
}

/** Spec rule: channel gj is 蝉镜's, and it trains its customised person only from videos of that length. */
const VIDEO_CHANNEL_RULES: Partial<Record<string, VideoChannelRule>> = {
  gj: { avatarSeconds: CHANJING_PERSON_SECONDS },
};

export const videoChannelRule = (channel: string): VideoChannelRule =>
  VIDEO_CHANNEL_RULES[channel] ?? { avatarSeconds: null };
