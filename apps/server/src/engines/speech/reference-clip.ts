import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { SpeechError } from './errors.js';

/** Zero-shot engines speak from a short reference clip: cut one from the sample, leading silence removed. */
export async function cutReferenceClip(
  sampleFile: string,
  dir: string,
  opts: { maxSeconds: number; sampleRate: number; signal?: AbortSignal },
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${randomUUID()}.wav`);
  await ffmpeg(
    [
      '-i',
      sampleFile,
      '-vn',
      '-af',
      'silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.1',
      '-t',
      String(opts.maxSeconds),
      '-ac',
      '1',
      '-ar',
      String(opts.sampleRate),
      '-c:a',
      'pcm_s16le',
      file,
    ],
    { signal: opts.signal, timeoutMs: 120_000 },
  ).catch((e: unknown) => {
    throw new SpeechError('sample_unreadable', String(e));
  });
  return file;
}
