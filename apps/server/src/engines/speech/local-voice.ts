import { DEFAULT_VOICE_PROFILE } from './voice-profile.js';
import type { SpeechVoice, VoiceProfile } from './types.js';

/** Offline voices are fully described by their reference: `local:<variant>:<pitch>:<speed>`. */

export type LocalVoiceSettings = Pick<VoiceProfile, 'variant' | 'basePitch' | 'speed'>;

const REF = /^local:([mf]\d):(\d{1,2}):(\d{2,3})$/;

export function localVoiceRef(settings: LocalVoiceSettings): string {
  return `local:${settings.variant}:${settings.basePitch}:${settings.speed}`;
}

export function parseLocalVoiceRef(ref: string): LocalVoiceSettings | undefined {
  const m = REF.exec(ref);
  if (!m) return undefined;
  return { variant: m[1] ?? 'm3', basePitch: Number(m[2]), speed: Number(m[3]) };
}

/**
 * Ready-made offline voices for the public voice list. They come from the built-in espeak-ng synthesizer, so the
 * names say so: a visitor should not expect a natural or cloned voice from them. `about` is what the sample clip
 * says the voice is; `formerName` is the name earlier versions seeded, renamed at start while nobody changed it.
 */
export const LOCAL_PRESET_VOICES: { name: string; about: string; formerName: string; voiceRef: string }[] = [
  {
    name: '离线合成男声',
    about: '标准男声',
    formerName: '本地男声',
    voiceRef: localVoiceRef({ variant: 'm3', basePitch: 50, speed: 175 }),
  },
  {
    name: '离线合成女声',
    about: '标准女声',
    formerName: '本地女声',
    voiceRef: localVoiceRef({ variant: 'f2', basePitch: 55, speed: 175 }),
  },
  {
    name: '离线合成低沉男声',
    about: '音调较低、语速稍慢的男声',
    formerName: '本地低沉男声',
    voiceRef: localVoiceRef({ variant: 'm3', basePitch: 30, speed: 160 }),
  },
  {
    name: '离线合成明亮女声',
    about: '音调较高、语速稍快的女声',
    formerName: '本地明亮女声',
    voiceRef: localVoiceRef({ variant: 'f2', basePitch: 70, speed: 185 }),
  },
];

/** A stored profile wins; otherwise the reference; otherwise the default voice. */
export function resolveLocalVoice(voice: SpeechVoice): LocalVoiceSettings {
  if (voice.profile) return voice.profile;
  return parseLocalVoiceRef(voice.voiceRef) ?? DEFAULT_VOICE_PROFILE;
}
