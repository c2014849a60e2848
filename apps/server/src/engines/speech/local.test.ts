import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { audioLevels, probe } from '../../platform/media/ffmpeg.js';
import { SpeechError } from './errors.js';
import { createLocalSpeech } from './local.js';
import { speechMessages } from './messages.js';
import { countScriptChars } from './script.js';
import { fixtureDir } from './testing/audio-fixtures.js';
import type { SynthesizeInput } from './types.js';

const SCRIPT =
  '大家好，欢迎来到我们的直播间。今天是2024年3月5日，我们为大家带来一款全新的数字人视频制作工具。' +
  '只需要上传一段视频和一段声音，输入台词，就能生成会说话的数字分身，成功率达到98.5%。' +
  '如果您有任何问题，欢迎随时联系我们的客服。';

const speech = createLocalSpeech();
const say = (over: Partial<SynthesizeInput> & { outFile: string }) =>
  speech.synthesize({ text: SCRIPT, voice: { voiceRef: 'local:m3:50:175' }, rate: 1, volume: 1, pitch: 1, ...over });

describe('offline speech (本地语音 1.0)', () => {
  let normal: { file: string; duration: number };
  beforeAll(async () => {
    normal = await say({ outFile: join(fixtureDir, 'local-normal.m4a') });
  });

  it('speaks a 100-character script for 10–40 s, clearly audible', async () => {
    expect(countScriptChars(SCRIPT)).toBeGreaterThanOrEqual(100);
    expect(normal.duration).toBeGreaterThan(10);
    expect(normal.duration).toBeLessThan(40);
    const probed = await probe(normal.file);
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.duration - normal.duration)).toBeLessThan(0.01);
    expect((await audioLevels(normal.file)).meanDb).toBeGreaterThan(-40);
  });

  it('speaks faster at rate 2 and slower at rate 0.5', async () => {
    const fast = await say({ rate: 2, outFile: join(fixtureDir, 'local-fast.mp3') });
    const slow = await say({ rate: 0.5, outFile: join(fixtureDir, 'local-slow.mp3') });
    expect(fast.duration).toBeLessThan(normal.duration * 0.7);
    expect(slow.duration).toBeGreaterThan(normal.duration * 1.4);
    expect((await probe(fast.file)).audio?.codec).toBe('mp3');
  });

  it('turns a 2 s pause tag into about 2 s of silence', async () => {
    const plain = await speech.synthesize({ text: '你好世界', voice: { voiceRef: '' }, rate: 1, volume: 1, pitch: 1, outFile: join(fixtureDir, 'p0.m4a') });
    const paused = await speech.synthesize({
      text: '你好<break time="2s"/>世界',
      voice: { voiceRef: '' },
      rate: 1,
      volume: 1,
      pitch: 1,
      outFile: join(fixtureDir, 'p2.m4a'),
    });
    expect(paused.duration - plain.duration).toBeGreaterThan(1.8);
    expect(paused.duration - plain.duration).toBeLessThan(2.3);
  });

  it('changes loudness with volume', async () => {
    const quiet = await say({ volume: 0.3, outFile: join(fixtureDir, 'local-quiet.m4a') });
    const quietDb = (await audioLevels(quiet.file)).meanDb;
    const normalDb = (await audioLevels(normal.file)).meanDb;
    expect(normalDb - quietDb).toBeGreaterThan(8);
  });

  it('refuses a script with nothing to say', async () => {
    const err = await say({ text: '<break time="1s"/>……', outFile: join(fixtureDir, 'none.mp3') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect((err as SpeechError).message).toBe(speechMessages.emptyText);
  });

  it('names itself honestly', () => {
    expect(speech.name).toBe(speechMessages.localChannelName);
    expect(speech.description).toContain('近似');
  });
});
