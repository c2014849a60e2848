import { setTimeout as delay } from 'node:timers/promises';
import { klingToken } from '../photo/kling.js';
import { defaultHttpPolicy, requestJson, VendorHttpError, type HttpPolicy } from '../avatar/vendor-http.js';
import { downloadPublic, UnsafeLinkError } from '../photo/safe-fetch.js';
import { GenerationError, generationErrorOf, looksLikeModeration } from './errors.js';

/**
 * 可灵 (Kling) open platform, as its API reference documents it
 * (https://app.klingai.com/global/dev/document-api/apiReference/commonInfo and the model pages):
 * `Authorization: Bearer <JWT>` (HS256, iss = access key, signed with the secret key); every reply is
 * `{ code, message, request_id, data }` with code 0 for success; a task is created by POST and read by
 * `GET <path>/{task_id}`, its `task_status` submitted → processing → succeed | failed (`task_status_msg`),
 * its `task_result` holding `images[].url` or `videos[].url` (links expire, so results are copied at once).
 */
export interface KlingApiConfig {
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  http?: HttpPolicy;
  pollIntervalMs?: number;
  timeoutMs?: number;
  maxConcurrency?: number;
  /** Hosts trusted although not public (a test's loopback fake); results are otherwise fetched from public addresses only. */
  trustedHosts?: readonly string[];
}

/** Kling's error codes (its "Error Codes" table) in the user's words. */
export function klingFailure(code: number): GenerationError {
  if (code >= 1000 && code <= 1004) return new GenerationError('authFailed');
  if (code >= 1100 && code <= 1103) return new GenerationError('accountProblem');
  if (code === 1300 || code === 1301) return new GenerationError('contentRejected');
  if (code === 1302) return new GenerationError('rateLimited');
  if (code === 1303) return new GenerationError('concurrencyLimited');
  if (code === 1304) return new GenerationError('authFailed');
  if (code >= 1200 && code < 1300) return new GenerationError('badRequest');
  return new GenerationError('remoteFailed');
}

const codeOf = (body: string | undefined): number | null => {
  try {
    const code = (JSON.parse(body ?? '') as { code?: unknown }).code;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export type KlingTask = { status: 'running' } | { status: 'done'; result: Record<string, unknown> };

export function klingClient(config: KlingApiConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const http = config.http ?? defaultHttpPolicy;
  const headers = () => ({ authorization: `Bearer ${klingToken(config.accessKey, config.secretKey)}` });
  const interval = config.pollIntervalMs ?? 5000;

  async function call(method: 'GET' | 'POST', path: string, json: unknown, signal?: AbortSignal) {
    let body: unknown;
    try {
      body = await requestJson({ method, url: `${base}${path}`, headers: headers(), json, signal }, http);
    } catch (e) {
      const code = e instanceof VendorHttpError ? codeOf(e.body) : null;
      if (code !== null && code !== 0) throw klingFailure(code);
      throw generationErrorOf(e);
    }
    const b = body as { code?: unknown; data?: unknown };
    if (typeof b.code === 'number' && b.code !== 0) throw klingFailure(b.code);
    if (!b.data || typeof b.data !== 'object') throw new GenerationError('resultUnusable');
    return b.data as Record<string, unknown>;
  }

  return {
    /** Creates a task; rate and concurrency refusals are waited out a few times before giving up. */
    async submit(path: string, json: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await call('POST', path, json, signal);
          const id = str(data.task_id);
          if (!id) throw new GenerationError('resultUnusable');
          return id;
        } catch (e) {
          const busy = e instanceof GenerationError && (e.key === 'rateLimited' || e.key === 'concurrencyLimited');
          if (!busy || attempt >= 3) throw e;
          await delay(interval * 2 ** attempt, undefined, { signal });
        }
      }
    },

    /** Polls a task until it succeeds (its task_result) or fails (moderation or the vendor's failure). */
    async wait(path: string, taskId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
      const deadline = Date.now() + (config.timeoutMs ?? 30 * 60_000);
      for (;;) {
        const data = await call('GET', `${path}/${encodeURIComponent(taskId)}`, undefined, signal);
        const status = str(data.task_status);
        if (status === 'succeed') return (data.task_result ?? {}) as Record<string, unknown>;
        if (status === 'failed') {
          const msg = str(data.task_status_msg);
          throw new GenerationError(looksLikeModeration(msg) ? 'contentRejected' : 'remoteFailed');
        }
        if (Date.now() > deadline) throw new GenerationError('remoteTimeout');
        await delay(interval, undefined, { signal });
      }
    },

    /** Copies a result link into a local file at once (every hop a public address unless trusted). */
    async download(url: string, file: string, signal?: AbortSignal): Promise<void> {
      try {
        await downloadPublic(url, file, { trustedHosts: config.trustedHosts, signal });
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new GenerationError(e instanceof UnsafeLinkError ? 'resultUnusable' : 'remoteUnreachable', { cause: e });
      }
    },
  };
}

export type KlingClient = ReturnType<typeof klingClient>;

/** The `url`s of `task_result[field]` (images or videos). */
export const resultUrls = (result: Record<string, unknown>, field: 'images' | 'videos'): string[] =>
  ((result[field] as { url?: unknown }[] | undefined) ?? []).map((x) => str(x.url)).filter(Boolean);
