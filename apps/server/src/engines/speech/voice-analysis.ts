/** Measures a voice sample: how much speech it holds, its median pitch and its syllable rate. */

export interface VoiceMeasurements {
  speechSeconds: number;
  /** Median fundamental frequency of voiced frames, Hz (0 when none were voiced). */
  medianF0: number;
  syllablesPerSecond: number;
}

const HOP_SECONDS = 0.01;
const MIN_F0 = 60;
const MAX_F0 = 500;
/** A frame counts as voiced when its normalised autocorrelation peak reaches this. */
const VOICING = 0.6;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return -90;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? -90;
}

/** Frame levels in dBFS, 20 ms windows every 10 ms. */
function frameLevels(x: Float32Array, sr: number): number[] {
  const hop = Math.round(sr * HOP_SECONDS);
  const win = hop * 2;
  const levels: number[] = [];
  for (let start = 0; start + win <= x.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + win; i++) sum += (x[i] ?? 0) ** 2;
    levels.push(Math.max(-90, 10 * Math.log10(sum / win + 1e-12)));
  }
  return levels;
}

/** Speech threshold between the noise floor and the loud parts, never below −45 dBFS. */
function speechThreshold(levels: number[]): number {
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = percentile(sorted, 0.1);
  const peak = percentile(sorted, 0.95);
  return Math.max(-45, Math.min(peak - 25, floor + 12));
}

/** Pitch of one 40 ms frame by normalised autocorrelation; the shortest lag near the best peak avoids octave errors. */
function framePitch(x: Float32Array, start: number, win: number, sr: number): number {
  let mean = 0;
  for (let i = 0; i < win; i++) mean += x[start + i] ?? 0;
  mean /= win;
  const f = new Float32Array(win);
  for (let i = 0; i < win; i++) f[i] = (x[start + i] ?? 0) - mean;
  const minLag = Math.floor(sr / MAX_F0);
  const maxLag = Math.min(win - 8, Math.ceil(sr / MIN_F0));
  const scores = new Float32Array(maxLag + 2);
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let num = 0;
    let e1 = 0;
    let e2 = 0;
    for (let i = 0; i + lag < win; i++) {
      const a = f[i] ?? 0;
      const b = f[i + lag] ?? 0;
      num += a * b;
      e1 += a * a;
      e2 += b * b;
    }
    const r = num / (Math.sqrt(e1 * e2) + 1e-12);
    scores[lag] = r;
    if (r > best) best = r;
  }
  if (best < VOICING) return 0;
  for (let lag = minLag + 1; lag < maxLag; lag++) {
    const r = scores[lag] ?? 0;
    if (r >= 0.9 * best && r >= (scores[lag - 1] ?? 0) && r >= (scores[lag + 1] ?? 0)) {
      const a = scores[lag - 1] ?? 0;
      const c = scores[lag + 1] ?? 0;
      const shift = (a - c) / (2 * (a - 2 * r + c) || 1);
      return sr / (lag + Math.max(-0.5, Math.min(0.5, shift)));
    }
  }
  return 0;
}

/** Syllable nuclei as prominent peaks of the smoothed level curve inside speech. */
function countSyllables(levels: number[], threshold: number): number {
  const smooth = levels.map((_, i) => {
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(levels.length - 1, i + 2); j++) {
      s += levels[j] ?? 0;
      n++;
    }
    return s / n;
  });
  let count = 0;
  let valley = Infinity;
  let lastPeak = -Infinity;
  for (let i = 1; i < smooth.length - 1; i++) {
    const v = smooth[i] ?? -90;
    valley = Math.min(valley, v);
    const isPeak = v > threshold && v >= (smooth[i - 1] ?? -90) && v > (smooth[i + 1] ?? -90);
    if (isPeak && v - valley >= 3 && i - lastPeak >= 10) {
      count++;
      lastPeak = i;
      valley = v;
    }
  }
  return count;
}

export function measureVoice(x: Float32Array, sr: number): VoiceMeasurements {
  const levels = frameLevels(x, sr);
  const threshold = speechThreshold(levels);
  const hop = Math.round(sr * HOP_SECONDS);
  const win = Math.round(sr * 0.04);
  const pitches: number[] = [];
  let speechFrames = 0;
  levels.forEach((level, i) => {
    if (level <= threshold) return;
    speechFrames++;
    // Every third speech frame is plenty for a median and keeps long samples fast.
    if (i % 3 === 0 && i * hop + win <= x.length) {
      const f0 = framePitch(x, i * hop, win, sr);
      if (f0 > 0) pitches.push(f0);
    }
  });
  pitches.sort((a, b) => a - b);
  const speechSeconds = speechFrames * HOP_SECONDS;
  return {
    speechSeconds,
    medianF0: pitches.length ? percentile(pitches, 0.5) : 0,
    syllablesPerSecond: speechSeconds > 0 ? countSyllables(levels, threshold) / speechSeconds : 0,
  };
}
