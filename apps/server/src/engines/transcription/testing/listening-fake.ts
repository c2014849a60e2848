import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probe, runToolStderr } from '../../../platform/media/ffmpeg.js';
import {
  startFakeOpenAiTranscription,
  type FakeOpenAiTranscription,
  type FakeSegment,
} from './fake-openai-transcription.js';

/** The sound's stretches between silences (ffmpeg silencedetect), as a recogniser would segment them. */
export async function speechStretches(
  file: string,
  minSeconds = 0.4,
): Promise<{ segments: { start: number; end: number }[]; duration: number }> {
  const { duration } = await probe(file);
  const report = await runToolStderr('ffmpeg', [
    '-hide_banner',
    '-i',
    file,
    '-vn',
    '-af',
    'silencedetect=noise=-30dB:d=0.5',
    '-f',
    'null',
    '-',
  ]);
  const starts = [...report.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Math.max(0, Number(m[1])));
  const ends = [...report.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  const segments: { start: number; end: number }[] = [];
  let at = 0;
  starts.forEach((s, i) => {
    if (s - at >= minSeconds) segments.push({ start: at, end: s });
    at = ends[i] ?? duration;
  });
  if (duration - at >= minSeconds) segments.push({ start: at, end: duration });
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return { segments: segments.map((x) => ({ start: r(x.start), end: r(x.end) })), duration };
}

/**
 * The OpenAI-compatible transcription fake (see fake-openai-transcription.ts for the document it
 * follows) answering for whatever is uploaded: each stretch of sound between silences becomes one
 * segment with a placeholder sentence. For journeys and benchmarks whose videos are made on the fly.
 */
export function startListeningTranscriber(
  /** What to hear instead in particular audio: segments for these stretches, or undefined for the placeholders. */
  heard?: (stretches: { start: number; end: number }[], duration: number) => FakeSegment[] | undefined,
): Promise<FakeOpenAiTranscription> {
  return startFakeOpenAiTranscription(async (req) => {
    const form = await req.form();
    const file = form.get('file') as File;
    const dir = await mkdtemp(path.join(tmpdir(), 'fake-asr-'));
    try {
      const audio = path.join(dir, file.name || 'audio.wav');
      await writeFile(audio, Buffer.from(await file.arrayBuffer()));
      const { segments, duration } = await speechStretches(audio);
      const said: FakeSegment[] =
        heard?.(segments, duration) ?? segments.map((x, i) => ({ ...x, text: `第${i + 1}句原声内容。` }));
      return { language: 'chinese', duration, segments: said };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
