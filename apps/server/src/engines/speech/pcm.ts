/** 16-bit mono PCM helpers for the offline engine. */

/** espeak-ng speaks at this rate for both voices it uses. */
export const ESPEAK_SAMPLE_RATE = 22050;

export interface PcmAudio {
  sampleRate: number;
  /** Signed 16-bit little-endian mono samples. */
  data: Buffer;
}

/** Reads the PCM out of a WAV stream; espeak-ng writes placeholder sizes on stdout, so the data runs to the end. */
export function pcmFromWav(wav: Buffer): PcmAudio {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV stream');
  }
  let sampleRate = ESPEAK_SAMPLE_RATE;
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      const end = Math.min(wav.length, at + 8 + size);
      const data = wav.subarray(at + 8, end - ((end - at - 8) % 2));
      return { sampleRate, data };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV stream has no data chunk');
}

export function silence(seconds: number, sampleRate: number): Buffer {
  return Buffer.alloc(Math.max(0, Math.round(seconds * sampleRate)) * 2);
}

/** Wraps raw PCM in a WAV header, for engines that reply with bare samples. */
export function wavFromPcm(data: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Samples as floats in [-1, 1). */
export function toFloat(data: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(data.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = data.readInt16LE(i * 2) / 32768;
  return out;
}

/** Cuts the near-silent padding espeak-ng puts around each utterance, keeping `keepSeconds` of it. */
export function trimSilence(data: Buffer, sampleRate: number, keepSeconds = 0.03, threshold = 200): Buffer {
  const count = Math.floor(data.length / 2);
  let start = 0;
  while (start < count && Math.abs(data.readInt16LE(start * 2)) < threshold) start++;
  let end = count;
  while (end > start && Math.abs(data.readInt16LE((end - 1) * 2)) < threshold) end--;
  if (end <= start) return Buffer.alloc(0);
  const keep = Math.round(keepSeconds * sampleRate);
  return data.subarray(Math.max(0, start - keep) * 2, Math.min(count, end + keep) * 2);
}
