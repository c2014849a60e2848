import { setTimeout as sleep } from 'node:timers/promises';
import { SpeechError, type SpeechErrorKind } from './errors.js';

/** HTTP for remote speech engines: a timeout per attempt, bounded retries with backoff on 5xx and network failures. */

export interface RemoteHttpConfig {
  /** Per attempt, milliseconds. */
  timeoutMs?: number;
  /** Extra attempts after the first, for 5xx replies and network failures only. */
  retries?: number;
  /** First backoff; doubles each retry. */
  retryDelayMs?: number;
}

export const REMOTE_DEFAULTS = { timeoutMs: 60_000, retries: 2, retryDelayMs: 500 } as const;

export interface RemoteRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Built per attempt: a FormData or stream body cannot be sent twice. */
  body?: () => string | FormData;
  signal?: AbortSignal;
}

/** Turns an HTTP status and body into a kind; providers add their own codes on top of the usual statuses. */
export type FailureMapper = (status: number, body: string) => SpeechErrorKind | undefined;

export function kindFromStatus(status: number): SpeechErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 413 || status === 422) return 'bad_input';
  if (status >= 500) return 'service_down';
  // 404 and other odd statuses mean the endpoint is not what the configuration says.
  return 'service_down';
}

async function readBodyText(res: Response): Promise<string> {
  try {
    return (await res.text()).slice(0, 2000);
  } catch {
    return '';
  }
}

/**
 * Sends the request and hands a 2xx reply to `parse`; `parse` may throw a SpeechError, which is retried when it is a
 * service outage. 4xx replies are never retried.
 */
export async function callRemote<T>(
  req: RemoteRequest,
  config: RemoteHttpConfig,
  parse: (res: Response) => Promise<T>,
  mapFailure?: FailureMapper,
): Promise<T> {
  const timeoutMs = config.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs;
  const retries = Math.max(0, config.retries ?? REMOTE_DEFAULTS.retries);
  const delay = config.retryDelayMs ?? REMOTE_DEFAULTS.retryDelayMs;
  let lastError: SpeechError = new SpeechError('service_down', 'no attempt made');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(delay * 2 ** (attempt - 1), undefined, { signal: req.signal });
    try {
      return await attemptOnce(req, timeoutMs, parse, mapFailure);
    } catch (e) {
      if (!(e instanceof SpeechError)) throw e;
      lastError = e;
      if (e.kind !== 'service_down') throw e;
    }
  }
  throw lastError;
}

async function attemptOnce<T>(
  req: RemoteRequest,
  timeoutMs: number,
  parse: (res: Response) => Promise<T>,
  mapFailure?: FailureMapper,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  try {
    const res = await fetch(req.url, { method: req.method ?? 'POST', headers: req.headers, body: req.body?.(), signal });
    if (!res.ok) {
      const body = await readBodyText(res);
      const kind = mapFailure?.(res.status, body) ?? kindFromStatus(res.status);
      throw new SpeechError(kind, `HTTP ${res.status} ${req.url}: ${body.slice(0, 300)}`);
    }
    return await parse(res);
  } catch (e) {
    if (e instanceof SpeechError) throw e;
    // The caller cancelled: pass its reason on untouched.
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) throw new SpeechError('timeout', `no reply within ${timeoutMs} ms from ${req.url}`);
    throw new SpeechError('service_down', `network failure calling ${req.url}: ${String(e)}`);
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

export function bearer(key: string | undefined): Record<string, string> {
  return key ? { Authorization: `Bearer ${key}` } : {};
}

/** Reads a JSON reply or fails as a service fault (a proxy error page, a truncated body). */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SpeechError('service_down', `reply is not JSON: ${text.slice(0, 200)}`);
  }
}

export async function readAudio(res: Response): Promise<Buffer> {
  const type = res.headers.get('content-type') ?? '';
  const body = Buffer.from(await res.arrayBuffer());
  // Some servers answer errors with 200 and JSON.
  if (type.includes('application/json')) throw new SpeechError('failed', `expected audio, got JSON: ${body.toString('utf8', 0, 300)}`);
  if (body.length === 0) throw new SpeechError('failed', 'empty audio reply');
  return body;
}
