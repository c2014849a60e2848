import path from 'node:path';
import { ffmpeg, probe, runToolStderr } from '../../platform/media/ffmpeg.js';
import { round } from './chunks.js';
import type { TranscribeInput, Transcript, TranscriptionEngine } from './types.js';

/**
 * Speech detection before transcription: ffmpeg's silencedetect finds the quiet stretches, only the
 * speech between them (with a margin) is sent to the recogniser, joined with short pauses, and the
 * segment times that come back are stitched onto the original's timeline.
 */

export interface SpeechSpan {
  start: number;
  end: number;
}

/** A speech span as laid out in the file sent: `at` seconds into it, the same length as in the source. */
export interface PlacedSpan extends SpeechSpan {
  at: number;
}

export interface VadOptions {
  /** Below this level is silence, dBFS. */
  noiseDb: number;
  /** Quiet shorter than this is a pause inside speech, seconds. */
  minSilence: number;
  /** Kept on each side of a span, so no word's onset or tail is clipped, seconds. */
  margin: number;
  /** Silence put between spans in the file sent, so the recogniser hears them apart, seconds. */
  gap: number;
}

export const VAD_DEFAULTS: VadOptions = { noiseDb: -50, minSilence: 0.8, margin: 0.25, gap: 0.4 };

/** The speech spans of `duration` seconds that lie between `silences`, widened by `margin`, overlaps merged. */
export function speechSpans(silences: SpeechSpan[], duration: number, margin: number): SpeechSpan[] {
  const spans: SpeechSpan[] = [];
  let at = 0;
  for (const s of [...silences].sort((a, b) => a.start - b.start)) {
    if (s.start > at) spans.push({ start: at, end: s.start });
    at = Math.max(at, s.end);
  }
  if (at < duration) spans.push({ start: at, end: duration });
  const merged: SpeechSpan[] = [];
  for (const s of spans) {
    const start = Math.max(0, s.start - margin);
    const end = Math.min(duration, s.end + margin);
    if (end - start <= 0) continue;
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged.map((s) => ({ start: round(s.start), end: round(s.end) }));
}

/** Where each span lands in the file sent: one after another, `gap` seconds apart. */
export function layoutSpans(spans: SpeechSpan[], gap: number): PlacedSpan[] {
  let at = 0;
  return spans.map((s) => {
    const placed = { ...s, at: round(at) };
    at += s.end - s.start + gap;
    return placed;
  });
}

/** A time of the file sent, on the source's timeline (a time in a gap holds at its span's end). */
export function toSourceTime(layout: PlacedSpan[], t: number): number {
  let span = layout[0];
  for (const s of layout) if (s.at <= t) span = s;
  if (!span) return round(t);
  return round(span.start + Math.min(Math.max(0, t - span.at), span.end - span.start));
}

/** The silences ffmpeg's silencedetect hears in `file`. */
export async function detectSilences(file: string, o: Pick<VadOptions, 'noiseDb' | 'minSilence'>): Promise<SpeechSpan[]> {
  const log = await runToolStderr('ffmpeg', [
    '-hide_banner', '-nostdin', '-i', file, '-vn', '-af', `silencedetect=noise=${o.noiseDb}dB:d=${o.minSilence}`, '-f', 'null', '-',
  ]);
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Math.max(0, Number(m[1])));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => ({ start, end: ends[i] ?? Infinity }));
}

/** The spans cut out of `file` and joined as 16 kHz mono WAV, `gap` seconds of silence after each. */
async function cutSpans(file: string, layout: PlacedSpan[], gap: number, out: string, signal?: AbortSignal): Promise<void> {
  const chains = layout.map(
    (s, i) => `[0:a]atrim=start=${s.start.toFixed(3)}:end=${s.end.toFixed(3)},asetpts=PTS-STARTPTS,apad=pad_dur=${gap}[s${i}]`,
  );
  const graph = `${chains.join(';')};${layout.map((_, i) => `[s${i}]`).join('')}concat=n=${layout.length}:v=0:a=1[a]`;
  await ffmpeg(['-i', file, '-filter_complex', graph, '-map', '[a]', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out], {
    signal,
  });
}

/**
 * Transcribes only the speech of `input.file`: no speech heard gives an empty transcript; when the quiet
 * parts are too short to matter (under 2 s and a tenth of the whole) the file goes as it is.
 */
export async function transcribeSpeech(
  engine: TranscriptionEngine,
  input: TranscribeInput,
  scratch: string,
  o: VadOptions = VAD_DEFAULTS,
): Promise<Transcript> {
  const { duration } = await probe(input.file, { signal: input.signal });
  const spans = speechSpans(await detectSilences(input.file, o), duration, o.margin);
  if (!spans.length) return { language: input.language ?? '', text: '', segments: [], duration };
  const heard = spans.reduce((n, s) => n + s.end - s.start, 0);
  const quiet = duration - heard;
  if (quiet < Math.max(2, duration * 0.1)) return engine.transcribe(input);
  const layout = layoutSpans(spans, o.gap);
  const speech = path.join(scratch, 'speech-only.wav');
  await cutSpans(input.file, layout, o.gap, speech, input.signal);
  const t = await engine.transcribe({ ...input, file: speech });
  const segments = t.segments.map((s) => {
    const start = toSourceTime(layout, s.start);
    return { ...s, start, end: Math.max(start, toSourceTime(layout, s.end)) };
  });
  return { ...t, segments, duration };
}
