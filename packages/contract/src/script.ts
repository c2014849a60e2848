/**
 * How a script is counted, one rule for the studio's counter and the server's check (spec 001 §9:
 * "Script counter ignores tags; max 500 for channel nw, 10000 otherwise").
 */

/** Script characters a voice channel reads when its engine sets no lower limit (nw's 500 comes in its channel). */
export const SCRIPT_MAX = { default: 10000 } as const;
/**
 * Characters a script may carry as sent: its counted characters plus room for the pause tags, readings
 * and line breaks around them (a pause tag is about 20 characters).
 */
export const SCRIPT_RAW_MAX = SCRIPT_MAX.default * 4;

/** A pause tag as the studio stores it (<break time="0.5s"/>), also in milliseconds or without quotes. */
export const BREAK_TAG = /<break\s+time\s*=\s*["']?\s*([\d.]+)\s*(ms|s)?\s*["']?\s*\/?>(?:\s*<\/break>)?/gi;
/** A tone-mark reading right after the character it reads, as the tone-mark tool writes it: 行(háng). */
const READING = /[（(][a-zāáǎàēéěèīíǐìōóǒòūúǔùüǖǘǚǜńňǹḿ]+[)）]/g;

/** Characters a person reads: pause tags, tone-mark readings and line breaks do not count. */
export function countScriptChars(script: string): number {
  return Array.from(
    script
      .replace(BREAK_TAG, '')
      .replace(READING, '')
      .replace(/[\r\n]/g, ''),
  ).length;
}

/** What a viewer reads of a script (captions): the words without pause tags or tone-mark readings. */
export function spokenText(script: string): string {
  return script.replace(BREAK_TAG, '').replace(READING, '');
}
