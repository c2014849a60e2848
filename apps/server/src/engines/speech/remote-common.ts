import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { SpeechError } from './errors.js';
import { speechMessages } from './messages.js';
import { measureVoice } from './voice-analysis.js';
import { decodeSample, MIN_SPEECH_SECONDS } from './voice-profile.js';
import { stripPauseTags, mapPauseTags } from './script.js';

/** Pieces every remote engine shares: text preparation, sample checks, file parts. */

/** For engines without pause support: a pause tag becomes punctuation so the phrasing survives. */
export function textWithoutPauseTags(text: string): string {
  const out = mapPauseTags(text, (seconds) => (seconds >= 0.5 ? '。' : '，')).trim();
  if (!stripPauseTags(out).trim()) throw new SpeechError('bad_input', 'empty text', speechMessages.emptyText);
  return out;
}

export function assertText(text: string): void {
  if (!stripPauseTags(text).trim()) throw new SpeechError('bad_input', 'empty text', speechMessages.emptyText);
}

/** Same rule for every channel: the spec asks for a clear voice of at least 10 seconds. */
export async function assertEnoughSpeech(sampleFile: string, signal?: AbortSignal): Promise<void> {
  const measured = measureVoice(await decodeSample(sampleFile, signal), 8000);
  if (measured.speechSeconds < MIN_SPEECH_SECONDS) {
    throw new SpeechError('sample_too_short', `speech ${measured.speechSeconds.toFixed(1)} s`);
  }
}

const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4', wav: 'audio/wav', aac: 'audio/aac' };

export async function fileBlob(path: string): Promise<{ blob: Blob; name: string }> {
  const name = basename(path);
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const data = await readFile(path).catch((e: unknown) => {
    throw new SpeechError('sample_unreadable', String(e));
  });
  return { blob: new Blob([data], { type: AUDIO_TYPES[ext] ?? 'application/octet-stream' }), name };
}

/** Semitones for a pitch ratio (0.1–2), for engines that shift by semitones. */
export function semitones(ratio: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, Math.round(12 * Math.log2(ratio))));
}
