import {
  completeUpload,
  filesMessages,
  ReplyCode,
  signUpload,
  uploadVoice,
  type DataOf,
  type Endpoint,
  type Envelope,
  type FileType,
  type ParamsOf,
  type RegisteredFile,
  type UploadPurpose,
  type UploadSignature,
} from '@app/contract';
import { call } from '../../lib/api';
import { env } from '../../lib/env';
import { feedback } from '../../lib/feedback';
import { signParams, toWireParams } from '../../lib/request-signature';
import { clearToken, currentRoute, loginRoute, readToken } from '../../lib/session';
import { objectKey } from './check-file';

export const fetchUploadSignature = (fileType: FileType) => call(signUpload, { file_type: fileType }, { quiet: true });

/** Posts the form straight to the storage host with XHR, so upload progress is real. Resolves with the object URL. */
export function postToStorage(
  sig: UploadSignature,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const key = objectKey(sig.dir, file.name);
  const form = new FormData();
  form.append('key', key);
  for (const [name, value] of Object.entries(sig.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', sig.host);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(`${sig.host}/${key}`)
        : reject(new Error(`storage ${xhr.status}`));
    xhr.onerror = () => reject(new Error('storage unreachable'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** Registers the uploaded object; the server probes it and answers with its own size and duration. */
export const registerUpload = (fileType: FileType, url: string, file: File, purpose?: UploadPurpose) =>
  call(completeUpload, { file_type: fileType, url, size: file.size, purpose }, { quiet: true });

/** sign → post to storage: one file, not registered yet. Resolves with the object URL. */
export async function uploadToStorage(
  fileType: FileType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const sig = await fetchUploadSignature(fileType);
  return postToStorage(sig, file, onProgress, signal);
}

/**
 * A recording posted to a multipart API call (field `file`, token header, params in the signed query).
 * Code 100 shows the message and goes to login with the current page as redirect (spec 000 §7).
 */
export async function postRecording<E extends Endpoint>(
  ep: E,
  params: ParamsOf<E>,
  recording: Blob,
  fileName: string,
): Promise<DataOf<E>> {
  const form = new FormData();
  form.append('file', recording, fileName);
  const query = new URLSearchParams(
    signParams(toWireParams(params as Record<string, unknown>), env.VITE_SIGN_SECRET),
  ).toString();
  const token = readToken();
  const res = await fetch(`${env.VITE_API_BASE}${ep.path}?${query}`, {
    method: 'POST',
    body: form,
    headers: token ? { 'x-token': token } : {},
  });
  const reply = (await res.json()) as Envelope<DataOf<E>>;
  if (reply.code === ReplyCode.login) {
    feedback.error(reply.msg);
    const redirect = currentRoute();
    clearToken();
    window.location.hash = `#${loginRoute(redirect)}`;
  }
  if (reply.code !== ReplyCode.ok) throw new Error(reply.msg || filesMessages.uploadFailed);
  return reply.data;
}

/** A recording posted to /api/upload/voice and registered. */
export const uploadRecording = (recording: Blob, fileName: string): Promise<RegisteredFile> =>
  postRecording(uploadVoice, {}, recording, fileName);
