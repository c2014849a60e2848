import { describe, expect, it } from 'vitest';
import { toneMarks } from './tone-marks.js';

describe('offline tone marks', () => {
  it('marks polyphonic characters with their reading in context and adds pauses at clause breaks', () => {
    expect(toneMarks('我们去银行，不要长大。重要的事情说三遍！')).toBe(
      '我们去银行(háng)，<break time="0.3s"/>不要长(zhǎng)大(dà)。<break time="0.5s"/>重(zhòng)要的事情说(shuō)三遍！',
    );
  });

  it('reads the same character differently by context', () => {
    expect(toneMarks('行走')).toBe('行(xíng)走');
    expect(toneMarks('重复')).toBe('重(chóng)复');
  });

  it('is deterministic and idempotent', () => {
    const once = toneMarks('银行，行走；长大：好。');
    expect(toneMarks('银行，行走；长大：好。')).toBe(once);
    expect(toneMarks(once)).toBe(once);
  });

  it('leaves text without polyphones or clause breaks alone', () => {
    expect(toneMarks('我们')).toBe('我们');
    expect(toneMarks('Hello world')).toBe('Hello world');
  });
});
