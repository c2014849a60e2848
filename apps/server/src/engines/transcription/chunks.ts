import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpeg, probe } from '../../platform/media/ffmpeg.js';
import type { Transcript, TranscriptSegment } from './types.js';

/** 16 kHz mono 16-bit PCM: 32 000 bytes a second, what speech recognisers hear anyway. */
const WAV_BYTES_PER_SECOND = 32_000;

export interface AudioChunk {
  file: string;
  /** Seconds into the original where this chunk starts. */
  offset: number;
}

/**
 * Cuts audio too big for a vendor's upload limit into 16 kHz mono WAV chunks each under `maxBytes`,
 * each with its exact offset so the chunk's times can be stitched back; a file under the limit is
 * returned as is. `cleanup` removes whatever was written.
 */
export async function chunkAudio(
  file: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ chunks: AudioChunk[]; duration: number | null; cleanup: () => Promise<void> }> {
  const size = (await stat(file)).size;
  if (size <= maxBytes) return { chunks: [{ file, offset: 0 }], duration: null, cleanup: async () => undefined };
  const { duration } = await probe(file, { signal });
  const seconds = Math.max(1, Math.floor(((maxBytes - 4096) / WAV_BYTES_PER_SECOND) * 0.95));
  const dir = await mkdtemp(path.join(tmpdir(), 'asr-chunks-'));
  const chunks: AudioChunk[] = [];
  for (let offset = 0, i = 0; offset < duration; offset += seconds, i++) {
    const out = path.join(dir, `chunk-${i}.wav`);
    await ffmpeg(
      ['-ss', String(offset), '-t', String(seconds), '-i', file, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out],
      { signal },
    );
    chunks.push({ file: out, offset });
  }
  return { chunks, duration, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Joins the transcripts of consecutive chunks: times shifted by each chunk's offset, ids renumbered. */
export function stitchTranscripts(parts: { offset: number; transcript: Transcript }[], duration?: number | null): Transcript {
  const segments: TranscriptSegment[] = [];
  for (const { offset, transcript } of parts) {
    for (const s of transcript.segments) {
      const text = s.text.trim();
      if (!text) continue;
      segments.push({ id: segments.length, start: round(s.start + offset), end: round(s.end + offset), text });
    }
  }
  const last = parts.at(-1);
  return {
    language: parts.find((p) => p.transcript.language)?.transcript.language ?? '',
    text: parts.map((p) => p.transcript.text.trim()).filter(Boolean).join(' '),
    segments,
    duration: duration ?? (last ? last.offset + last.transcript.duration : 0),
  };
}

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
