import { describe, expect, it } from 'vitest';
import { filesMessages } from '@app/contract';
import { displayName, objectKey, uploadProblem } from './check-file';

const MB = 1024 * 1024;

describe('client-side upload checks', () => {
  it('accepts the spec\u2019s formats, case-insensitive', () => {
    expect(uploadProblem('video', { name: 'A.MP4', size: MB })).toBeNull();
    expect(uploadProblem('video', { name: 'a.mov', size: MB })).toBeNull();
    expect(uploadProblem('voice', { name: 'x.M4A', size: MB })).toBeNull();
    expect(uploadProblem('image', { name: 'p.JPEG', size: MB })).toBeNull();
  });

  it('refuses other formats and sizes with the spec\u2019s messages', () => {
    expect(uploadProblem('video', { name: 'a.avi', size: MB })).toBe(filesMessages.videoRule);
    expect(uploadProblem('video', { name: 'a.mp4', size: 500 * MB + 1 })).toBe(filesMessages.videoRule);
    expect(uploadProblem('voice', { name: 'a.flac', size: MB })).toBe(filesMessages.audioRule);
    expect(uploadProblem('voice', { name: 'a.wav', size: 20 * MB + 1 })).toBe(filesMessages.audioTooLarge);
    expect(uploadProblem('image', { name: 'a.gif', size: MB })).toBe(filesMessages.imageRule);
    expect(uploadProblem('image', { name: 'a.png', size: 10 * MB + 1 })).toBe(filesMessages.imageTooLarge);
    expect(uploadProblem('image', { name: 'a.png', size: 0 })).toBe(filesMessages.emptyFile);
  });

  it('names the object dir + timestamp + random + extension', () => {
    expect(objectKey('users/1/video/', 'Clip.MP4', 1700000000000, 0.5)).toBe('users/1/video/170000000000050000000.mp4');
    expect(displayName('我的视频.mp4')).toBe('我的视频');
  });
});
