import { CHARS_PER_SECOND, countScriptChars, SCRIPT_MAX } from '@app/contract';

const breakTag = /<break\s+time="(\d+(?:\.\d+)?)s"\s*\/>/g;

/** The tag a pause is stored as in the script. */
export const pauseTag = (seconds: number) => `<break time="${seconds}s"/>`;

/** Characters a person reads, as the server counts them: pauses, tone-mark readings and line breaks do not count. */
export const scriptLength = countScriptChars;

/** The most characters the voice's channel reads (its script_max in the channel list; spec 001: nw 500), else 10000. */
export function scriptMax(channel: { script_max: number } | undefined): number {
  return channel?.script_max ?? SCRIPT_MAX.default;
}

export function pauseTotal(text: string): number {
  let total = 0;
  for (const match of text.matchAll(breakTag)) total += Number(match[1]);
  return total;
}

/** Spoken seconds of a script: characters / 4.2 plus its pauses (spec 001 §9). */
export function estimateSeconds(text: string): number {
  return scriptLength(text) / CHARS_PER_SECOND + pauseTotal(text);
}

/** Credits a channel takes for `seconds` of video: whole seconds rounded up, times its price. */
export function estimateCost(seconds: number, creditsPerSecond: number): number {
  return Math.ceil(seconds) * creditsPerSecond;
}

/** Puts `insert` at the caret (or over the selection) and returns the new text and caret. */
export function insertAt(
  text: string,
  insert: string,
  start: number,
  end: number = start,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
