import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Readable } from 'node:stream';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import { startLoopbackFake, type FakeRequest } from '../../../../test/loopback-fake.js';

/** What a fake object service keeps: bytes and the type they were stored with. */
export interface FakeObject {
  body: Buffer;
  type: string;
  modified: Date;
}

/** Compares signatures in constant time, as the services do. */
export const sameSignature = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

const readStream = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** A POST form as a browser sends it: fields, then one file. */
export function readForm(req: FakeRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    const bb = Busboy({ headers: req.headers as BusboyHeaders });
    bb.on('field', (k: string, v: string) => {
      fields[k] = v;
    });
    bb.on('file', (_k: string, s: Readable) => {
      void readStream(s).then((b) => {
        file = b;
      });
    });
    bb.on('finish', () => setImmediate(() => resolve({ fields, file })));
    bb.on('error', reject);
    bb.end(req.raw);
  });
}

const OVERRIDES = [
  'content-type',
  'content-language',
  'expires',
  'cache-control',
  'content-disposition',
  'content-encoding',
];

/**
 * The headers a signed GET asks for with `response-*` query parameters, which both services send in
 * place of what the object was stored with.
 */
export const responseOverrides = (query: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    OVERRIDES.filter((h) => query[`response-${h}`] !== undefined).map((h) => [h, query[`response-${h}`]!]),
  );

/** Serves a GET of a stored object with Range, as both services do. */
export function sendObject(
  res: http.ServerResponse,
  obj: FakeObject,
  range: string | undefined,
  extra: Record<string, string> = {},
  head = false,
) {
  const m = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
  const start = m ? Number(m[1]) : 0;
  const end = m && m[2] ? Math.min(Number(m[2]), obj.body.length - 1) : obj.body.length - 1;
  const part = obj.body.subarray(start, end + 1);
  res.writeHead(m ? 206 : 200, {
    'content-type': obj.type,
    'content-length': String(head ? obj.body.length : part.length),
    'last-modified': obj.modified.toUTCString(),
    ...(m ? { 'content-range': `bytes ${start}-${end}/${obj.body.length}` } : {}),
    ...extra,
  });
  res.end(head ? undefined : part);
}

/** Starts the service on the loopback fake base; every error becomes the service's XML error reply. */
export function listen(handler: (req: FakeRequest, res: http.ServerResponse) => Promise<void>, host?: string) {
  return startLoopbackFake({
    host,
    handle: (req, _index, res) => handler(req, res),
    onError: (e, res) => {
      const err = e instanceof ServiceError ? e : new ServiceError(500, 'InternalError');
      if (!res.headersSent) res.writeHead(err.status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${err.message}</Message></Error>`,
      );
    },
  });
}
