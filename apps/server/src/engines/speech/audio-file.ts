import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import { SpeechError } from './errors.js';
import { pcmFromWav, trimSilence, wavFromPcm } from './pcm.js';
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

const isWav = (file: string) => extname(file).toLowerCase() === '.wav';

/** Seconds of 16-bit mono samples. */
const pcmSeconds = (data: Buffer, sampleRate: number) => data.length / 2 / sampleRate;

/** A 16-bit mono WAV we wrote: its length read from its header, with no ffprobe. */
async function measureWav(file: string): Promise<SynthesizeResult> {
  const duration = await readFile(file)
    .then((wav) => {
      const pcm = pcmFromWav(wav);
      return pcmSeconds(pcm.data, pcm.sampleRate);
    })
    .catch((e: unknown) => {
      throw new SpeechError('failed', `output not readable: ${String(e)}`);
    });
  if (!(duration > 0)) throw new SpeechError('failed', 'output has no audio');
  return { file, duration };
}

/**
 * Encodes raw 16-bit mono PCM fed through stdin. A WAV without filters needs no encoder at all: its
 * header is written here and its length is known from the samples.
 */
export async function writePcm(
  pcm: Buffer,
  sampleRate: number,
  outFile: string,
  filters: string[],
  signal?: AbortSignal,
): Promise<SynthesizeResult> {
  await mkdir(dirname(outFile), { recursive: true });
  if (isWav(outFile) && filters.length === 0) {
    if (pcm.length < 2) throw new SpeechError('failed', 'output has no audio');
    await writeFile(outFile, wavFromPcm(pcm.subarray(0, pcm.length - (pcm.length % 2)), sampleRate));
    return { file: outFile, duration: pcmSeconds(pcm, sampleRate) };
  }
  const af = filters.length ? ['-af', filters.join(',')] : [];
  await ffmpeg(['-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0', ...af, '-ac', '1', ...encoderArgs(outFile), outFile], {
    input: pcm,
    signal,
    timeoutMs: 300_000,
  });
  return isWav(outFile) ? measureWav(outFile) : measureSpeech(outFile, signal);
}

/**
 * Cuts a speech WAV's leading and trailing silence (below `thresholdDb`) down to `keepSeconds`,
 * in this process. Returns the file unchanged when there is nothing to cut, or when cutting would
 * leave under `minSeconds`.
 */
export async function trimWavEdges(
  file: string,
  outFile: string,
  opts: { keepSeconds: number; thresholdDb: number; minSeconds: number },
): Promise<SynthesizeResult> {
  const pcm = pcmFromWav(await readFile(file));
  const whole = pcmSeconds(pcm.data, pcm.sampleRate);
  const threshold = Math.round(32768 * 10 ** (opts.thresholdDb / 20));
  const kept = trimSilence(pcm.data, pcm.sampleRate, opts.keepSeconds, threshold);
  const seconds = pcmSeconds(kept, pcm.sampleRate);
  if (kept.length === pcm.data.length || seconds <= opts.minSeconds) return { file, duration: whole };
  await writeFile(outFile, wavFromPcm(kept, pcm.sampleRate));
  return { file: outFile, duration: seconds };
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
    return await (isWav(outFile) ? measureWav(outFile) : measureSpeech(outFile, signal));
  } finally {
    await rm(temp, { force: true });
  }
}
