import { describe, expect, it } from 'vitest';
import { filesMessages } from '@app/contract';
import { uploadProblem } from '../../../components/upload/check-file';
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
});
