import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { SpeechError } from './errors.js';
import { toFloat } from './pcm.js';
import { measureVoice } from './voice-analysis.js';
import type { VoiceProfile } from './types.js';

/** Local "cloning": measure a sample and pick espeak-ng settings that sound closest. An approximation, not a clone. */

/** Samples are analysed at 8 kHz: enough for pitch up to 500 Hz and quick in plain JavaScript. */
const ANALYSIS_RATE = 8000;
/** Only the first minutes matter for a profile. */
const MAX_ANALYSED_SECONDS = 180;
export const MIN_SPEECH_SECONDS = 10;

/** Mandarin at espeak-ng's default 175 wpm runs at about this many syllables per second. */
const DEFAULT_SPEED = 175;
const DEFAULT_SYLLABLE_RATE = 4.2;

/** Measured median F0 of each espeak-ng variant at pitch 50, for mapping a sample's pitch onto a variant. */
const VARIANT_F0: { variant: string; gender: 'male' | 'female'; f0: number }[] = [
  { variant: 'm3', gender: 'male', f0: 94 },
  { variant: 'f2', gender: 'female', f0: 174 },
];

/** Between typical male and female speaking pitch (and above espeak-ng's own female voices, which sit near 165 Hz). */
const GENDER_SPLIT_HZ = 150;

export const DEFAULT_VOICE_PROFILE: VoiceProfile = {
  variant: 'm3',
  basePitch: 50,
  speed: DEFAULT_SPEED,
  gender: 'male',
  medianF0: 94,
  syllablesPerSecond: DEFAULT_SYLLABLE_RATE,
  speechSeconds: 0,
};

export async function decodeSample(file: string, signal?: AbortSignal): Promise<Float32Array> {
  const pcm = await ffmpeg(['-i', file, '-vn', '-t', String(MAX_ANALYSED_SECONDS), '-ac', '1', '-ar', String(ANALYSIS_RATE), '-f', 's16le', 'pipe:1'], {
    signal,
    timeoutMs: 120_000,
  }).catch((e: unknown) => {
    throw new SpeechError('sample_unreadable', String(e));
  });
  if (pcm.length === 0) throw new SpeechError('sample_unreadable', 'no audio samples');
  return toFloat(pcm);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Derives the offline voice settings from what the sample measured. */
export function profileFromMeasurements(m: { medianF0: number; syllablesPerSecond: number; speechSeconds: number }): VoiceProfile {
  const f0 = m.medianF0 > 0 ? m.medianF0 : DEFAULT_VOICE_PROFILE.medianF0;
  const gender = f0 < GENDER_SPLIT_HZ ? 'male' : 'female';
  const candidates = VARIANT_F0.filter((v) => v.gender === gender);
  const nearest = candidates.reduce((a, b) => (Math.abs(Math.log2(b.f0 / f0)) < Math.abs(Math.log2(a.f0 / f0)) ? b : a));
  const syllableRate = m.syllablesPerSecond > 0 ? m.syllablesPerSecond : DEFAULT_SYLLABLE_RATE;
  return {
    variant: nearest.variant,
    // Measured: espeak-ng pitch moves the voice by about one octave per 75 steps around 50.
    basePitch: Math.round(clamp(50 + 75 * Math.log2(f0 / nearest.f0), 10, 90)),
    speed: Math.round(DEFAULT_SPEED * clamp(syllableRate / DEFAULT_SYLLABLE_RATE, 0.7, 1.4)),
    gender,
    medianF0: Math.round(f0),
    syllablesPerSecond: Math.round(syllableRate * 100) / 100,
    speechSeconds: Math.round(m.speechSeconds * 10) / 10,
  };
}

/** Analyses a sample file; rejects one with less than 10 s of speech. */
export async function analyseVoiceSample(file: string, signal?: AbortSignal): Promise<VoiceProfile> {
  const samples = await decodeSample(file, signal);
  const measured = measureVoice(samples, ANALYSIS_RATE);
  if (measured.speechSeconds < MIN_SPEECH_SECONDS) {
    throw new SpeechError('sample_too_short', `speech ${measured.speechSeconds.toFixed(1)} s`);
  }
  return profileFromMeasurements(measured);
}
