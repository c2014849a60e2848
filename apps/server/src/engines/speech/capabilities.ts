import { SCRIPT_MAX } from '@app/contract';
import type { SpeechCapabilities, VoiceChannelKey } from './types.js';

const ALL: SpeechCapabilities = { rate: true, volume: true, pitch: true, pauseTags: true, language: false, emotion: false, clone: true };

/** Studio controls per voice channel, as document 2 §5 fixes them. */
export const CHANNEL_CAPABILITIES: Record<VoiceChannelKey, SpeechCapabilities> = {
  fish: { ...ALL, volume: false, pitch: false, pauseTags: false },
  hs: { ...ALL, language: true },
  xf: { ...ALL },
  nw: { ...ALL, rate: false, volume: false, pitch: false, pauseTags: false, language: true },
  mm: { ...ALL, language: true, emotion: true },
  kyy: { ...ALL, language: true, emotion: true },
};

/** Script characters per voice channel where its engine reads fewer than the default (spec 001: nw 500). */
const CHANNEL_SCRIPT_MAX: Partial<Record<string, number>> = { nw: 500 };

/** The most script characters a voice channel reads; the studio reads it from the channel list. */
export const scriptMaxOf = (channel: string): number => CHANNEL_SCRIPT_MAX[channel] ?? SCRIPT_MAX.default;

/** What the studio may offer: a control shows only when both the channel and its engine support it. */
export function effectiveCapabilities(channel: SpeechCapabilities, engine: SpeechCapabilities): SpeechCapabilities {
  return {
    rate: channel.rate && engine.rate,
    volume: channel.volume && engine.volume,
    pitch: channel.pitch && engine.pitch,
    pauseTags: channel.pauseTags && engine.pauseTags,
    language: channel.language && engine.language,
    emotion: channel.emotion && engine.emotion,
    clone: channel.clone && engine.clone,
  };
}

/** Slider ranges of the studio (document 2 §5). */
export const SPEECH_LIMITS = {
  rate: { min: 0.5, max: 2 },
  volume: { min: 0.1, max: 3 },
  pitch: { min: 0.1, max: 2 },
} as const;

export function clampSetting(value: number, key: keyof typeof SPEECH_LIMITS): number {
  const { min, max } = SPEECH_LIMITS[key];
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(min, value));
}
