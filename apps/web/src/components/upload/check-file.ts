import { filesMessages, SITE_PICTURE_RULES, UPLOAD_RULES, type FileType } from '@app/contract';

/** What the browser checks before uploading a file, and what it says when the file fails. */
export interface UploadCheck {
  /** Lower-case extensions, compared case-insensitively. */
  extensions: readonly string[];
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
  /** Seconds the sound must last, read from the file in the browser; said with `tooShort` / `tooLong`. */
  duration?: { min: number; max: number };
  tooShort?: string;
  tooLong?: string;
}

/** The rules of each upload type (spec 000 §5, 001 §5), as the server also applies them. */
export const UPLOAD_CHECKS: Record<FileType, UploadCheck> = {
  video: {
    extensions: UPLOAD_RULES.video.extensions,
    maxBytes: UPLOAD_RULES.video.maxBytes,
    wrongType: filesMessages.videoRule,
    tooLarge: filesMessages.tooLarge('video', UPLOAD_RULES.video.maxBytes),
  },
  // Audio that drives a video (spec 001 §5): mp3/m4a/wav of 5 s to 30 min; each refusal says what is wrong.
  voice: {
    extensions: UPLOAD_RULES.voice.extensions,
    maxBytes: UPLOAD_RULES.voice.maxBytes,
    wrongType: filesMessages.audioRule,
    tooLarge: filesMessages.tooLarge('voice', UPLOAD_RULES.voice.maxBytes),
    duration: UPLOAD_RULES.voice.duration,
    tooShort: UPLOAD_RULES.voice.duration && filesMessages.tooShort('voice', UPLOAD_RULES.voice.duration.min),
    tooLong: UPLOAD_RULES.voice.duration && filesMessages.tooLong('voice', UPLOAD_RULES.voice.duration.max),
  },
  image: {
    extensions: UPLOAD_RULES.image.extensions,
    maxBytes: UPLOAD_RULES.image.maxBytes,
    wrongType: filesMessages.imageRule,
    tooLarge: filesMessages.imageTooLarge,
  },
};

/** A logo or other site picture from the console: png or jpg up to SITE_PICTURE_RULES.maxBytes. */
export const SITE_PICTURE_CHECK: UploadCheck = {
  ...UPLOAD_CHECKS.image,
  maxBytes: SITE_PICTURE_RULES.maxBytes,
  tooLarge: filesMessages.sitePictureTooLarge,
};

/** The browser's own check before uploading (spec 000 §5, 001 §5): extension, case-insensitive, and size. */
export function uploadProblem(check: UploadCheck, file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!check.extensions.includes(ext)) return check.wrongType;
  if (file.size === 0) return filesMessages.emptyFile;
  if (file.size > check.maxBytes) return check.tooLarge;
  return null;
}

/** The browser may read an MP3's length a little off the server's probe, which has the last word on the edge. */
const DURATION_LEEWAY_SECONDS = 0.5;

/** A length outside the check's range, as the browser read it; a length it could not read is left to the server. */
export function durationProblem(check: UploadCheck, seconds: number | null): string | null {
  const range = check.duration;
  if (!range || seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < range.min - DURATION_LEEWAY_SECONDS) return check.tooShort ?? check.wrongType;
  if (seconds > range.max + DURATION_LEEWAY_SECONDS) return check.tooLong ?? check.wrongType;
  return null;
}

/** `dir` + timestamp + random number + extension, as the spec's form names the key. */
export function objectKey(dir: string, fileName: string, now = Date.now(), random = Math.random()): string {
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  return `${dir}${now}${Math.floor(random * 1e8)
    .toString()
    .padStart(8, '0')}.${ext}`;
}

/** The name a file gets in lists: its file name without the extension, at most 64 characters. */
export const displayName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 64) || fileName.slice(0, 64);
