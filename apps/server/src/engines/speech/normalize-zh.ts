import { readDecimal, readDigits, readInteger, ZERO } from './number-zh.js';

/** Turns written Chinese (numbers, dates, symbols) into the words a speaker says; English stays for the English voice. */

const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\uFF05\uFF0E\uFF0D\uFF0B\uFF1D\uFF06]/g;

/** Full-width digits, letters and number signs read like their ASCII forms. */
function toHalfWidth(text: string): string {
  return text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

const UNITS: [RegExp, string][] = [
  [/(\d)\s*(?:km|KM|公里)/g, '$1公里'],
  [/(\d)\s*kg/gi, '$1千克'],
  [/(\d)\s*cm/g, '$1厘米'],
  [/(\d)\s*mm/g, '$1毫米'],
  [/(\d)\s*ml/gi, '$1毫升'],
  [/(\d)\s*(?:°C|℃)/g, '$1摄氏度'],
  [/(\d)\s*°/g, '$1度'],
  [/(\d)\s*m(?![a-zA-Z])/g, '$1米'],
  [/(\d)\s*g(?![a-zA-Z])/g, '$1克'],
];

/** Measure words after which a lone 2 is read 两. */
const LIANG_MEASURES = '个位只件条次种本张天周岁台辆家名杯碗双对份块层点';

function readSignedNumber(sign: string | undefined, value: string): string {
  return (sign ? '负' : '') + readDecimal(value);
}

function readPhone(raw: string): string {
  return readDigits(raw.replace(/\D/g, ''));
}

function readClock(h: string, m: string, s: string | undefined): string {
  let out = `${readInteger(h)}点`;
  if (m !== '00' || s) out += `${m.startsWith('0') && m !== '00' ? ZERO : ''}${readInteger(m)}分`;
  if (s) out += `${readInteger(s)}秒`;
  return out;
}

function readDate(y: string, m: string, d: string | undefined): string {
  return `${readDigits(y)}年${readInteger(m)}月${d ? `${readInteger(d)}日` : ''}`;
}

/** Applies the rules in order; earlier rules protect their digits from later ones by consuming them. */
export function normalizeZh(input: string): string {
  let text = toHalfWidth(input);
  // Dates first: their digits would otherwise read as quantities or subtractions.
  text = text.replace(/(?<!\d)(\d{4})年(\d{1,2})月(?:(\d{1,2})[日号])?/g, (_a, y: string, m: string, d?: string) => readDate(y, m, d));
  text = text.replace(/(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/g, (_a, y: string, _s, m: string, d: string) => readDate(y, m, d));
  text = text.replace(/(?<!\d)(\d{4})年/g, (_a, y: string) => `${readDigits(y)}年`);
  // Phone numbers and other digit groups are read digit by digit.
  text = text.replace(/(?<![\d.])(?:\+?86[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?![\d.])/g, readPhone);
  text = text.replace(/(?<![\d.])0\d{2,3}-\d{7,8}(?![\d.])/g, readPhone);
  text = text.replace(/(?<![\d.])\d{2,4}(?:[ -]\d{3,4}){2,}(?![\d.])/g, readPhone);
  text = text.replace(/(?<![\d.])(?:0\d{2,}|\d{11,})(?![\d.])/g, readPhone);
  text = text.replace(/(?<!\d)([01]?\d|2[0-4])[:：]([0-5]\d)(?:[:：]([0-5]\d))?(?!\d)/g, (_a, h: string, m: string, s?: string) =>
    readClock(h, m, s),
  );
  text = text.replace(/(\d{1,3})((?:,\d{3})+)(?![\d])/g, (_a, head: string, rest: string) => head + rest.replace(/,/g, ''));
  text = text.replace(/(?<![\dA-Za-z])(-)?(\d+(?:\.\d+)?)\s*%/g, (_a, sign: string | undefined, v: string) => `${sign ? '负' : ''}百分之${readDecimal(v)}`);
  text = text.replace(/(?<!\d)(\d+)\/(\d+)(?![\d/])/g, (_a, num: string, den: string) => `${readInteger(den)}分之${readInteger(num)}`);
  text = text.replace(/[¥￥]\s*(\d+(?:\.\d+)?)/g, (_a, v: string) => `${readDecimal(v)}元`);
  text = text.replace(/\$\s*(\d+(?:\.\d+)?)/g, (_a, v: string) => `${readDecimal(v)}美元`);
  for (const [pattern, replacement] of UNITS) text = text.replace(pattern, replacement);
  text = text.replace(/(\d(?:\.\d+)?)\s*[~～]\s*(?=-?\d)/g, '$1到');
  text = text.replace(/(\d)-(?=\d)/g, '$1到');
  text = text.replace(new RegExp(`(?<![\\d.])2(?=[${LIANG_MEASURES}])`, 'g'), '两');
  text = text.replace(/(?<![\dA-Za-z.])(-)?(\d+(?:\.\d+)?)/g, (_a, sign: string | undefined, v: string) => readSignedNumber(sign, v));
  text = text.replace(/\d+/g, (d) => readInteger(d));
  return text
    .replace(/&/g, '和')
    .replace(/\+/g, '加')
    .replace(/=/g, '等于')
    .replace(/[×]/g, '乘')
    .replace(/@/g, ' at ');
}
