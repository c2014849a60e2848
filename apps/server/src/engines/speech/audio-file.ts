import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { SpeechError } from './errors.js';
import type { SynthesizeResult } from './types.js';

/** Writing speech to the requested file: one ffmpeg call for filters and encoding, then a real probe. */

// AAC uses the fast coder: the default two-loop search is four times slower and inaudible on speech.
const ENCODERS: Record<string, string[]> = {
  '.m4a': ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '96k', '-movflags', '+faststart'],
  '.aac': ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '96k'],
  '.mp4': ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '96k', '-movflags', '+faststart'],
  '.mp3': ['-c:a', 'libmp3lame', '-b:a', '128k'],
  '.wav': ['-c:a', 'pcm_s16le'],
};

export function encoderArgs(outFile: string): string[] {
  const args = ENCODERS[extname(outFile).toLowerCase()];
  if (!args) throw new Error(`unsupported speech output format: ${outFile}`);
  return args;
}

/** Filters for loudness and tempo applied after synthesis; `volume` > 1 goes through a limiter so it never clips. */
export function levelFilters({ volume = 1, tempo = 1 }: { volume?: number; tempo?: number }): string[] {
  const filters: string[] = [];
  if (Math.abs(tempo - 1) > 1e-3) filters.push(`atempo=${tempo.toFixed(3)}`);
  if (Math.abs(volume - 1) > 1e-3) filters.push(`volume=${volume.toFixed(3)}`);
  if (volume > 1) filters.push('alimiter=limit=0.97:level=0');
  return filters;
}

/** The file's real duration; a file ffprobe cannot read or that is empty is a failed synthesis. */
export async function measureSpeech(file: string, signal?: AbortSignal): Promise<SynthesizeResult> {
  const info = await probe(file, { signal }).catch((e: unknown) => {
    throw new SpeechError('failed', `output not readable: ${String(e)}`);
  });
  if (!info.audio || !(info.duration > 0)) throw new SpeechError('failed', 'output has no audio');
  return { file, duration: info.duration };
}

/** Encodes raw 16-bit mono PCM fed through stdin. */
export async function writePcm(
  pcm: Buffer,
  sampleRate: number,
  outFile: string,
  filters: string[],
  signal?: AbortSignal,
): Promise<SynthesizeResult> {
  await mkdir(dirname(outFile), { recursive: true });
  const af = filters.length ? ['-af', filters.join(',')] : [];
  await ffmpeg(['-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0', ...af, '-ac', '1', ...encoderArgs(outFile), outFile], {
    input: pcm,
    signal,
    timeoutMs: 300_000,
  });
  return measureSpeech(outFile, signal);
}

/** Re-encodes audio bytes a remote engine returned (mp3, wav, ...) into the requested file. */
export async function writeRemoteAudio(
  audio: Buffer,
  outFile: string,
  filters: string[],
  signal?: AbortSignal,
): Promise<SynthesizeResult> {
  if (audio.length === 0) throw new SpeechError('failed', 'remote engine returned no audio');
  await mkdir(dirname(outFile), { recursive: true });
  const temp = `${outFile}.${randomUUID()}.remote`;
  try {
    await writeFile(temp, audio);
    const af = filters.length ? ['-af', filters.join(',')] : [];
    await ffmpeg(['-i', temp, '-vn', ...af, '-ac', '1', ...encoderArgs(outFile), outFile], { signal, timeoutMs: 300_000 }).catch(
      (e: unknown) => {
        throw new SpeechError('failed', `remote audio not decodable: ${String(e)}`);
      },
    );
    return await measureSpeech(outFile, signal);
  } finally {
    await rm(temp, { force: true });
  }
}
