import { setTimeout as sleep } from 'node:timers/promises';
import { TextModelError, type TextModelErrorKind } from './errors.js';
import { aiWritePrompt, polishPrompt, translatePrompt, type AiWriteLength, type ChatMessage } from './prompts.js';

/** Any OpenAI-compatible `/v1/chat/completions` service behind the studio's polish, AI-write and translate buttons. */

export interface ChatModelConfig {
  /** e.g. https://api.deepseek.com/v1 or http://127.0.0.1:11434/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

export interface TextModel {
  readonly configured: boolean;
  polish(text: string, signal?: AbortSignal): Promise<string>;
  aiWrite(keyword: string, length: AiWriteLength, signal?: AbortSignal): Promise<string>;
  translate(text: string, source: string, target: string, signal?: AbortSignal): Promise<string>;
}

export function kindFromStatus(status: number): TextModelErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500 && status !== 404) return 'bad_input';
  return 'service_down';
}

/** Some vendors report an exhausted balance as 429 or 400 with a telling code. */
export function refineKind(kind: TextModelErrorKind, body: string): TextModelErrorKind {
  return /insufficient_quota|insufficient balance|余额不足|arrearage/i.test(body) ? 'quota' : kind;
}

async function complete(config: ChatModelConfig, messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const retries = config.retries ?? 2;
  let last = new TextModelError('service_down');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((config.retryDelayMs ?? 500) * 2 ** (attempt - 1), undefined, { signal });
    const timeout = AbortSignal.timeout(config.timeoutMs ?? 60_000);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, messages, temperature: 0.7, stream: false }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = await res.text();
      if (!res.ok)
        throw new TextModelError(
          refineKind(kindFromStatus(res.status), body),
          `HTTP ${res.status}: ${body.slice(0, 300)}`,
        );
      const reply = JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] };
      const content = reply.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new TextModelError('empty_reply', body.slice(0, 300));
      // Reasoning models may prepend their thinking; only the answer is wanted.
      return content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      const err =
        e instanceof TextModelError
          ? e
          : timeout.aborted
            ? new TextModelError('timeout', String(e))
            : new TextModelError('service_down', String(e));
      if (err.kind !== 'service_down') throw err;
      last = err;
    }
  }
  throw last;
}

/** Without configuration every operation fails with 文本模型未配置，请联系管理员. */
export function createTextModel(config: ChatModelConfig | undefined): TextModel {
  if (!config) {
    const fail = () => Promise.reject(new TextModelError('not_configured'));
    return { configured: false, polish: fail, aiWrite: fail, translate: fail };
  }
  return {
    configured: true,
    polish: (text, signal) => complete(config, polishPrompt(text), signal),
    aiWrite: (keyword, length, signal) => complete(config, aiWritePrompt(keyword, length), signal),
    translate: (text, source, target, signal) => complete(config, translatePrompt(text, source, target), signal),
  };
}
