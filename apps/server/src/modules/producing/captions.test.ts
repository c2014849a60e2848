import { describe, expect, it } from 'vitest';
import { CAPTION_PRESETS, captionStyleOf } from '@app/contract';
import { parseSrt } from '../../platform/media/srt.js';
import {
  alignCaptions,
  captionLines,
  captionsAss,
  captionsSrt,
  displayWidth,
  intersectSpans,
  spreadOver,
} from './captions.js';

const texts = (script: string, max: number) => captionLines(script, max).map((l) => l.text);

describe('caption lines', () => {
  it('starts a new line at each sentence end and leaves the closing comma or full stop off', () => {
    expect(texts('大家好，欢迎来到我们的直播间。今天给大家介绍一款新产品！你心动了吗？', 16)).toEqual([
      '大家好，欢迎来到我们的直播间',
      '今天给大家介绍一款新产品！',
      '你心动了吗？',
    ]);
  });

  it('cuts a sentence too long for a line at its commas, then evenly, never past the width', () => {
    const script =
      '只需要上传一张清晰的正面照片，系统就会自动识别人物的面部特征，并且根据您输入的文案生成一段自然流畅的口播视频。';
    const lines = texts(script, 14);
    expect(lines[0]).toBe('只需要上传一张清晰的正面照片');
    expect(lines.every((l) => displayWidth(l) <= 14)).toBe(true);
    expect(lines.join('')).toBe(script.replace(/[，。]/g, ''));
    // A clause of 22 characters on lines of 14 becomes two of 11, not 14 + 8.
    expect(texts('根据您输入的文案生成一段自然流畅的口播视频。', 14)).toEqual([
      '根据您输入的文案生成一',
      '段自然流畅的口播视频',
    ]);
  });

  it('never breaks a word of Latin script or a number across lines', () => {
    const script = '我们的AI Avatar Studio支持Douyin和WeChat Channels，价格只要99.9元，2026年全面上线。';
    const lines = texts(script, 8);
    for (const word of ['AI', 'Avatar', 'Studio', 'Douyin', 'WeChat', 'Channels', '99.9', '2026'])
      expect(
        lines.some((l) => l.includes(word)),
        word,
      ).toBe(true);
    expect(lines.every((l) => displayWidth(l) <= 8)).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, '')).toBe(script.replace(/[，。\s]/g, ''));
  });

  it('shows neither pause tags nor tone-mark readings, and a pause inside a word does not split it', () => {
    expect(texts('你好<break time="0.5s"/>世界，欢<break time="1s"/>迎光临。银行(háng)到了', 20)).toEqual([
      '你好世界，欢迎光临',
      '银行到了',
    ]);
  });

  it('takes line breaks as sentence ends and drops lines of punctuation only', () => {
    expect(texts('第一行\n\n第二行……\n——', 20)).toEqual(['第一行', '第二行……']);
  });
});

describe('timing', () => {
  const spans = [
    { start: 0.1, end: 2.0 },
    { start: 2.5, end: 4.1 },
    { start: 4.6, end: 5.2 },
    { start: 5.9, end: 8.0 },
  ];

  it('ends each line at the pause after it and starts the next where the voice comes back', () => {
    const lines = captionLines('大家好，欢迎来到直播间。今天介绍新品，数字人。马上开始吧！', 8);
    expect(lines.map((l) => l.text)).toEqual(['大家好', '欢迎来到直播间', '今天介绍新品', '数字人', '马上开始吧！']);
    const cues = alignCaptions(lines, [
      { start: 0, end: 0.7 },
      ...spans.map((s) => ({ start: s.start + 0.9, end: s.end + 0.9 })),
    ]);
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 0.7],
      [1, 2.9],
      [3.4, 5],
      [5.5, 6.1],
      [6.8, 8.9],
    ]);
  });

  it('shares a stretch without pauses by weight, so a line split inside a clause has no gap', () => {
    const lines = [
      { text: '一二三四', pause: false },
      { text: '五六七八', pause: true },
    ];
    expect(alignCaptions(lines, [{ start: 1, end: 3 }])).toEqual([
      { start: 1, end: 2, text: '一二三四' },
      { start: 2, end: 3, text: '五六七八' },
    ]);
  });

  it('keeps only what silence detection and the engine agree is voice', () => {
    expect(
      intersectSpans(
        [{ start: 0, end: 5 }],
        [
          { start: 0.2, end: 2 },
          { start: 3, end: 6 },
        ],
      ),
    ).toEqual([
      { start: 0.2, end: 2 },
      { start: 3, end: 5 },
    ]);
  });

  it('spreads a transcript segment over its lines by weight', () => {
    expect(spreadOver(captionLines('一二三，四五六七八九', 3), 0, 3).map((c) => c.end)).toEqual([1, 2, 3]);
  });
});

describe('files', () => {
  const cues = [
    { start: 0.25, end: 1.5, text: '大家好' },
    { start: 2, end: 3.456, text: '{不是命令}\\N' },
  ];

  it('writes SRT that reads back to the same cues', () => {
    expect(parseSrt(captionsSrt(cues))).toEqual(cues);
  });

  it('draws on the video’s own size: PlayRes, font and margins follow portrait and landscape', () => {
    const style = CAPTION_PRESETS.classic.style;
    const portrait = captionsAss(cues, style, 1080, 1920);
    expect(portrait).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(portrait).toMatch(/Style: Caption,Noto Sans CJK SC,64,&H00FFFFFF,/);
    expect(portrait).toMatch(/,1,5,2,2,54,54,269,1\n/);
    const landscape = captionsAss(cues, style, 1280, 720);
    expect(landscape).toContain('PlayResX: 1280\nPlayResY: 720');
    expect(landscape).toMatch(/Style: Caption,Noto Sans CJK SC,43,/);
    expect(landscape).toContain('Dialogue: 0,0:00:00.25,0:00:01.50,Caption,,0,0,0,,大家好');
    // Braces and backslashes of the script are shown, never read as commands.
    expect(landscape).toContain(',,｛不是命令｝＼N');
  });

  it('draws the box style as an opaque box and the chosen colour and place', () => {
    const style = captionStyleOf({
      captions: 1,
      caption_preset: 'box',
      caption_color: '#FFD400',
      caption_position: 'top',
    });
    expect(style).toMatchObject({ look: 'box', color: '#ffd400', position: 'top' });
    const ass = captionsAss(cues, style!, 720, 1280);
    expect(ass).toMatch(
      /Style: Caption,Noto Sans CJK SC,39,&H0000D4FF,&H0000D4FF,&H60000000,&H60000000,-1,0,0,0,100,100,0,0,3,9,0,8,/,
    );
    expect(captionStyleOf({ caption_preset: 'box' })).toBeNull();
  });
});
