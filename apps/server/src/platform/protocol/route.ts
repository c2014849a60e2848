import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataOf, Endpoint, ParsedParamsOf } from '@app/contract';
import { NONCE_PARAM, protocolMessages } from '@app/contract';
import { AppError, consoleOnly, forbidden, loginRequired } from '../errors.js';
import { resolveToken, sessionCacheMs, type SessionUser } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { parseForm } from './form.js';
import { verifySignature } from './signature.js';
import { refuseReplay } from './replay.js';
import { takeSlot } from '../limits/counters.js';
import { parseParams, refuseControlCharacters } from './validation.js';
import { envelope } from './envelope.js';
import { HEARTBEAT_MS, openEventStream, type OpenStreams, type StreamBody } from './event-stream.js';

/** A success reply carrying a message the client shows as a success toast. */
export class Ok<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const ok = <T>(data: T, msg: string) => new Ok(data, msg);

export interface RequestContext<E extends Endpoint, U> {
  params: ParsedParamsOf<E>;
  user: U;
  token: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

type UserFor<E extends Endpoint> = E['auth'] extends 'none' ? SessionUser | null : SessionUser;
export type Handler<E extends Endpoint> = (ctx: RequestContext<E, UserFor<E>>) => Promise<DataOf<E> | Ok<DataOf<E>>>;

export interface RouteOptions<E extends Endpoint> {
  /**
   * The spec's own message for a param that is absent altogether (not only empty), checked in this
   * order before the generic validation, e.g. `请输入账号密码` for a login without `username`.
   */
  missing?: Partial<Record<keyof ParsedParamsOf<E> & string, string>>;
}

/**
 * Checks before an event stream opens; it may throw (answered with the envelope, code 1 or 100) or
 * return what runs once the stream is open.
 */
export type StreamHandler<E extends Endpoint> = (ctx: RequestContext<E, UserFor<E>>) => Promise<StreamBody<E>>;

export interface StreamRouteOptions<E extends Endpoint> extends RouteOptions<E> {
  /** Gap between `: ping` comments; HEARTBEAT_MS unless a test wants them faster. */
  heartbeatMs?: number;
}

interface JsonRouteDef {
  kind: 'json';
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
  missing?: Record<string, string>;
}
interface StreamRouteDef {
  kind: 'stream';
  endpoint: Endpoint;
  handler: StreamHandler<Endpoint>;
  missing?: Record<string, string>;
  heartbeatMs: number;
}
export type RouteDef = JsonRouteDef | StreamRouteDef;

export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>, opts: RouteOptions<E> = {}): RouteDef {
  return {
    kind: 'json',
    endpoint,
    handler: handler as unknown as Handler<Endpoint>,
    missing: opts.missing as Record<string, string> | undefined,
  };
}

/**
 * A `text/event-stream` call (the chat's answers): the login token comes from the query (`?token=`,
 * since a browser's EventSource cannot set x-token; the header still works), heartbeat comments keep
 * the connection alive, and a client that leaves aborts the handler's signal. Everything before the
 * stream opens (signature, token, params, the handler's own checks) fails with the usual envelope.
 */
export function streamRoute<E extends Endpoint>(
  endpoint: E,
  handler: StreamHandler<E>,
  opts: StreamRouteOptions<E> = {},
): RouteDef {
  return {
    kind: 'stream',
    endpoint,
    handler: handler as unknown as StreamHandler<Endpoint>,
    missing: opts.missing as Record<string, string> | undefined,
    heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
  };
}

/** All params of a call: the query string, plus the form body for POST and DELETE. */
function collectParams(req: FastifyRequest): Record<string, string> {
  const qIndex = req.url.indexOf('?');
  const query = qIndex === -1 ? {} : parseForm(req.url.slice(qIndex + 1));
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};
  for (const k of Object.keys(body)) if (k in query) throw new AppError(`参数 ${k.slice(0, 40)} 重复`);
  return { ...query, ...body };
}

const PAID_CALL_WINDOW_MS = 60_000;

/** One of the account's paid calls this minute, counted atomically across processes; refused past the limit. */
export async function takePaidCall(ctx: AppContext, userId: number): Promise<void> {
  const limit = ctx.config.PAID_CALLS_PER_MINUTE;
  if (limit > 0 && !(await takeSlot(ctx.counters, 'paid-call', userId, PAID_CALL_WINDOW_MS, limit)))
    throw new AppError(protocolMessages.tooMany);
}

/** The protocol's checks for every call: signature, login token, role, params; throws the envelope's refusals. */
async function admit(
  ctx: AppContext,
  def: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestContext<Endpoint, SessionUser>> {
  const { endpoint, missing } = def;
  const all = collectParams(req);
  refuseControlCharacters(all);
  if (ctx.config.SIGN_REQUIRED && !endpoint.noSign) verifySignature(all, ctx.config.SIGN_SECRET);
  const { sign: _s, timestamp: _t, [NONCE_PARAM]: _n, ...afterSign } = all;
  let rest = afterSign;
  let token = String(req.headers['x-token'] ?? '');
  if (def.kind === 'stream') {
    const { token: fromQuery, ...others } = rest;
    token = fromQuery || token;
    rest = others;
  }
  await refuseReplay(ctx, endpoint, all, token);
  const cacheMs = sessionCacheMs(endpoint.method, ctx.config.SESSION_CACHE_SECONDS);
  const user = token
    ? await resolveToken(ctx.database.db, token, cacheMs, ctx.config.SESSION_CACHE_SECONDS * 1000)
    : null;
  if (endpoint.auth !== 'none' && !user) throw loginRequired();
  if (endpoint.auth === 'admin' && user?.role !== 'admin') throw forbidden();
  if (endpoint.auth === 'operator' && user?.role !== 'admin' && user?.role !== 'operator') throw consoleOnly();
  for (const [name, msg] of Object.entries(missing ?? {})) if (rest[name] === undefined) throw new AppError(msg);
  const params = parseParams(endpoint.params, rest);
  if (endpoint.paid && user) await takePaidCall(ctx, user.id);
  return { params, user: user as SessionUser, token, req, reply };
}

/**
 * A plugin of routes that read their own multipart body as a stream (recordings): only its scope lets
 * multipart through, so every other route still refuses it. Register it with `scope.register`.
 */
export function multipartRoutes(ctx: AppContext, routes: RouteDef[]) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    registerRoutes(scope, ctx, routes);
  };
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: RouteDef[]): void {
  const streams: OpenStreams = new Set();
  for (const def of routes) {
    app.route({
      method: def.endpoint.method,
      url: def.endpoint.path,
      config: { endpoint: def.endpoint },
      handler: async (req, reply) => {
        const call = await admit(ctx, def, req, reply);
        if (def.kind === 'stream') {
          const body = await def.handler(call);
          return openEventStream(reply, body, { heartbeatMs: def.heartbeatMs, log: req.log, open: streams });
        }
        const result = await def.handler(call);
        if (reply.sent) return reply;
        return result instanceof Ok
          ? envelope(ctx.config, 0, result.msg, result.data)
          : envelope(ctx.config, 0, 'ok', result);
      },
    });
  }
  // Open streams never end by themselves: a stopping server ends them rather than wait for their clients.
  if (routes.some((r) => r.kind === 'stream'))
    app.addHook('preClose', (done) => {
      for (const stop of [...streams]) stop();
      done();
    });
  if (!routes.length) app.log.debug(protocolMessages.notFound);
}
