import { createApiKey } from '@app/contract';
import type { TestAccount } from '../../../../test/accounts.js';
import { waitFor, type TestApp } from '../../../../test/helper.js';

/** What an open API call answered: the HTTP status and the JSON body. */
export interface ApiReply<T = unknown> {
  status: number;
  body: { data: T; error?: { code: string; message: string } | null; code?: number; message?: string };
  headers: Record<string, unknown>;
}

/** Calls the open API as a program would: JSON in (or a raw body), X-Api-Key, optional extra headers. */
export async function apiCall<T = unknown>(
  t: Pick<TestApp, 'app'>,
  key: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  o: { json?: unknown; body?: Buffer; contentType?: string; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(o.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.body ? { 'content-type': o.contentType ?? 'application/octet-stream' } : {}),
      ...o.headers,
    },
    payload: o.json !== undefined ? JSON.stringify(o.json) : o.body,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A new key of `who`, made through the account page's call. */
export async function newApiKey(t: Pick<TestApp, 'call'>, who: TestAccount, name = '测试密钥'): Promise<string> {
  const r = await t.call<{ key: string }>(createApiKey, { name }, { token: who.token });
  if (r.code !== 0) throw new Error(r.msg);
  return r.data.key;
}

/** What video_status.get answers of a video, once it has completed or failed. */
export const apiVideoEnded = (t: Pick<TestApp, 'app'>, key: string, id: string) =>
  waitFor(
    `video ${id}`,
    async () => {
      const r = await apiCall<{
        status: string;
        duration: number;
        video_url: string;
        caption_url: string | null;
        callback_id: string | null;
      }>(t, key, 'GET', `/v1/video_status.get?video_id=${id}`);
      return ['completed', 'failed'].includes(r.body.data.status) ? r.body.data : null;
    },
    240_000,
  );
