/** Reading numbers aloud in Mandarin: cardinals, digit strings and decimals. */

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
/** The zero read between non-zero places (一万零一十) and in times (十点零五分). */
export const ZERO = DIGITS[0];
const SECTION_UNITS = ['', '万', '亿', '万亿'] as const;
const PLACE_UNITS = ['千', '百', '十', ''] as const;

/** Longer integers are identifiers, not quantities: they are read digit by digit. */
const MAX_CARDINAL_DIGITS = 16;

/** "2024" -> "二零二四". */
export function readDigits(digits: string): string {
  return Array.from(digits, (d) => DIGITS[Number(d)] ?? '').join('');
}

/** One group of four digits (0–9999) without its 万/亿 unit. */
function readSection(value: number): string {
  const places = [Math.floor(value / 1000), Math.floor(value / 100) % 10, Math.floor(value / 10) % 10, value % 10];
  let out = '';
  let pendingZero = false;
  places.forEach((d, i) => {
    if (d === 0) {
      pendingZero = out !== '';
      return;
    }
    if (pendingZero) out += ZERO;
    pendingZero = false;
    out += (DIGITS[d] ?? '') + PLACE_UNITS[i];
  });
  return out;
}

/** "10010" -> "一万零一十", "15" -> "十五", "0" -> "零". */
export function readInteger(digits: string): string {
  const trimmed = digits.replace(/^0+/, '');
  if (trimmed === '') return ZERO;
  if (trimmed.length > MAX_CARDINAL_DIGITS) return readDigits(digits);
  const sections: number[] = [];
  for (let end = trimmed.length; end > 0; end -= 4) sections.unshift(Number(trimmed.slice(Math.max(0, end - 4), end)));
  let out = '';
  let gap = false;
  sections.forEach((value, i) => {
    const unit = SECTION_UNITS[sections.length - 1 - i] ?? '';
    if (value === 0) {
      gap = out !== '';
      return;
    }
    if (out !== '' && (gap || value < 1000)) out += ZERO;
    gap = false;
    out += readSection(value) + unit;
  });
  // 10–19 at the head are read 十X, not 一十X.
  return out.startsWith('一十') ? out.slice(1) : out;
}

/** "3.14" -> "三点一四", "-0.5" handled by the caller's 负. */
export function readDecimal(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return fraction ? `${readInteger(whole)}点${readDigits(fraction)}` : readInteger(whole);
}
