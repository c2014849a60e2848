import path from 'node:path';
import { voiceMessages } from '@app/contract';
import { probe } from '../../platform/media/ffmpeg.js';
import { AppError } from '../../platform/errors.js';
import { SpeechError } from '../../engines/speech/index.js';
import { analyseVoiceSample } from '../../engines/speech/voice-profile.js';
import type { FileRow } from './voice-files.js';

/** Recordings a voice may be cloned from (spec 000 §5): mp3/m4a/wav, at most 20 MB, at least 10 s of speech. */
export const RECORDING_EXTENSIONS = ['mp3', 'm4a', 'wav'] as const;
export const RECORDING_MAX_BYTES = 20 * 1024 * 1024;
export const MIN_SPEECH_SECONDS = 10;

const AUDIO_CONTAINERS = new Set(['mp3', 'wav', 'mov', 'mp4', 'm4a']);

/** What the file record already tells, checked when the clone is asked for. */
export function checkRecordingRecord(file: FileRow): void {
  const ext = path.extname(file.key).slice(1).toLowerCase();
  if (!(RECORDING_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError(voiceMessages.audioFormat);
  if (file.size > RECORDING_MAX_BYTES) throw new AppError(voiceMessages.audioTooLarge);
  if (file.duration > 0 && file.duration < MIN_SPEECH_SECONDS) throw new AppError(voiceMessages.recordingTooShort);
}

/** What the file really holds, checked by the clone job: an audio container, and enough speech. */
export async function checkRecordingContent(file: string, signal?: AbortSignal): Promise<void> {
  const info = await probe(file, { signal }).catch(() => null);
  if (!info?.audio || info.video || !info.container.split(',').some((c) => AUDIO_CONTAINERS.has(c)))
    throw new AppError(voiceMessages.audioFormat);
  await analyseVoiceSample(file, signal).catch((e: unknown) => {
    if (e instanceof SpeechError && e.kind === 'sample_too_short') throw new AppError(voiceMessages.audioTooShort);
    if (e instanceof SpeechError && e.kind === 'sample_unreadable') throw new AppError(voiceMessages.audioFormat);
    throw e;
  });
}
