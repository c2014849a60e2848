import type { z } from 'zod';

/**
 * Who may call an endpoint: anyone, any logged-in account (guests included), the console's staff
 * (operators and administrators), or administrators only.
 */
export type EndpointAuth = 'none' | 'user' | 'operator' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface Endpoint<P extends z.ZodObject = z.ZodObject, D extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path under the site root, always starting with /api/. */
  path: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  params: P;
  data: D;
  /** True for the protocol's no-check calls (streams, downloads): no signature required. */
  noSign?: boolean;
  /**
   * True for calls that spend credits or a paid engine's time (a video, a clone, a trial synthesis, a
   * text-model call): each account gets at most PAID_CALLS_PER_MINUTE of them a minute, on every process.
   */
  paid?: boolean;
}

export function endpoint<P extends z.ZodObject, D extends z.ZodType>(def: Endpoint<P, D>): Endpoint<P, D> {
  return def;
}

/** What a client passes: every param as a string or number (the wire is form-encoded text). */
export type ParamsOf<E extends Endpoint> = {
  [K in keyof z.input<E['params']>]?: string | number | null | undefined;
};
export type ParsedParamsOf<E extends Endpoint> = z.output<E['params']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** The reply envelope of every /api call. */
export const ReplyCode = { ok: 0, fail: 1, login: 100 } as const;
export type ReplyCodeValue = (typeof ReplyCode)[keyof typeof ReplyCode];

export interface Envelope<T = unknown> {
  code: ReplyCodeValue;
  msg: string;
  data: T;
  encrypt?: 1;
}
