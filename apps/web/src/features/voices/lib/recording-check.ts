import { CLONE_RECORDING_MAX_BYTES, filesMessages, voiceMessages } from '@app/contract';
import { UPLOAD_CHECKS, type UploadCheck } from '../../../components/upload';

/**
 * A recording to clone a voice from: the audio rules, under 20 MB (spec 000 §5) instead of the studio's
 * 350 MB, and at least 10 seconds (a clear voice of at least 10 seconds) instead of the studio's 5.
 */
export const cloneRecordingCheck: UploadCheck = {
  ...UPLOAD_CHECKS.voice,
  maxBytes: CLONE_RECORDING_MAX_BYTES,
  tooLarge: filesMessages.audioTooLarge,
  duration: { min: 10, max: UPLOAD_CHECKS.voice.duration?.max ?? 30 * 60 },
  tooShort: voiceMessages.recordingTooShort,
};
