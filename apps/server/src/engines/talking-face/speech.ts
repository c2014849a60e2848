import { runTool } from '../../platform/media/ffmpeg.js';

export const SPEECH_RATE = 16_000;

/** Per video frame: how loud the speech is and how the mouth follows it. */
export interface MouthTrack {
  fps: number;
  /** Linear RMS of the samples under each frame (0..1 of full scale). */
  rms: Float32Array;
  /** Mouth opening 0 (closed) .. 1 (wide), the engine's drive. */
  open: Float32Array;
}

/** Decodes any audio file to 16 kHz mono 16-bit samples. */
export async function decodeSpeech(file: string, signal?: AbortSignal): Promise<Int16Array> {
  const raw = await runTool(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-vn', '-ac', '1', '-ar', String(SPEECH_RATE), '-f', 's16le', 'pipe:1'],
    { signal },
  );
  return new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
}

/** RMS of each frame's window of samples. */
export function frameRms(samples: Int16Array, fps: number, frames: number): Float32Array {
  const hop = SPEECH_RATE / fps;
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const a = Math.floor(f * hop);
    const b = Math.min(samples.length, Math.floor((f + 1) * hop));
    let s = 0;
    for (let i = a; i < b; i++) s += (samples[i]! / 32768) ** 2;
    out[f] = b > a ? Math.sqrt(s / (b - a)) : 0;
  }
  return out;
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Drives the mouth from the speech: the opening follows the frame's loudness (relative to the
 * speech's own loud frames), shaped by its spectrum — voiced, low-pitched energy (vowels) opens
 * wider than hissing, high-frequency energy (s, sh, f) — and drops to closed under a silence gate.
 * Lips open fast and close a little slower, as real ones do.
 */
export function mouthTrack(samples: Int16Array, fps: number, frames: number): MouthTrack {
  const rms = frameRms(samples, fps, frames);
  const hop = SPEECH_RATE / fps;
  const loud = Math.max(percentile(rms, 0.95), 1e-4);
  // Silence: 30 dB under the loud frames, and never above -40 dBFS.
  const gate = Math.min(loud * 0.0316, 0.01);
  const open = new Float32Array(frames);
  let level = 0;
  for (let f = 0; f < frames; f++) {
    const a = Math.floor(f * hop);
    const b = Math.min(samples.length, Math.floor((f + 1) * hop));
    // Zero-crossing rate: near 0.05 for vowels at 16 kHz, 0.3+ for fricatives.
    let crossings = 0;
    for (let i = a + 1; i < b; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
    const zcr = b - a > 1 ? crossings / (b - a - 1) : 0;
    const voiced = 1 - Math.min(1, Math.max(0, (zcr - 0.08) / 0.25));
    const r = rms[f]!;
    const target = r <= gate ? 0 : Math.min(1, (r / loud) ** 0.7) * (0.55 + 0.45 * voiced);
    level += (target - level) * (target > level ? 0.8 : 0.55);
    open[f] = level < 0.02 ? 0 : level;
  }
  return { fps, rms, open };
}
