/** Script text with pause tags: parsing, counting and the spec's duration estimate. */
import { BREAK_TAG, countScriptChars } from '@app/contract';

export { countScriptChars };

/** Pause lengths the studio offers, in seconds (document 2 §9). */
export const PAUSE_OPTIONS = [0.2, 0.3, 0.5, 1, 2] as const;

/** Longest pause a tag may ask for; anything longer is a typo, not a wish. */
const MAX_PAUSE_SECONDS = 10;

/** Speaking pace behind the estimate: characters per second (document 2 §9). */
export const CHARS_PER_SECOND = 4.2;

export type ScriptPart = { kind: 'text'; text: string } | { kind: 'pause'; seconds: number };

/** Builds the tag the studio inserts for a pause. */
export function pauseTag(seconds: number): string {
  return `<break time="${seconds}s"/>`;
}

function tagSeconds(value: string, unit: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 0;
  const seconds = unit?.toLowerCase() === 'ms' ? n / 1000 : n;
  return Math.min(MAX_PAUSE_SECONDS, seconds);
}

/** Splits a script into text and pause parts; adjacent pauses add up, empty text is dropped. */
export function parseScript(script: string): ScriptPart[] {
  const parts: ScriptPart[] = [];
  const push = (part: ScriptPart) => {
    const last = parts[parts.length - 1];
    if (part.kind === 'pause' && last?.kind === 'pause') last.seconds = round3(last.seconds + part.seconds);
    else if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else parts.push(part);
  };
  let at = 0;
  for (const m of script.matchAll(BREAK_TAG)) {
    const text = script.slice(at, m.index);
    if (text.trim()) push({ kind: 'text', text });
    const seconds = tagSeconds(m[1] ?? '', m[2]);
    if (seconds > 0) push({ kind: 'pause', seconds });
    at = m.index + m[0].length;
  }
  const tail = script.slice(at);
  if (tail.trim()) push({ kind: 'text', text: tail });
  return parts;
}

/** The script without any pause tags. */
export function stripPauseTags(script: string): string {
  return script.replace(BREAK_TAG, '');
}

/** Replaces each pause tag with `replace(seconds)`, for engines that take pauses in their own syntax. */
export function mapPauseTags(script: string, replace: (seconds: number) => string): string {
  return script.replace(BREAK_TAG, (_all, value: string, unit: string | undefined) => {
    const seconds = tagSeconds(value, unit);
    return seconds > 0 ? replace(seconds) : '';
  });
}

export function totalPauseSeconds(script: string): number {
  return round3(parseScript(script).reduce((sum, p) => (p.kind === 'pause' ? sum + p.seconds : sum), 0));
}

/** Duration estimate shown before synthesis: characters / 4.2 plus pause seconds. */
export function estimateSpeechSeconds(script: string): number {
  return round3(countScriptChars(script) / CHARS_PER_SECOND + totalPauseSeconds(script));
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
