import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { TextModelError } from './errors.js';
import { kindFromStatus, refineKind, type ChatModelConfig } from './openai-chat.js';

/**
 * Streaming `/chat/completions` of any OpenAI-compatible service (DeepSeek, Ollama, vLLM…): the
 * server-sent `data:` chunks of `choices[0].delta`, with DeepSeek's `reasoning_content` kept apart
 * from the answer, ended by `data: [DONE]`.
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A piece of the answer, or of the reasoning model's thinking. */
export interface ChatDelta {
  kind: 'content' | 'reasoning';
  text: string;
}

export interface ChatStreamConfig extends ChatModelConfig {
  /** Longest wait for the response headers and then between two chunks (keep-alive comments count). */
  idleTimeoutMs?: number;
}

export interface ChatStreamModel {
  readonly model: string;
  stream(messages: ChatTurn[], signal: AbortSignal): AsyncGenerator<ChatDelta>;
}

interface StreamChunk {
  error?: { message?: string; code?: unknown };
  choices?: {
    delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown };
    finish_reason?: unknown;
  }[];
}

/** Splits `<think>…</think>` (how Ollama's deepseek-r1 sends its thinking) out of the answer text. */
function thinkSplitter() {
  let inside = false;
  let pending = '';
  return (text: string): ChatDelta[] => {
    const out: ChatDelta[] = [];
    let rest = pending + text;
    pending = '';
    while (rest) {
      const tag = inside ? '</think>' : '<think>';
      const at = rest.indexOf(tag);
      if (at >= 0) {
        if (at > 0) out.push({ kind: inside ? 'reasoning' : 'content', text: rest.slice(0, at) });
        inside = !inside;
        rest = rest.slice(at + tag.length);
        continue;
      }
      // Keep a possible start of the tag for the next chunk.
      let keep = 0;
      for (let n = Math.min(tag.length - 1, rest.length); n > 0; n--)
        if (tag.startsWith(rest.slice(-n))) {
          keep = n;
          break;
        }
      const emit = rest.slice(0, rest.length - keep);
      if (emit) out.push({ kind: inside ? 'reasoning' : 'content', text: emit });
      pending = rest.slice(rest.length - keep);
      rest = '';
    }
    return out;
  };
}

/** Reads a response's lines as they arrive. */
async function* lines(res: IncomingMessage): AsyncGenerator<string> {
  res.setEncoding('utf8');
  let buffer = '';
  for await (const chunk of res as AsyncIterable<string>) {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      yield buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
    }
  }
  if (buffer) yield buffer;
}

/**
 * Connections to the model are kept open between answers: against a vendor over HTTPS a new
 * connection costs a TLS handshake (tens to hundreds of ms) before the answer's first byte. A kept
 * connection the vendor closed meanwhile fails as `service_down`, which is asked once more.
 */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * One POST with Node's own HTTP client (a stream of many small chunks costs far less CPU than
 * through fetch's web streams). The socket's idle timeout covers the wait for the headers and
 * every gap between chunks after them.
 */
function post(url: URL, body: string, headers: Record<string, string>, idleMs: number, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).request(url, {
      agent: secure ? agents.https : agents.http,
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      signal,
    });
    req.setTimeout(idleMs, () => req.destroy(new TextModelError('timeout', `no byte for ${idleMs} ms`)));
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

async function readAll(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  return text;
}

async function open(config: ChatStreamConfig, messages: ChatTurn[], signal: AbortSignal): Promise<IncomingMessage> {
  const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const retries = config.retries ?? 1;
  const idleMs = config.idleTimeoutMs ?? config.timeoutMs ?? 60_000;
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  };
  const body = JSON.stringify({ model: config.model, messages, stream: true });
  let last = new TextModelError('service_down');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((config.retryDelayMs ?? 500) * 2 ** (attempt - 1), undefined, { signal });
    try {
      const res = await post(url, body, headers, idleMs, signal);
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        const text = await readAll(res);
        throw new TextModelError(refineKind(kindFromStatus(status), text), `HTTP ${status}: ${text.slice(0, 300)}`);
      }
      return res;
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      const err = e instanceof TextModelError ? e : new TextModelError('service_down', String(e));
      // Only a service that is down is asked again; a 429, a refusal or a silent service is reported at once.
      if (err.kind !== 'service_down') throw err;
      last = err;
    }
  }
  throw last;
}

async function* streamChat(
  config: ChatStreamConfig,
  messages: ChatTurn[],
  signal: AbortSignal,
): AsyncGenerator<ChatDelta> {
  const res = await open(config, messages, signal);
  const split = thinkSplitter();
  let finished = false;
  try {
    for await (const line of lines(res)) {
      if (!line.startsWith('data:')) continue; // blank lines, `: keep-alive` comments, event names
      const payload = line.slice(5).trim();
      if (payload === '[DONE]') {
        finished = true;
        break;
      }
      let chunk: StreamChunk;
      try {
        chunk = JSON.parse(payload) as StreamChunk;
      } catch {
        throw new TextModelError('service_down', `bad chunk: ${payload.slice(0, 200)}`);
      }
      if (chunk.error)
        throw new TextModelError(
          refineKind('service_down', JSON.stringify(chunk.error)),
          JSON.stringify(chunk.error).slice(0, 300),
        );
      const choice = chunk.choices?.[0];
      const reasoning = choice?.delta?.reasoning_content ?? choice?.delta?.reasoning;
      if (typeof reasoning === 'string' && reasoning) yield { kind: 'reasoning', text: reasoning };
      const content = choice?.delta?.content;
      if (typeof content === 'string' && content) yield* split(content);
      if (choice?.finish_reason) finished = true;
    }
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    // A connection dropped mid-answer surfaces as a plain socket error.
    throw e instanceof TextModelError ? e : new TextModelError('service_down', String(e));
  }
  // A stream cut before [DONE] and before any finish reason is an answer cut short.
  if (!finished) throw new TextModelError('service_down', 'stream ended before [DONE]');
}

export function createChatStreamModel(config: ChatStreamConfig): ChatStreamModel {
  return { model: config.model, stream: (messages, signal) => streamChat(config, messages, signal) };
}
