import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  DEFAULT_SIGN_SECRET,
  listWorks,
  ReplyCode,
  signaturePayload,
  type DataOf,
  type Endpoint,
  type Envelope,
  type ParamsOf,
  type Work,
} from '@app/contract';
import { signedCall } from './api';

/** A signed call that hands back the data, or fails with the server's message. */
export async function apiData<E extends Endpoint>(
  baseURL: string,
  endpoint: E,
  params: ParamsOf<E>,
  token?: string,
): Promise<DataOf<E>> {
  const reply = await signedCall(baseURL, endpoint, params, token);
  if (reply.code !== ReplyCode.ok) throw new Error(`${endpoint.path}: code ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Posts a recording to the API's multipart upload (signature over the query only) and returns its file id. */
export async function uploadRecording(baseURL: string, token: string, file: string): Promise<number> {
  const query: Record<string, string> = { timestamp: String(Math.floor(Date.now() / 1000)) };
  query.sign = createHash('md5').update(signaturePayload(query, DEFAULT_SIGN_SECRET)).digest('hex');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
  const reply = await fetch(`${baseURL}/api/upload/voice?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
  const body = (await reply.json()) as Envelope<{ file_id: number }>;
  if (body.code !== ReplyCode.ok) throw new Error(`/api/upload/voice: code ${body.code} ${body.msg}`);
  return body.data.file_id;
}

/** Waits until the caller's work named `name` is finished (status 3) and returns it as the list shows it. */
export async function waitWorkDone(baseURL: string, token: string, name: string, timeout = 300_000): Promise<Work> {
  let found: Work | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await apiData(baseURL, listWorks, { name, limit: 0 }, token);
        found = list.find((w) => w.name === name);
        return found?.status;
      },
      { timeout, interval: 1_000 },
    )
    .toBe(3);
  return found!;
}
