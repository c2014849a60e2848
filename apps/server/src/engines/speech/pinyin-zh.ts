import { pinyin } from 'pinyin-pro';

/** Chinese characters to the numbered pinyin the espeak-ng `cmn-latn-pinyin` voice reads. */

const MARKED_VOWELS: Record<string, [string, number]> = {
  ā: ['a', 1], á: ['a', 2], ǎ: ['a', 3], à: ['a', 4],
  ē: ['e', 1], é: ['e', 2], ě: ['e', 3], è: ['e', 4],
  ī: ['i', 1], í: ['i', 2], ǐ: ['i', 3], ì: ['i', 4],
  ō: ['o', 1], ó: ['o', 2], ǒ: ['o', 3], ò: ['o', 4],
  ū: ['u', 1], ú: ['u', 2], ǔ: ['u', 3], ù: ['u', 4],
  ǖ: ['v', 1], ǘ: ['v', 2], ǚ: ['v', 3], ǜ: ['v', 4], ü: ['v', 5],
};

/** "háng" -> "hang2", "lǜ" -> "lv4", "de" -> "de5" (neutral tone). */
export function markedToNumbered(syllable: string): string {
  let tone = 5;
  let base = '';
  for (const ch of syllable.toLowerCase()) {
    const hit = MARKED_VOWELS[ch];
    if (hit) {
      base += hit[0];
      if (hit[1] !== 5) tone = hit[1];
    } else base += ch;
  }
  return /^[a-z]+$/.test(base) ? `${base}${tone}` : '';
}

/** Syllables for a run of Han characters; pinyin-pro picks polyphone readings from the surrounding words. */
export function hanToPinyin(han: string): string[] {
  return pinyin(han, { toneType: 'num', type: 'array', v: true })
    .map((s) => s.replace(/0$/, '5'))
    .filter((s) => /^[a-z]+[1-5]$/.test(s));
}
