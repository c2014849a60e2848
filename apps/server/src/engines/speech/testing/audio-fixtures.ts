import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg, runTool } from '../../../platform/media/ffmpeg.js';

/** Real audio for tests, made offline with espeak-ng and ffmpeg. */

export const fixtureDir = mkdtempSync(join(tmpdir(), 'speech-test-'));

const SENTENCE = 'jin1 tian1 tian1 qi4 hen3 hao3 , wo3 men5 yi4 qi3 qu4 gong1 yuan2 san4 bu4 , kan4 kan5 hua1 , ting1 ting1 niao3 jiao4 . ';

/** A Mandarin-sounding WAV of about `seconds`, spoken by an espeak-ng variant such as "m3" or "f2". */
export async function spokenSample(variant: string, seconds: number, name = `${variant}-${seconds}.wav`): Promise<string> {
  const file = join(fixtureDir, name);
  const repeats = Math.max(1, Math.ceil(seconds / 5.5));
  await runTool('espeak-ng', ['-v', `cmn-latn-pinyin+${variant}`, '-w', file, SENTENCE.repeat(repeats)]);
  return file;
}

/** The same speech re-encoded, as a vendor would send it. */
export async function spokenBytes(format: 'mp3' | 'wav'): Promise<Buffer> {
  const wav = await spokenSample('f2', 2, 'reply-source.wav');
  const out = join(fixtureDir, `reply.${format}`);
  await ffmpeg(['-i', wav, ...(format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : []), out]);
  return readFile(out);
}

/** Raw 16-bit mono PCM at `sampleRate`, as CosyVoice streams it. */
export async function spokenPcm(sampleRate: number): Promise<Buffer> {
  const wav = await spokenSample('m3', 2, 'pcm-source.wav');
  return ffmpeg(['-i', wav, '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'pipe:1']);
}

/** Speech padded with long silence: plenty of file, too little voice. */
export async function mostlySilentSample(): Promise<string> {
  const speech = await spokenSample('m3', 4, 'short-speech.wav');
  const file = join(fixtureDir, 'mostly-silent.wav');
  await ffmpeg(['-i', speech, '-af', 'apad=pad_dur=20', file]);
  return file;
}
