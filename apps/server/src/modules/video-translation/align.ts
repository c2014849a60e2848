/**
 * Fitting each dubbed segment into its original time slot. Too long: speed it up to at most
 * MAX_SPEEDUP (above about 1.2× speech starts to sound rushed), then let it run on into the silence
 * before the next segment; still too long: that stretch of the video (the slot and its gap) is slowed
 * just enough to hold the speech, its sound slowed with it, so no dubbed speech is ever cut. Too short:
 * silence pads it. The worst drift (how far a dub runs past its own slot) is reported.
 */

export const MAX_SPEEDUP = 1.3;
/** A stretch shorter than this has no frames to slow: its last frame is held instead. */
export const HOLD_BELOW_SECONDS = 0.05;

export interface SlotInput {
  id: number;
  /** The original speech's slot, seconds. */
  start: number;
  end: number;
  /** Seconds of the dubbed clip. */
  dubSeconds: number;
}

export interface PlacedSegment {
  id: number;
  /** Where the dubbed clip starts in the new track (the original start, moved by the stretches before it). */
  start: number;
  /** Tempo applied (1 = as synthesized). */
  speed: number;
  /** Seconds it occupies after the tempo change. */
  length: number;
  /** Seconds of silence after it up to the original slot's end (0 when it runs past it). */
  pad: number;
  /** Seconds it ends past its original slot's end (0 when it fits). */
  drift: number;
}

/** A span of the source, seconds, played `extra` seconds longer in the result (picture and sound slowed alike). */
export interface Stretch {
  from: number;
  to: number;
  extra: number;
}

export interface AlignmentPlan {
  segments: PlacedSegment[];
  /** The largest drift of any segment, seconds. */
  worstDrift: number;
  /** Spans of the source slowed down, in time order; empty when every dub fit by tempo and gaps. */
  stretches: Stretch[];
  /** The result's length: the source's plus every stretch's extra seconds. */
  duration: number;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** A time of the source as it falls in the result, every stretch before it (and its part of one) counted. */
export function toResultTime(stretches: Stretch[], t: number): number {
  let shift = 0;
  for (const s of stretches) {
    if (t <= s.from) break;
    const span = s.to - s.from;
    if (t >= s.to || span < HOLD_BELOW_SECONDS) shift += s.extra;
    else shift += (s.extra * (t - s.from)) / span;
  }
  return r3(t + shift);
}

/**
 * Places segments (in time order) on a track of `duration` seconds. Overlapping slots are clamped to
 * the next segment's start; a dub that still does not fit slows its stretch of the video.
 */
export function planAlignment(slots: SlotInput[], duration: number): AlignmentPlan {
  const sorted = [...slots].sort((a, b) => a.start - b.start || a.id - b.id);
  const placed: PlacedSegment[] = [];
  const stretches: Stretch[] = [];
  let shift = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    const start = Math.max(0, Math.min(s.start, duration));
    const next = Math.max(start, Math.min(sorted[i + 1]?.start ?? duration, duration));
    // The slot, clamped where the next segment starts earlier than this one ends (overlap).
    const slotEnd = Math.max(start, Math.min(s.end, next));
    const slot = slotEnd - start;
    // The slot plus the silence up to the next segment (or the end of the video).
    const room = next - start;
    let speed = 1;
    if (s.dubSeconds > slot) speed = Math.max(1, Math.min(MAX_SPEEDUP, slot > 0 ? s.dubSeconds / slot : MAX_SPEEDUP));
    const length = s.dubSeconds / speed;
    const at = start + shift;
    const extra = Math.max(0, length - room);
    if (extra > 0.0005) stretches.push({ from: r3(start), to: r3(next), extra: r3(extra) });
    placed.push({
      id: s.id,
      start: r3(at),
      speed: r3(speed),
      length: r3(length),
      pad: r3(Math.max(0, slot - length)),
      drift: r3(Math.max(0, length - (Math.max(s.end, start) - start))),
    });
    if (extra > 0.0005) shift += r3(extra);
  }
  return {
    segments: placed,
    worstDrift: placed.reduce((m, p) => Math.max(m, p.drift), 0),
    stretches,
    duration: r3(duration + shift),
  };
}
