import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as delay } from 'node:timers/promises';

/** Per-request timeout and bounded retries (network errors and 5xx only) with exponential backoff. */
export interface HttpPolicy {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
}

export const defaultHttpPolicy: HttpPolicy = { timeoutMs: 30_000, retries: 3, backoffMs: 500 };

export type VendorFailure = 'network' | 'http' | 'json' | 'cancelled';

/** A transport-level failure; each vendor turns it into its own Chinese message. */
export class VendorHttpError extends Error {
  override readonly name = 'VendorHttpError';
  constructor(
    readonly kind: VendorFailure,
    message: string,
    readonly status?: number,
    readonly body?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A multipart/form-data body instead of JSON (fetch sets its boundary). */
  form?: FormData;
  signal?: AbortSignal;
}

/** Sleeps, waking early (with a rejection) when the caller cancels. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal });
}

async function withRetries<T>(policy: HttpPolicy, signal: AbortSignal | undefined, what: string, attempt: (s: AbortSignal) => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    if (signal?.aborted) throw new VendorHttpError('cancelled', `${what}: cancelled`);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    try {
      return await attempt(signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (e) {
      if (signal?.aborted) throw new VendorHttpError('cancelled', `${what}: cancelled`, undefined, undefined, { cause: e });
      const err = e instanceof VendorHttpError ? e : new VendorHttpError('network', `${what}: ${(e as Error).message}`, undefined, undefined, { cause: e });
      const transient = err.kind === 'network' || (err.kind === 'http' && (err.status ?? 0) >= 500);
      if (!transient || i >= policy.retries) throw err;
      await sleep(policy.backoffMs * 2 ** i, signal).catch(() => undefined);
    }
  }
}

/** Sends a JSON (or multipart form) request and returns the parsed JSON reply; 4xx is final, 5xx and network errors are retried. */
export function requestJson(req: JsonRequest, policy: HttpPolicy): Promise<unknown> {
  const what = `${req.method} ${new URL(req.url).pathname}`;
  return withRetries(policy, req.signal, what, async (signal) => {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (req.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(req.url, {
      method: req.method,
      headers,
      body: req.form ?? (req.json === undefined ? undefined : JSON.stringify(req.json)),
      signal,
    });
    const text = await res.text();
    if (!res.ok) throw new VendorHttpError('http', `${what}: HTTP ${res.status}`, res.status, text.slice(0, 500));
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new VendorHttpError('json', `${what}: body is not JSON`, res.status, text.slice(0, 500), { cause: e });
    }
  });
}

/** Streams a URL to a file with the same retry rules; a partial file is removed on failure. */
export function downloadTo(url: string, file: string, policy: HttpPolicy, signal?: AbortSignal): Promise<void> {
  const what = `GET ${new URL(url).pathname}`;
  return withRetries(policy, signal, what, async (s) => {
    const res = await fetch(url, { signal: s });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new VendorHttpError('http', `${what}: HTTP ${res.status}`, res.status);
    }
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file), { signal: s });
    } catch (e) {
      await rm(file, { force: true });
      throw e;
    }
  });
}

/** PUTs a file to a signed upload URL (streamed, with its length), under the same retry rules. */
export function uploadFile(url: string, file: string, contentType: string, policy: HttpPolicy, signal?: AbortSignal): Promise<void> {
  const what = `PUT ${new URL(url).pathname}`;
  return withRetries(policy, signal, what, async (s) => {
    const { size } = await stat(file);
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'content-length': String(size) },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      duplex: 'half',
      signal: s,
    } as RequestInit);
    const text = await res.text();
    if (!res.ok) throw new VendorHttpError('http', `${what}: HTTP ${res.status}`, res.status, text.slice(0, 500));
  });
}
