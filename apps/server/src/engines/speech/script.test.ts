import { describe, expect, it } from 'vitest';
import { countScriptChars, estimateSpeechSeconds, parseScript, pauseTag, PAUSE_OPTIONS, stripPauseTags } from './script.js';

describe('script pause tags', () => {
  it('splits text and pauses, accepting seconds and milliseconds', () => {
    expect(parseScript('你好<break time="0.5s"/>世界<break time="300ms"/>')).toEqual([
      { kind: 'text', text: '你好' },
      { kind: 'pause', seconds: 0.5 },
      { kind: 'text', text: '世界' },
      { kind: 'pause', seconds: 0.3 },
    ]);
  });

  it('builds the tags the studio inserts for every pause option', () => {
    for (const s of PAUSE_OPTIONS) expect(parseScript(`a${pauseTag(s)}b`)[1]).toEqual({ kind: 'pause', seconds: s });
  });

  it('adds up adjacent pauses', () => {
    expect(parseScript('<break time="1s"/><break time="2s"/>好')).toEqual([
      { kind: 'pause', seconds: 3 },
      { kind: 'text', text: '好' },
    ]);
  });

  it('counts characters without tags and estimates chars / 4.2 plus pauses', () => {
    const script = `大家好${pauseTag(2)}欢迎光临${pauseTag(0.5)}`;
    expect(stripPauseTags(script)).toBe('大家好欢迎光临');
    expect(countScriptChars(script)).toBe(7);
    expect(estimateSpeechSeconds(script)).toBeCloseTo(7 / 4.2 + 2.5, 3);
  });
});
