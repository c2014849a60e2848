/**
 * Fitting each dubbed segment into its original time slot. Too long: speed it up to at most
 * MAX_SPEEDUP (above about 1.2× speech starts to sound rushed), then let it run on into the silence
 * before the next segment; still too long: speed it up further (up to HARD_SPEEDUP) so it never runs
 * over the next speaker, the video staying untouched, and report the drift. Too short: silence pads it.
 */

export const MAX_SPEEDUP = 1.3;
/** Only when the gap is used up as well: the ceiling past which speech is cut off instead. */
export const HARD_SPEEDUP = 2;

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
  /** Where the dubbed clip starts in the new track (the original start). */
  start: number;
  /** Tempo applied (1 = as synthesized). */
  speed: number;
  /** Seconds it occupies after the tempo change (cut to `room` when even HARD_SPEEDUP is not enough). */
  length: number;
  /** Seconds of silence after it up to the original slot's end (0 when it runs past it). */
  pad: number;
  /** Seconds it ends past its original slot's end (0 when it fits). */
  drift: number;
  /** Seconds of speech that did not fit and were cut. */
  cut: number;
}

export interface AlignmentPlan {
  segments: PlacedSegment[];
  /** The largest drift of any segment, seconds. */
  worstDrift: number;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Places segments (in time order) on a track of `duration` seconds. Overlapping slots are clamped to
 * the next segment's start, and nothing runs past the end of the track.
 */
export function planAlignment(slots: SlotInput[], duration: number): AlignmentPlan {
  const sorted = [...slots].sort((a, b) => a.start - b.start || a.id - b.id);
  const placed: PlacedSegment[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    const start = Math.max(0, Math.min(s.start, duration));
    const next = Math.min(sorted[i + 1]?.start ?? duration, duration);
    // The slot, clamped where the next segment starts earlier than this one ends (overlap).
    const slotEnd = Math.max(start, Math.min(s.end, next));
    const slot = slotEnd - start;
    // The slot plus the silence up to the next segment (or the end of the video).
    const room = Math.max(0, next - start);
    let speed = 1;
    let length = s.dubSeconds;
    if (length > slot) {
      speed = Math.min(MAX_SPEEDUP, slot > 0 ? s.dubSeconds / slot : MAX_SPEEDUP);
      speed = Math.max(1, speed);
      length = s.dubSeconds / speed;
      if (length > room) {
        speed = Math.max(speed, Math.min(HARD_SPEEDUP, room > 0 ? s.dubSeconds / room : HARD_SPEEDUP));
        length = s.dubSeconds / speed;
      }
    }
    const cut = Math.max(0, length - room);
    length = Math.min(length, room);
    const end = start + length;
    placed.push({
      id: s.id,
      start: r3(start),
      speed: r3(speed),
      length: r3(length),
      pad: r3(Math.max(0, slotEnd - end)),
      drift: r3(Math.max(0, end - s.end)),
      cut: r3(cut),
    });
  }
  return { segments: placed, worstDrift: placed.reduce((m, p) => Math.max(m, p.drift), 0) };
}
