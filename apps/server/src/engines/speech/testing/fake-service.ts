import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for a vendor's HTTP API on 127.0.0.1 with a random port, recording every request. */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
  form(): Promise<FormData>;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
  /** Wait before answering, to exercise timeouts. */
  delayMs?: number;
}

export type FakeHandler = (req: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeService(handler: FakeHandler): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers = req.headers;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body,
        json: <T>() => JSON.parse(body.toString('utf8')) as T,
        // Multipart bodies are parsed by the same Fetch implementation the engines use to build them.
        form: () => new Response(body, { headers: { 'content-type': String(headers['content-type'] ?? '') } }).formData(),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, requests.length - 1)).then(async (reply) => {
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        const isJson = reply.body !== undefined && !Buffer.isBuffer(reply.body) && typeof reply.body === 'object';
        const payload = isJson ? JSON.stringify(reply.body) : (reply.body ?? '');
        res.writeHead(reply.status ?? 200, { ...(isJson ? { 'content-type': 'application/json' } : {}), ...reply.headers });
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
