/**
 * The script box shows marks as readable tokens while the script keeps the spec's markup:
 * a pause is stored as <break time="0.3s"/> and shown as 【停顿0.3秒】; a tone mark (a reading
 * after a character, 长(zhǎng)) reads well as it is and is only highlighted.
 */

const storedPause = /<break\s+time="(\d+(?:\.\d+)?)s"\s*\/>/g;
const shownPause = /【停顿(\d+(?:\.\d+)?)秒】/g;
/** A reading in pinyin with tone marks (or the neutral tone), written right after the character it reads. */
const reading = /[（(][a-zāáǎàēéěèīíǐìōóǒòūúǔùüǖǘǚǜńňǹḿ]+[)）]/g;

export const pauseChip = (seconds: number) => `【停顿${seconds}秒】`;

/** Stored script -> what the box shows. */
export function toShown(stored: string): string {
  return stored.replace(storedPause, (_, s: string) => pauseChip(Number(s)));
}

/** What the box shows -> stored script, with the spec's break tags. */
export function toStored(shown: string): string {
  return shown.replace(shownPause, (_, s: string) => `<break time="${Number(s)}s"/>`);
}

export type ScriptSegment = { kind: 'text' | 'pause' | 'reading'; text: string };

/** The shown text cut into plain text, pause chips and readings, for drawing the highlights. */
export function segmentsOf(shown: string): ScriptSegment[] {
  const marks = new RegExp(`${shownPause.source}|${reading.source}`, 'g');
  const segments: ScriptSegment[] = [];
  let last = 0;
  for (const match of shown.matchAll(marks)) {
    if (match.index > last) segments.push({ kind: 'text', text: shown.slice(last, match.index) });
    segments.push({ kind: match[0].startsWith('【') ? 'pause' : 'reading', text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < shown.length) segments.push({ kind: 'text', text: shown.slice(last) });
  return segments;
}
