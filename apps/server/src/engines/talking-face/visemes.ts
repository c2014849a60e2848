/**
 * Visemes from the sound itself: per video frame, how open the mouth is and which shape it takes —
 * open (a), spread (i, e), rounded (o, u) or closed (b, p, m) — read from the loudness and the first
 * two formants of the speech (LPC on a 25 ms window), for any speech source. Pure arithmetic on PCM.
 */

/** The mouth for one video frame. All values 0..1. */
export interface Viseme {
  /** How far the jaw and lips open (0 closed .. 1 widest). */
  open: number;
  /** Shape weights: open vowel (a), spread (i/e), rounded (o/u), closed lips (b/p/m). */
  a: number;
  i: number;
  u: number;
  m: number;
}

export interface VisemeTrack {
  fps: number;
  frames: number;
  /** Linear RMS of each frame's samples (0..1 of full scale). */
  rms: Float32Array;
  open: Float32Array;
  a: Float32Array;
  i: Float32Array;
  u: Float32Array;
  m: Float32Array;
  /** First and second formant (Hz) of each frame; 0 where the frame is not voiced speech. */
  f1: Float32Array;
  f2: Float32Array;
}

export function visemeAt(t: VisemeTrack, f: number): Viseme {
  return { open: t.open[f] ?? 0, a: t.a[f] ?? 0, i: t.i[f] ?? 0, u: t.u[f] ?? 0, m: t.m[f] ?? 1 };
}

/** LPC order for 8 kHz speech: two poles per formant up to 4 kHz, plus two for the glottal tilt. */
const ORDER = 10;
const RATE = 8000;
/** Analysis window: 25 ms at 8 kHz. */
const WINDOW = 200;
/** Points of the LPC envelope between 0 and 4 kHz. */
const GRID = 160;

/** Reusable work arrays of one analysis (no allocation per frame). */
class Analyser {
  private readonly x = new Float64Array(WINDOW);
  private readonly hamming = Float64Array.from({ length: WINDOW }, (_, n) => 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (WINDOW - 1)));
  private readonly r = new Float64Array(ORDER + 1);
  private readonly a = new Float64Array(ORDER + 1);
  private readonly tmp = new Float64Array(ORDER + 1);
  private readonly env = new Float64Array(GRID);
  private readonly cos = new Float64Array(GRID * (ORDER + 1));
  private readonly sin = new Float64Array(GRID * (ORDER + 1));

  constructor() {
    for (let g = 0; g < GRID; g++)
      for (let k = 0; k <= ORDER; k++) {
        const w = (Math.PI * (g + 0.5)) / GRID;
        this.cos[g * (ORDER + 1) + k] = Math.cos(w * k);
        this.sin[g * (ORDER + 1) + k] = Math.sin(w * k);
      }
  }

  /** First two formants (Hz) of the window starting at `from` of 8 kHz samples, or [0, 0]. */
  formants(pcm: Float32Array, from: number): [number, number] {
    const { x, r, a, tmp, env } = this;
    let prev = from > 0 ? pcm[from - 1]! : 0;
    for (let n = 0; n < WINDOW; n++) {
      const s = pcm[from + n] ?? 0;
      // Pre-emphasis lifts the higher formants so both show in the envelope.
      x[n] = (s - 0.94 * prev) * this.hamming[n]!;
      prev = s;
    }
    for (let k = 0; k <= ORDER; k++) {
      let s = 0;
      for (let n = k; n < WINDOW; n++) s += x[n]! * x[n - k]!;
      r[k] = s;
    }
    if (!(r[0]! > 1e-9)) return [0, 0];
    r[0] = r[0]! * 1.0001;
    // Levinson-Durbin.
    a.fill(0);
    a[0] = 1;
    let err = r[0]!;
    for (let i = 1; i <= ORDER; i++) {
      let acc = r[i]!;
      for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
      const k = -acc / err;
      tmp.set(a);
      for (let j = 1; j < i; j++) a[j] = tmp[j]! + k * tmp[i - j]!;
      a[i] = k;
      err *= 1 - k * k;
      if (!(err > 0)) return [0, 0];
    }
    // Envelope 1/|A(e^jw)|² on the grid; formants are its peaks.
    for (let g = 0; g < GRID; g++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k <= ORDER; k++) {
        re += a[k]! * this.cos[g * (ORDER + 1) + k]!;
        im -= a[k]! * this.sin[g * (ORDER + 1) + k]!;
      }
      env[g] = 1 / (re * re + im * im + 1e-12);
    }
    const hz = (g: number) => ((g + 0.5) * (RATE / 2)) / GRID;
    let f1 = 0;
    let f2 = 0;
    for (let g = 1; g < GRID - 1; g++) {
      if (!(env[g]! > env[g - 1]! && env[g]! >= env[g + 1]!)) continue;
      // Parabolic interpolation of the peak's position.
      const l = Math.log(env[g - 1]!);
      const c = Math.log(env[g]!);
      const rr = Math.log(env[g + 1]!);
      const d = l - 2 * c + rr;
      const f = hz(g + (d < 0 ? (0.5 * (l - rr)) / d : 0));
      if (f < 200) continue;
      if (!f1) f1 = f;
      else if (f - f1 > 250) {
        f2 = f;
        break;
      }
    }
    return [f1, f2];
  }
}

