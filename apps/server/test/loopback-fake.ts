import { createReadStream } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one base of every loopback fake the tests, journeys and benches talk to instead of a vendor's
 * service or a web page: a server on a loopback address and a random port, a route table, a log of
 * every request it read, and a close that also drops open connections. Each fake built on it names,
 * in its own header, the vendor document it follows.
 */

/** A request as the fake read it: the whole body is in memory before a handler runs. */
export interface FakeRequest {
  method: string;
  /** The request target as sent, path and query (signatures are computed over it). */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body's bytes as sent. */
  raw: Buffer;
  /** The body parsed as JSON, or its text when it is not JSON, or undefined when empty. */
  body: unknown;
  json<T = Record<string, unknown>>(): T;
  /** A multipart or urlencoded body, parsed by the same Fetch implementation the engines build them with. */
  form(): Promise<FormData>;
}

/** What a handler may return instead of writing the response itself. */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or bytes as they are. */
  body?: Buffer | string | object;
  json?: unknown;
  text?: string;
  /** A file streamed as video/mp4. */
  file?: string;
  /** Wait before answering, to exercise timeouts. */
  delayMs?: number;
}

/**
 * Answers one request: returns a reply, or writes on `res` itself and returns nothing (streams,
 * ranges, held-back answers). `index` counts the requests this fake has read, from 0.
 */
export type FakeHandler = (
  req: FakeRequest,
  index: number,
  res: ServerResponse,
) => FakeReply | void | Promise<FakeReply | void>;

export interface FakeOptions {
  /** 127.0.0.1 unless a test needs another loopback address (127.0.0.2 is what link checks may allow). */
  host?: string;
  /** Handlers by `'METHOD /path'` or by `'/path'` for any method, looked up before `handle`. */
  routes?: Record<string, FakeHandler>;
  /** Everything the routes do not name; without it, an unrouted request gets 404. */
  handle?: FakeHandler;
  /** A handler's error as the service would answer it; by default HTTP 500 with the error's text. */
  onError?: (error: unknown, res: ServerResponse) => void;
}

export interface FakeServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  host: string;
  port: number;
  /** Every request read, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

function parseBody(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readRequest(url: string, method: string, headers: IncomingHttpHeaders, raw: Buffer): FakeRequest {
  const u = new URL(url, 'http://127.0.0.1');
  return {
    method,
    url,
    path: u.pathname,
    query: u.searchParams,
    headers,
    raw,
    body: parseBody(raw),
    json: <T>() => JSON.parse(raw.toString('utf8')) as T,
    form: () =>
      new Response(Uint8Array.from(raw), {
        headers: { 'content-type': String(headers['content-type'] ?? '') },
      }).formData(),
  };
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (reply.file) {
    res.writeHead(reply.status ?? 200, { 'content-type': 'video/mp4', ...reply.headers });
    createReadStream(reply.file).pipe(res);
    return;
  }
  const body = reply.json !== undefined ? reply.json : reply.body;
  const isJson = body !== undefined && typeof body === 'object' && !Buffer.isBuffer(body);
  res.writeHead(reply.status ?? 200, { ...(isJson ? { 'content-type': 'application/json' } : {}), ...reply.headers });
  res.end(isJson ? JSON.stringify(body) : ((body as Buffer | string | undefined) ?? reply.text ?? ''));
}

function defaultError(error: unknown, res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(error instanceof Error ? error.message : String(error));
}

const notFound: FakeHandler = () => ({ status: 404 });

/** Starts a fake: a handler for every request, or a route table with an optional fallback. */
export async function startLoopbackFake(options: FakeHandler | FakeOptions): Promise<FakeServer> {
  const o: FakeOptions = typeof options === 'function' ? { handle: options } : options;
  const host = o.host ?? '127.0.0.1';
  const requests: FakeRequest[] = [];
  const route = (req: FakeRequest): FakeHandler =>
    o.routes?.[`${req.method} ${req.path}`] ?? o.routes?.[req.path] ?? o.handle ?? notFound;
  const server = createServer((incoming, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of incoming) chunks.push(c as Buffer);
      const req = readRequest(incoming.url ?? '/', incoming.method ?? 'GET', incoming.headers, Buffer.concat(chunks));
      requests.push(req);
      const reply = await route(req)(req, requests.length - 1, res);
      if (!reply) return;
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (!res.destroyed) send(res, reply);
    })().catch((error: unknown) => (o.onError ?? defaultError)(error, res));
  });
  // Clients keep idle sockets open without a time limit of their own: a server closing them after
  // Node's 5 s default races a client reusing one under load ("socket hang up"). Keep them for the test.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
