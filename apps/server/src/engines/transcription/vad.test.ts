import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, probe, runTool } from '../../platform/media/ffmpeg.js';
import type { TranscribeInput, Transcript, TranscriptionEngine } from './types.js';
import { detectSilences, layoutSpans, speechSpans, toSourceTime, transcribeSpeech, VAD_DEFAULTS } from './vad.js';

let dir: string;
/** Where the recording speaks, seconds on its own timeline. */
const spoken: { start: number; end: number }[] = [];
let recording: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vad-'));
  // Two sentences, at 1 s and at 12 s, in 20 s of digital silence.
  const starts = [1, 12];
  const inputs: string[] = [];
  const delays: string[] = [];
  for (const [i, at] of starts.entries()) {
    const wav = path.join(dir, `s${i}.wav`);
    await runTool('espeak-ng', ['-v', 'cmn', '-s', '170', '-w', wav, i ? '今天的天气非常好。' : '大家好，欢迎收看。']);
    const { duration } = await probe(wav);
    spoken.push({ start: at, end: at + duration });
    inputs.push('-i', wav);
    delays.push(`[${i + 1}:a]aresample=16000,adelay=${at * 1000}:all=1[d${i}]`);
  }
  recording = path.join(dir, 'recording.wav');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono:d=20',
    ...inputs,
    '-filter_complex', `${delays.join(';')};[0:a][d0][d1]amix=inputs=3:duration=first:normalize=0[a]`,
    '-map', '[a]', '-ac', '1', '-ar', '16000', recording,
  ]);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A recogniser that really listens: one segment per stretch of sound in the file it gets, in its times. */
function listeningEngine(): TranscriptionEngine & { files: string[] } {
  const files: string[] = [];
  return {
    id: 'listening',
    languages: ['zh'],
    files,
    async transcribe(input: TranscribeInput): Promise<Transcript> {
      files.push(input.file);
      const { duration } = await probe(input.file);
      const spans = speechSpans(await detectSilences(input.file, { noiseDb: -40, minSilence: 0.2 }), duration, 0);
      return {
        language: 'zh',
        text: '',
        duration,
        segments: spans.map((s, id) => ({ id, start: s.start, end: s.end, text: `第${id + 1}句` })),
      };
    },
  };
}

describe('speech detection before transcription', () => {
  it('finds the speech between silences, with a margin, and merges what overlaps', () => {
    expect(speechSpans([{ start: 0, end: 1 }, { start: 3, end: 9 }, { start: 9.2, end: 10 }], 12, 0.25)).toEqual([
      { start: 0.75, end: 3.25 },
      { start: 8.75, end: 9.45 },
      { start: 9.75, end: 12 },
    ]);
    expect(speechSpans([{ start: 0, end: 12 }], 12, 0.25)).toEqual([]);
  });

  it('puts times of the file sent back on the source timeline', () => {
    const layout = layoutSpans([{ start: 2, end: 4 }, { start: 10, end: 11 }], 0.5);
    expect(layout.map((s) => s.at)).toEqual([0, 2.5]);
    expect(toSourceTime(layout, 1)).toBe(3);
    expect(toSourceTime(layout, 2.2)).toBe(4); // in the gap: held at the span's end
    expect(toSourceTime(layout, 2.75)).toBe(10.25);
  });

  it('sends only the speech and stitches the segment times back onto the source', async () => {
    const engine = listeningEngine();
    const t = await transcribeSpeech(engine, { file: recording, language: 'zh' }, dir);
    // The file heard is the two sentences with margins and a short pause, far shorter than the 20 s.
    const sent = await probe(engine.files[0]!);
    const speech = spoken.reduce((n, s) => n + s.end - s.start, 0);
    expect(engine.files[0]).not.toBe(recording);
    expect(sent.duration).toBeLessThan(speech + 4 * VAD_DEFAULTS.margin + 2 * VAD_DEFAULTS.gap + 0.3);
    expect(t.duration).toBeCloseTo(20, 0);
    // The same listener on the whole recording: the times it hears there are what the stitched ones must be.
    const whole = await listeningEngine().transcribe({ file: recording });
    expect(whole.segments.length).toBeGreaterThanOrEqual(2);
    expect(t.segments).toHaveLength(whole.segments.length);
    for (const [i, s] of t.segments.entries()) {
      expect(Math.abs(s.start - whole.segments[i]!.start)).toBeLessThan(0.1);
      expect(Math.abs(s.end - whole.segments[i]!.end)).toBeLessThan(0.1);
    }
    expect(Math.abs(t.segments[0]!.start - spoken[0]!.start)).toBeLessThan(0.3);
    expect(t.segments.some((s) => Math.abs(s.start - spoken[1]!.start) < 0.3)).toBe(true);
  }, 60_000);

  it('hears nothing in silence, and sends a file that is nearly all speech as it is', async () => {
    const quiet = path.join(dir, 'quiet.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono:d=5', quiet]);
    const engine = listeningEngine();
    expect((await transcribeSpeech(engine, { file: quiet }, dir)).segments).toEqual([]);
    expect(engine.files).toEqual([]);
    const tone = path.join(dir, 'tone.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=16000:duration=8', tone]);
    await transcribeSpeech(engine, { file: tone }, dir);
    expect(engine.files).toEqual([tone]);
  }, 60_000);
});
