import { describe, expect, it } from 'vitest';
import { readInteger } from './number-zh.js';
import { normalizeZh } from './normalize-zh.js';
import { splitSpeechRuns } from './speech-runs.js';

describe('Chinese text normalisation', () => {
  it.each([
    ['2024年3月5日', '二零二四年三月五日'],
    ['2024-03-05', '二零二四年三月五日'],
    ['35%', '百分之三十五'],
    ['3.14', '三点一四'],
    ['-5', '负五'],
    ['138 0013 8000', '一三八零零一三八零零零'],
    ['13800138000', '一三八零零一三八零零零'],
    ['010-12345678', '零一零一二三四五六七八'],
    ['10:30', '十点三十分'],
    ['14:05:09', '十四点零五分九秒'],
    ['1,234,567', '一百二十三万四千五百六十七'],
    ['气温-5℃', '气温负五摄氏度'],
    ['3-5天', '三到五天'],
    ['1/2', '二分之一'],
    ['¥25.5', '二十五点五元'],
    ['2个人', '两个人'],
    ['１２３', '一百二十三'],
  ])('%s -> %s', (input, spoken) => {
    expect(normalizeZh(input)).toBe(spoken);
  });

  it.each([
    ['0', '零'],
    ['10', '十'],
    ['15', '十五'],
    ['105', '一百零五'],
    ['10010', '一万零一十'],
    ['100000', '十万'],
    ['100010000', '一亿零一万'],
  ])('reads the integer %s as %s', (n, spoken) => {
    expect(readInteger(n)).toBe(spoken);
  });

  it('keeps English words for the English voice', () => {
    expect(normalizeZh('用AI写作')).toBe('用AI写作');
    const runs = splitSpeechRuns(normalizeZh('我们用AI和ChatGPT写作'));
    expect(runs.map((r) => (r.kind === 'run' ? r.lang : 'pause'))).toEqual(['zh', 'en', 'zh', 'en', 'zh']);
    expect(runs[1]).toEqual({ kind: 'run', lang: 'en', items: [{ say: 'AI' }] });
  });

  it('reads polyphones by context and turns punctuation into pauses', () => {
    const [run] = splitSpeechRuns('银行，行走。');
    expect(run).toEqual({ kind: 'run', lang: 'zh', items: [{ say: 'yin2 hang2' }, { pause: 0.22 }, { say: 'xing2 zou3' }] });
  });

  it('honours a tone mark written after a character', () => {
    const [run] = splitSpeechRuns('长(zhǎng)大');
    expect(run).toEqual({ kind: 'run', lang: 'zh', items: [{ say: 'zhang3' }, { say: 'da4' }] });
  });
});
