import { describe, expect, it } from 'vitest';
import { filesMessages } from '@app/contract';
import { durationProblem, uploadProblem } from '../../../components/upload/check-file';
import { cloneRecordingCheck } from './recording-check';

const MB = 1024 * 1024;

describe('a recording to clone a voice from', () => {
  it('keeps the 20 MB cap and its message, with the audio formats', () => {
    expect(uploadProblem(cloneRecordingCheck, { name: '录音.wav', size: 20 * MB })).toBeNull();
    expect(uploadProblem(cloneRecordingCheck, { name: '录音.wav', size: 20 * MB + 1 })).toBe(
      filesMessages.audioTooLarge,
    );
    expect(uploadProblem(cloneRecordingCheck, { name: '录音.flac', size: MB })).toBe(filesMessages.audioRule);
  });

  it('says a 1 s recording is too short (at least 10 s), not of the wrong format', () => {
    expect(durationProblem(cloneRecordingCheck, 1)).toBe('音频时长不能少于10秒');
    expect(durationProblem(cloneRecordingCheck, 9)).toBe('音频时长不能少于10秒');
    expect(durationProblem(cloneRecordingCheck, 10)).toBeNull();
  });
});
