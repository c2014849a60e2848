import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataOf, Endpoint, ParsedParamsOf } from '@app/contract';
import { NONCE_PARAM, protocolMessages } from '@app/contract';
import { AppError, forbidden, loginRequired } from '../errors.js';
import { resolveToken, sessionCacheMs, type SessionUser } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { parseForm } from './form.js';
import { verifySignature } from './signature.js';
import { refuseReplay } from './replay.js';
import { parseParams } from './validation.js';
import { envelope } from './envelope.js';

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

export interface RouteDef {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
  missing?: Record<string, string>;
}

export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>, opts: RouteOptions<E> = {}): RouteDef {
  return { endpoint, handler: handler as unknown as Handler<Endpoint>, missing: opts.missing as Record<string, string> | undefined };
}

/** All params of a call: the query string, plus the form body for POST and DELETE. */
function collectParams(req: FastifyRequest): Record<string, string> {
  const qIndex = req.url.indexOf('?');
  const query = qIndex === -1 ? {} : parseForm(req.url.slice(qIndex + 1));
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};
  for (const k of Object.keys(body)) if (k in query) throw new AppError(`参数 ${k.slice(0, 40)} 重复`);
  return { ...query, ...body };
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: RouteDef[]): void {
  for (const { endpoint, handler, missing } of routes) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { endpoint },
      handler: async (req, reply) => {
        const all = collectParams(req);
        if (ctx.config.SIGN_REQUIRED && !endpoint.noSign) verifySignature(all, ctx.config.SIGN_SECRET);
        const token = String(req.headers['x-token'] ?? '');
        await refuseReplay(ctx, endpoint, all, token);
        const { sign: _s, timestamp: _t, [NONCE_PARAM]: _n, ...rest } = all;
        const cacheMs = sessionCacheMs(endpoint.method, ctx.config.SESSION_CACHE_SECONDS);
        const user = token ? await resolveToken(ctx.database.db, token, cacheMs) : null;
        if (endpoint.auth !== 'none' && !user) throw loginRequired();
        if (endpoint.auth === 'admin' && user?.role !== 'admin') throw forbidden();
        for (const [name, msg] of Object.entries(missing ?? {})) if (rest[name] === undefined) throw new AppError(msg);
        const params = parseParams(endpoint.params, rest);
        const result = await handler({ params, user: user as SessionUser, token, req, reply });
        if (reply.sent) return reply;
        return result instanceof Ok ? envelope(ctx.config, 0, result.msg, result.data) : envelope(ctx.config, 0, 'ok', result);
      },
    });
  }
  if (!routes.length) app.log.debug(protocolMessages.notFound);
}
