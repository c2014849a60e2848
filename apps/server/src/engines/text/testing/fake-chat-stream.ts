import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackFake } from '../../../../test/loopback-fake.js';

/**
 * A loopback stand-in for an OpenAI-compatible streaming chat API, written from DeepSeek's
 * "Create Chat Completion" (https://api-docs.deepseek.com/api/create-chat-completion, `stream: true`:
 * `data: {chat.completion.chunk}` lines with `choices[0].delta.content` and, for
 * deepseek-reasoner, `delta.reasoning_content`; `: keep-alive` comments while waiting; the end
 * marked by `data: [DONE]`) and OpenAI's chat streaming reference
 * (https://platform.openai.com/docs/api-reference/chat/streaming). Errors before the stream are
 * JSON `{ error: { message, type, code } }` with their HTTP status (429 rate limit, 402 balance).
 */

export type FakeChunk = { content?: string; reasoning?: string; finish?: string } | { error: object } | { raw: string };

export interface FakeChatPlan {
  /** An HTTP error instead of a stream. */
  status?: number;
  errorBody?: object;
  /** Wait before the headers (a slow first byte); keep-alive comments every `keepAliveMs` meanwhile if set after headers. */
  firstByteDelayMs?: number;
  /** Send headers at once, then wait this long (with keep-alive comments) before the first chunk. */
  thinkMs?: number;
  chunks: FakeChunk[];
  chunkDelayMs?: number;
  /** false: end the connection without `[DONE]` (a stream cut short). */
  done?: boolean;
}

export interface FakeChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
  /** Set when the client closed the connection before the fake finished. */
  aborted: boolean;
  /** Chunks written before the end or the abort. */
  sent: number;
}

export interface FakeChatService {
  url: string;
  requests: FakeChatRequest[];
  close(): Promise<void>;
}

/** `text` in chunks of `size` characters, ended by a finish reason. */
export function textChunks(text: string, size = 5, kind: 'content' | 'reasoning' = 'content'): FakeChunk[] {
  const out: FakeChunk[] = [];
  for (let i = 0; i < text.length; i += size) out.push({ [kind]: text.slice(i, i + size) });
  return out;
}
export const finished: FakeChunk = { finish: 'stop' };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chunkLine(c: FakeChunk, i: number, model: string): string {
  if ('raw' in c) return c.raw;
  if ('error' in c) return `data: ${JSON.stringify({ error: c.error })}\n\n`;
  const delta: Record<string, string | null> = { role: 'assistant' };
  if (c.content !== undefined) delta.content = c.content;
  if (c.reasoning !== undefined) {
    delta.reasoning_content = c.reasoning;
    delta.content = null;
  }
  const body = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: c.finish ?? null }],
  };
  return `data: ${JSON.stringify(body)}\n\n`.replace('"chatcmpl-fake"', `"chatcmpl-${i}"`);
}

export async function startFakeChatStream(
  plan: (req: FakeChatRequest, index: number) => FakeChatPlan,
): Promise<FakeChatService> {
  const requests: FakeChatRequest[] = [];
  const server = await startLoopbackFake(async (req, _index, res) => {
    const recorded: FakeChatRequest = {
      path: req.path,
      headers: req.headers,
      body: JSON.parse(req.raw.toString('utf8') || '{}') as FakeChatRequest['body'],
      aborted: false,
      sent: 0,
    };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.aborted = true;
    });
    const p = plan(recorded, requests.length - 1);
    if (p.firstByteDelayMs) await pause(p.firstByteDelayMs);
    if (res.destroyed) return;
    if (p.status && p.status !== 200) {
      res.writeHead(p.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(p.errorBody ?? { error: { message: 'error', type: 'error', code: p.status } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    if (p.thinkMs) {
      const until = Date.now() + p.thinkMs;
      while (Date.now() < until && !res.destroyed) {
        res.write(': keep-alive\n\n');
        await pause(Math.min(200, until - Date.now()));
      }
    }
    for (const [i, c] of p.chunks.entries()) {
      if (res.destroyed) return;
      res.write(chunkLine(c, i, recorded.body.model));
      recorded.sent++;
      if (p.chunkDelayMs) await pause(p.chunkDelayMs);
    }
    if (res.destroyed) return;
    if (p.done !== false) res.end('data: [DONE]\n\n');
    else res.destroy();
  });
  return { url: `${server.url}/v1`, requests, close: server.close };
}
