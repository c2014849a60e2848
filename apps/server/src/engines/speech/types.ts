/** The speech engine interface: every provider (offline or remote) speaks through it. */

/** Voice channel keys as the product names them (voice.api). */
export const VOICE_CHANNELS = ['fish', 'hs', 'xf', 'nw', 'mm', 'kyy'] as const;
export type VoiceChannelKey = (typeof VOICE_CHANNELS)[number];

export const SPEECH_PROVIDER_IDS = [
  'local',
  'fish',
  'fish-speech',
  'minimax',
  'cosyvoice',
  'gpt-sovits',
  'volcengine',
] as const;
export type SpeechProviderId = (typeof SPEECH_PROVIDER_IDS)[number];

/** Emotions the studio offers (document 2 §9); "default" means none is sent. */
export const SPEECH_EMOTIONS = [
  'default',
  'happy',
  'sad',
  'angry',
  'fearful',
  'disgusted',
  'surprised',
  'neutral',
] as const;
export type SpeechEmotion = (typeof SPEECH_EMOTIONS)[number];

/** Which studio controls a provider (or a channel) honours. */
export interface SpeechCapabilities {
  rate: boolean;
  volume: boolean;
  pitch: boolean;
  /** `<break time="..."/>` tags become real pauses. */
  pauseTags: boolean;
  language: boolean;
  emotion: boolean;
  /** Can make a new voice from an uploaded sample. */
  clone: boolean;
}

/** What the offline engine derives from a voice sample and speaks with. */
export interface VoiceProfile {
  /** espeak-ng voice variant, e.g. "m3" or "f2". */
  variant: string;
  /** espeak-ng pitch (0–99, 50 = voice default). */
  basePitch: number;
  /** espeak-ng speed in words per minute at rate 1. */
  speed: number;
  gender: 'male' | 'female';
  medianF0: number;
  syllablesPerSecond: number;
  speechSeconds: number;
}

/** A voice as the engine needs it: the provider's reference plus what the provider stored for it. */
export interface SpeechVoice {
  /** Provider-side id (reference id, voice_type, voice_id) or a reference-sample path for zero-shot engines. */
  voiceRef: string;
  /** Transcript of the reference sample, for zero-shot engines that use one. */
  promptText?: string;
  /** Offline engine profile from local cloning. */
  profile?: VoiceProfile;
}

export interface SynthesizeInput {
  /** Script text; may contain `<break time="0.5s"/>` pause tags. */
  text: string;
  voice: SpeechVoice;
  /** 0.5–2, 1 = normal. */
  rate: number;
  /** 0.1–3, 1 = normal. */
  volume: number;
  /** 0.1–2, 1 = normal. */
  pitch: number;
  /** Language code such as "zh", "en", "ja" where the provider supports it. */
  language?: string;
  emotion?: SpeechEmotion;
  /** Output path; the extension (.m4a, .mp3, .wav) picks the format. */
  outFile: string;
  signal?: AbortSignal;
}

export interface SynthesizeResult {
  file: string;
  /** Seconds, probed with ffprobe on the written file. */
  duration: number;
  /**
   * Where each piece the engine spoke on its own lies in the output, in seconds, when the engine knows
   * it (it speaks the script piece by piece); captions are timed with them. Absent from engines that
   * answer with one recording.
   */
  spans?: { start: number; end: number }[];
}

export interface CloneVoiceInput {
  sampleFile: string;
  name: string;
  /** What the sample says, when known; zero-shot engines speak better with it. */
  promptText?: string;
  signal?: AbortSignal;
}

export interface CloneVoiceResult {
  voiceRef: string;
  promptText?: string;
  profile?: VoiceProfile;
}

export interface SpeechProvider {
  readonly id: SpeechProviderId;
  /** Name shown in the channel list. */
  readonly name: string;
  readonly description: string;
  readonly capabilities: SpeechCapabilities;
  synthesize(input: SynthesizeInput): Promise<SynthesizeResult>;
  cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult>;
}
