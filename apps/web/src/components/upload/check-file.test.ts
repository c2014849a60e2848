import { describe, expect, it } from 'vitest';
import { filesMessages } from '@app/contract';
import { displayName, durationProblem, objectKey, UPLOAD_CHECKS, uploadProblem } from './check-file';

const MB = 1024 * 1024;
const { video, voice, image } = UPLOAD_CHECKS;

describe('client-side upload checks', () => {
  it('accepts the spec\u2019s formats, case-insensitive', () => {
    expect(uploadProblem(video, { name: 'A.MP4', size: MB })).toBeNull();
    expect(uploadProblem(video, { name: 'a.mov', size: MB })).toBeNull();
    expect(uploadProblem(voice, { name: 'x.M4A', size: MB })).toBeNull();
    expect(uploadProblem(image, { name: 'p.JPEG', size: MB })).toBeNull();
  });

  it('refuses other formats and sizes with the spec\u2019s messages', () => {
    expect(uploadProblem(video, { name: 'a.avi', size: MB })).toBe(filesMessages.videoRule);
    expect(uploadProblem(video, { name: 'a.mp4', size: 500 * MB + 1 })).toBe('视频文件不能超过500MB');
    expect(uploadProblem(voice, { name: 'a.flac', size: MB })).toBe(filesMessages.audioRule);
    expect(uploadProblem(image, { name: 'a.gif', size: MB })).toBe(filesMessages.imageRule);
    expect(uploadProblem(image, { name: 'a.png', size: 10 * MB + 1 })).toBe(filesMessages.imageTooLarge);
    expect(uploadProblem(image, { name: 'a.png', size: 0 })).toBe(filesMessages.emptyFile);
  });

  it('names the object dir + timestamp + random + extension', () => {
    expect(objectKey('users/1/video/', 'Clip.MP4', 1700000000000, 0.5)).toBe('users/1/video/170000000000050000000.mp4');
    expect(displayName('我的视频.mp4')).toBe('我的视频');
  });
});

describe('audio that drives a video (spec 001 §5: mp3/m4a/wav, 5 s to 30 min)', () => {
  // 30 minutes of CD-quality WAV (44.1 kHz, 16-bit, stereo) and of 48 kHz WAV, each with its header.
  const cdWav = 44_100 * 2 * 2 * 1800 + 44;
  const studioWav = 48_000 * 2 * 2 * 1800 + 44;

  it('takes a 30-minute recording far past the 20 MB of a voice-clone sample', () => {
    expect(uploadProblem(voice, { name: '口播.wav', size: cdWav })).toBeNull();
    expect(uploadProblem(voice, { name: '口播.wav', size: studioWav })).toBeNull();
    expect(uploadProblem(voice, { name: '口播.mp3', size: 21 * MB })).toBeNull();
  });

  it('refuses a file past its size ceiling saying the ceiling', () => {
    expect(uploadProblem(voice, { name: '口播.wav', size: voice.maxBytes + 1 })).toBe('音频文件不能超过350MB');
  });

  it('refuses a length outside 5 s to 30 min saying which end it missed, and leaves an unreadable one to the server', () => {
    expect(durationProblem(voice, 1)).toBe('音频时长不能少于5秒');
    expect(durationProblem(voice, 4)).toBe('音频时长不能少于5秒');
    expect(durationProblem(voice, 5)).toBeNull();
    expect(durationProblem(voice, 1800)).toBeNull();
    expect(durationProblem(voice, 1801)).toBe('音频时长不能超过30分钟');
    expect(durationProblem(voice, null)).toBeNull();
    expect(durationProblem(voice, Number.NaN)).toBeNull();
  });

  it('checks no length where the rule gives none', () => {
    expect(durationProblem(image, 99_999)).toBeNull();
  });
});
