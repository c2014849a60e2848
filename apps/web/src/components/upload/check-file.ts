import { filesMessages, UPLOAD_RULES, type FileType } from '@app/contract';

const TOO_LARGE: Record<FileType, string> = {
  video: filesMessages.videoRule,
  voice: filesMessages.audioTooLarge,
  image: filesMessages.imageTooLarge,
};
const WRONG_TYPE: Record<FileType, string> = {
  video: filesMessages.videoRule,
  voice: filesMessages.audioRule,
  image: filesMessages.imageRule,
};

/** The browser's own check before uploading (spec 000 §5, 001 §5): extension, case-insensitive, and size. */
export function uploadProblem(fileType: FileType, file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!UPLOAD_RULES[fileType].extensions.includes(ext)) return WRONG_TYPE[fileType];
  if (file.size === 0) return filesMessages.emptyFile;
  if (file.size > UPLOAD_RULES[fileType].maxBytes) return TOO_LARGE[fileType];
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
