import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The body's bytes as sent (multipart uploads are read from these). */
  raw: Buffer;
}

export type FakeReply = { status?: number; json?: unknown; file?: string; text?: string };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  close: () => Promise<void>;
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
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

function send(res: ServerResponse, reply: FakeReply): void {
  res.statusCode = reply.status ?? 200;
  if (reply.file) {
    res.setHeader('content-type', 'video/mp4');
    createReadStream(reply.file).pipe(res);
    return;
  }
  if (reply.json !== undefined) {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply.json));
    return;
  }
  res.end(reply.text ?? '');
}

/** A loopback HTTP server on a random port that records every request it answers. */
export async function startFake(handler: FakeHandler, host = '127.0.0.1'): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readRaw(req);
      const fr: FakeRequest = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers, body: parseBody(raw), raw };
      requests.push(fr);
      send(res, await handler(fr));
    })().catch((e: unknown) => {
      res.statusCode = 599;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
