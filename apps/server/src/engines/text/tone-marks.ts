import { pinyin } from 'pinyin-pro';

/** The studio's tone-mark button: readings for polyphonic characters and pauses at clause breaks, all offline. */

/** Particles whose readings everyone knows; marking them would bury the useful marks. */
const OBVIOUS = new Set('的了着地得么们个一不和也都还就要把');

const PAUSE_AFTER: Record<string, string> = {
  '，': '<break time="0.3s"/>',
  '、': '<break time="0.2s"/>',
  '；': '<break time="0.5s"/>',
  '：': '<break time="0.3s"/>',
  '。': '<break time="0.5s"/>',
  '！': '<break time="0.5s"/>',
  '？': '<break time="0.5s"/>',
};

const EXISTING_TAG = /^\s*<break\b/;
const ALREADY_MARKED = /^[（(][a-zāáǎàēéěèīíǐìōóǒòūúǔùüǖǘǚǜ]+[)）]/;

/**
 * "我们去银行，不要长大。" -> "我们去银行(háng)，<break time="0.3s"/>不要长(zhǎng)大。"
 * The reading is the one pinyin-pro picks from context; the final punctuation gets no pause. Running it twice changes nothing.
 */
export function toneMarks(text: string): string {
  const chars = Array.from(text);
  const readings = pinyin(text, { type: 'all' });
  let out = '';
  let offset = 0;
  chars.forEach((ch, i) => {
    offset += ch.length;
    out += ch;
    const rest = text.slice(offset);
    const info = readings[i];
    if (info?.isZh && info.polyphonic.length > 1 && !OBVIOUS.has(ch) && info.pinyin && !ALREADY_MARKED.test(rest)) {
      out += `(${info.pinyin})`;
    }
    const pause = PAUSE_AFTER[ch];
    if (pause && rest.trim() !== '' && !EXISTING_TAG.test(rest)) out += pause;
  });
  return out;
}
