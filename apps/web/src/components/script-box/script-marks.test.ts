import { pauseSeconds } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { pauseTag, scriptLength } from './script';
import { pauseChip, segmentsOf, toShown, toStored } from './script-marks';

/** Every tone the tone-mark button writes: the four tones on each vowel, ü, and the neutral tone. */
const readings = [
  '(dà)',
  '(jiā)',
  '(hǎo)',
  '(háng)',
  '(zhǎng)',
  '(lǜ)',
  '(nǚ)',
  '(lüè)',
  '(de)',
  '(yī)',
  '(bù)',
  '(wǒ)',
  '(é)',
  '(ǒu)',
  '(yǐ)',
  '(ǹg)',
];

describe('pause chips and the stored script', () => {
  it.each(pauseSeconds)('shows a %s s pause as a chip and stores it as the spec’s break tag', (seconds) => {
    const stored = `大家好，${pauseTag(seconds)}欢迎光临`;
    const shown = toShown(stored);
    expect(shown).toBe(`大家好，${pauseChip(seconds)}欢迎光临`);
    expect(shown).not.toContain('<');
    expect(toStored(shown)).toBe(stored);
    expect(segmentsOf(shown)).toEqual([
      { kind: 'text', text: '大家好，' },
      { kind: 'pause', text: pauseChip(seconds) },
      { kind: 'text', text: '欢迎光临' },
    ]);
  });

  it('keeps every pause of a long script in place through many round trips', () => {
    const stored = pauseSeconds.map((s, i) => `第${i}句${pauseTag(s)}`).join('');
    let text = stored;
    for (let i = 0; i < 3; i++) text = toStored(toShown(text));
    expect(text).toBe(stored);
  });

  it('turns a break tag typed by hand into a chip, and leaves other text alone', () => {
    expect(toShown('你好<break time="1s"/>')).toBe(`你好${pauseChip(1)}`);
    expect(toStored('价格<100元>')).toBe('价格<100元>');
  });
});

describe('tone marks', () => {
  it.each(readings)('highlights the reading %s and stores it unchanged', (mark) => {
    const stored = `银行${mark}，${pauseTag(0.3)}好`;
    const shown = toShown(stored);
    expect(toStored(shown)).toBe(stored);
    expect(segmentsOf(shown).map((s) => s.kind)).toEqual(['text', 'reading', 'text', 'pause', 'text']);
    expect(segmentsOf(shown)[1]).toEqual({ kind: 'reading', text: mark });
  });

  it('reads the tone-mark button’s own output back as marks', () => {
    const stored = `大(dà)家(jiā)好(hǎo)，${pauseTag(0.3)}我们去银行(háng)。`;
    const kinds = segmentsOf(toShown(stored)).filter((s) => s.kind !== 'text');
    expect(kinds.map((s) => s.text)).toEqual(['(dà)', '(jiā)', '(hǎo)', pauseChip(0.3), '(háng)']);
  });
});

describe('the counter', () => {
  it('counts what is read: no break tags, no readings', () => {
    expect(scriptLength(`大(dà)家(jiā)好(hǎo)，${pauseTag(0.3)}再见`)).toBe(6);
    expect(scriptLength(`你好${pauseTag(2)}`)).toBe(2);
  });

  it('still counts plain brackets that are not readings', () => {
    expect(scriptLength('价格(元)')).toBe(5);
  });
});
