import { describe, expect, it } from 'vitest';
import { parseSrt, srtTime, toSrt } from './srt.js';

describe('SRT', () => {
  it('formats times as hh:mm:ss,mmm', () => {
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(srtTime(3723.5)).toBe('01:02:03,500');
    expect(srtTime(59.9996)).toBe('00:01:00,000');
  });
  it('numbers cues from 1, skips empty ones and reads back the same', () => {
    const srt = toSrt([
      { start: 0.5, end: 2.25, text: 'Hello everyone' },
      { start: 3, end: 3, text: 'zero length' },
      { start: 4, end: 6.1, text: '  ' },
      { start: 7, end: 9, text: 'Line one\n\nline two' },
    ]);
    expect(srt).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\nHello everyone\n\n2\n00:00:07,000 --> 00:00:09,000\nLine one\nline two\n',
    );
    expect(parseSrt(srt)).toEqual([
      { start: 0.5, end: 2.25, text: 'Hello everyone' },
      { start: 7, end: 9, text: 'Line one\nline two' },
    ]);
  });
});
