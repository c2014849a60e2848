import { CLONE_RECORDING_MAX_BYTES, filesMessages } from '@app/contract';
import { UPLOAD_CHECKS, type UploadCheck } from '../../../components/upload';

/** A recording to clone a voice from: the audio rules, under 20 MB (spec 000 §5) instead of the studio's 30 minutes. */
export const cloneRecordingCheck: UploadCheck = {
  ...UPLOAD_CHECKS.voice,
  maxBytes: CLONE_RECORDING_MAX_BYTES,
  tooLarge: filesMessages.audioTooLarge,
};
