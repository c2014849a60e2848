import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authenticate } from './auth.js';
import { checkKey, once, requestHash, type Answer, type Claim } from './idempotency.js';
import {
  acceptJson,
  ApiFailure,
  failureOf,
  languageOf,
  sendFailure,
  success,
  type ApiCaller,
  type RestRoute,
} from './rest.js';

/** A request body read through a hash on its way to the handler; `digest` once it has been read. */
function hashedBody(req: FastifyRequest) {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _e, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  req.raw.on('error', (e) => stream.destroy(e));
  req.raw.on('close', () => {
    if (!req.raw.complete) stream.destroy(new Error('connection dropped'));
  });
  req.raw.pipe(stream);
  return { stream, digest: () => hash.digest('hex') };
}

/** Reads a body only for its fingerprint (a repeated upload: its bytes are compared, never stored). */
async function drainedHash(req: FastifyRequest): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of req.raw) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Serves the open API in its own scope: JSON bodies (the rest of the app speaks forms), a raw body for
 * uploads, and every answer and refusal in HeyGen's shapes, a missing path under /v1 and /v2 included.
 * A creating call with `Idempotency-Key` runs once per key and body; a repeat gets the first answer.
 * `bound` answers for a key whose video was made but whose answer was never written (a crash).
 */
export async function serveOpenApi(
  scope: FastifyInstance,
  ctx: AppContext,
  routes: readonly RestRoute[],
  bound: (caller: ApiCaller, workId: number) => Promise<unknown>,
) {
  acceptJson(scope);
  // An upload's body is read by its handler as it streams; any other call ignores a body it has no use for.
  scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  scope.setErrorHandler((err, req, reply) => sendFailure(req, reply, err));

  const answer = async (
    r: RestRoute,
    caller: ApiCaller,
    req: FastifyRequest,
    reply: FastifyReply,
    claim: Claim | null,
  ) => {
    const body = hashedBodyOf(r, req);
    try {
      const data = await r.handler({
        caller,
        query: r.query ? r.query.parse(req.query ?? {}) : undefined,
        body: r.body ? r.body.parse(req.body ?? {}) : undefined,
        req,
        reply,
        lang: languageOf(req),
        upload: body.stream,
        claim,
      });
      return { answer: { status: 200, body: success(r.shape, data) } as Answer, hash: r.raw ? body.digest() : null };
    } catch (e) {
      const f = failureOf(e, languageOf(req));
      if (f.unexpected) req.log.error({ err: e }, 'open api call failed');
      return { answer: { status: f.status, body: f.body }, hash: null };
    }
  };

  for (const prefix of ['/v1', '/v2'] as const)
    await scope.register(
      async (s) => {
        s.setNotFoundHandler((req, reply) => sendFailure(req, reply, new ApiFailure('notFound')));
        for (const r of routes.filter((x) => x.path.startsWith(`${prefix}/`)))
          s.route({
            method: r.method,
            url: r.path.slice(prefix.length),
            handler: async (req, reply) => {
              try {
                const caller = await authenticate(ctx, req);
                const key = String(req.headers['idempotency-key'] ?? '').trim();
                if (!r.creates || !key) {
                  const done = await answer(r, caller, req, reply, null);
                  return await reply.code(done.answer.status).send(done.answer.body);
                }
                checkKey(key);
                const reply1 = await once(
                  ctx.database.db,
                  caller.userId,
                  key,
                  r.raw ? null : requestHash(r.method, r.path, req.body ?? {}),
                  (claim) => answer(r, caller, req, reply, claim),
                  () => drainedHash(req),
                  async (workId) => ({ status: 200, body: success(r.shape, await bound(caller, workId)) }),
                );
                return await reply.code(reply1.status).send(reply1.body);
              } catch (e) {
                return sendFailure(req, reply, e);
              }
            },
          });
      },
      { prefix },
    );
}

/** Only an upload reads its body as a stream; other calls get an empty one. */
function hashedBodyOf(r: RestRoute, req: FastifyRequest) {
  if (r.raw) return hashedBody(req);
  const stream = new Transform();
  stream.end();
  return { stream, digest: () => '' };
}