/** 16 kHz → 8 kHz with a short low-pass (the formants all sit below 4 kHz). */
function toEightKilohertz(samples: Int16Array, rate: number): Float32Array {
  if (rate === RATE) return Float32Array.from(samples, (s) => s / 32768);
  const step = rate / RATE;
  const out = new Float32Array(Math.floor(samples.length / step));
  const taps = Math.max(1, Math.round(step));
  for (let n = 0; n < out.length; n++) {
    const at = Math.floor(n * step);
    let s = 0;
    for (let k = -taps; k <= taps; k++) {
      const w = 1 - Math.abs(k) / (taps + 1);
      s += (samples[Math.min(samples.length - 1, Math.max(0, at + k))]! / 32768) * w;
    }
    out[n] = s / (taps + 1);
  }
  return out;
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Zero-phase smoothing with a short Gaussian (σ in frames): shapes glide, never jitter. */
function smooth(v: Float32Array, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 2.5);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)));
  const out = new Float32Array(v.length);
  for (let f = 0; f < v.length; f++) {
    let s = 0;
    let w = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = f + k;
      if (j < 0 || j >= v.length) continue;
      s += v[j]! * kernel[k + radius]!;
      w += kernel[k + radius]!;
    }
    out[f] = s / w;
  }
  return out;
}

/** Co-articulation: each frame leans towards the next two (the lips get ready for the coming sound). */
function anticipate(v: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  for (let f = 0; f < v.length; f++) out[f] = 0.55 * v[f]! + 0.3 * (v[f + 1] ?? v[f]!) + 0.15 * (v[f + 2] ?? v[f + 1] ?? v[f]!);
  return out;
}

/**
 * The viseme track of speech `samples` (mono, `rate` Hz) for `frames` video frames at `fps`.
 * Loudness (relative to the speech's own loud frames) sets how far the mouth opens; the first
 * formant (jaw height: high for a, low for i and u) scales it; the second formant tells spread
 * (high, i/e) from rounded (low, o/u). Frames 30 dB under the loud ones are silence: closed lips.
 * The shapes lean one to two frames ahead and are smoothed without phase shift.
 */
export function visemeTrack(samples: Int16Array, rate: number, fps: number, frames: number): VisemeTrack {
  const pcm = toEightKilohertz(samples, rate);
  const hop = RATE / fps;
  const rms = new Float32Array(frames);
  const hopIn = rate / fps;
  for (let f = 0; f < frames; f++) {
    const a = Math.floor(f * hopIn);
    const b = Math.min(samples.length, Math.floor((f + 1) * hopIn));
    let s = 0;
    for (let i = a; i < b; i++) s += (samples[i]! / 32768) ** 2;
    rms[f] = b > a ? Math.sqrt(s / (b - a)) : 0;
  }
  const loud = Math.max(percentile(rms, 0.95), 1e-4);
  const gate = Math.min(loud * 0.0316, 0.01);
  const analyser = new Analyser();
  const f1 = new Float32Array(frames);
  const f2 = new Float32Array(frames);
  const open = new Float32Array(frames);
  const a = new Float32Array(frames);
  const i = new Float32Array(frames);
  const u = new Float32Array(frames);
  const m = new Float32Array(frames);
  const loudness = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const r = rms[f]!;
    if (r <= gate) {
      m[f] = 1;
      continue;
    }
    // A window centred on the frame.
    const centre = Math.round((f + 0.5) * hop);
    const [p1, p2] = analyser.formants(pcm, Math.max(0, centre - WINDOW / 2));
    f1[f] = p1;
    f2[f] = p2;
    const level = clamp01((r / loud) ** 0.7);
    loudness[f] = level;
    // Jaw: F1 about 300 Hz for i/u, 700+ for a.
    const jaw = p1 ? clamp01((p1 - 320) / 420) : 0.4;
    // Front/back: F2 about 2200+ for i, under 1000 for u.
    const spread = p2 ? clamp01((p2 - 1500) / 700) : 0;
    const round = p2 ? clamp01((1350 - p2) / 450) : 0;
    open[f] = level * (0.25 + 0.75 * jaw);
    const closedLips = clamp01(1 - level / 0.3);
    a[f] = jaw * (1 - closedLips);
    i[f] = spread * (1 - jaw * 0.6) * (1 - closedLips);
    u[f] = round * (1 - jaw * 0.6) * (1 - closedLips);
    m[f] = closedLips;
  }
  const shape = (v: Float32Array) => smooth(anticipate(v), 1.1);
  const out = { fps, frames, rms, open: shape(open), a: shape(a), i: shape(i), u: shape(u), m: shape(m), f1, f2 };
  // Silence of three frames or more closes the mouth whatever the smoothing carried into it.
  for (let f = 0; f < frames; ) {
    if (rms[f]! > gate) {
      f++;
      continue;
    }
    let end = f;
    while (end < frames && rms[end]! <= gate) end++;
    if (end - f >= 3)
      for (let k = f; k < end; k++) {
        // The lips close over the first frame of the pause and open on the last (anticipation).
        const edge = Math.min(k - f + 1, end - k) / 2;
        const keep = 1 - clamp01(edge);
        out.open[k] = out.open[k]! * keep;
        out.a[k] = out.a[k]! * keep;
        out.i[k] = out.i[k]! * keep;
        out.u[k] = out.u[k]! * keep;
        out.m[k] = 1 - (1 - out.m[k]!) * keep;
      }
    f = end;
  }
  for (let f = 0; f < frames; f++) if (out.open[f]! < 0.02) out.open[f] = 0;
  return out;
}
