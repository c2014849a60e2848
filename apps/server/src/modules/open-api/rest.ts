import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { openApiErrors, protocolMessages, type OpenApiErrorName } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import { CreditsShort } from '../billing/index.js';
import { UploadTooLarge } from '../files/index.js';
import type { Claim } from './idempotency.js';

/** The caller a valid key stands for: the key and its owner, whose credits and files the call uses. */
export interface ApiCaller {
  keyId: number;
  userId: number;
}

export type Language = 'zh' | 'en';

/** A refusal of the open API: its HTTP status and code from `openApiErrors`, and what exactly was wrong. */
export class ApiFailure extends Error {
  constructor(
    readonly kind: OpenApiErrorName,
    readonly detail?: { zh: string; en: string },
  ) {
    super(kind);
  }
}

/** What a handler gets: the caller, the parsed query and body, and the raw request. */
export interface RestCall<Q, B> {
  caller: ApiCaller;
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Language;
  /** A `raw` call's body as it streams in. */
  upload: Readable;
  /** With an `Idempotency-Key`: records what the call made in the transaction that made it. */
  claim: Claim | null;
}

/**
 * How a call answers on success, as HeyGen's do: the v1 calls `{ code: 100, data, message }`, the v2
 * calls `{ error: null, data }`. Every refusal is `{ error: { code, message }, data: null }` with its status.
 */
export type ReplyShape = 'v1' | 'v2';

export interface RestRoute<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'DELETE';
  path: `/v1/${string}` | `/v2/${string}`;
  operationId: string;
  summary: string;
  description?: string;
  shape: ReplyShape;
  query?: Q;
  /** A JSON body; `raw` for a call that reads the request body itself (an asset upload). */
  body?: B;
  raw?: { contentTypes: readonly string[]; description: string };
  data: D;
  /** The call creates something: an `Idempotency-Key` header makes a repeat answer the first reply. */
  creates?: boolean;
  handler(call: RestCall<z.output<Q>, z.output<B>>): Promise<z.input<D>>;
}

export const restRoute = <Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(r: RestRoute<Q, B, D>) =>
  r as unknown as RestRoute;

export const languageOf = (req: FastifyRequest): Language =>
  /^\s*en\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh';

export const success = (shape: ReplyShape, data: unknown) =>
  shape === 'v1' ? { code: 100, data, message: 'Success' } : { error: null, data };

/** The refusal body and status of an error thrown anywhere in a call. */
export function failureOf(e: unknown, lang: Language): { status: number; body: unknown; unexpected: boolean } {
  let kind: OpenApiErrorName;
  let detail: { zh: string; en: string } | undefined;
  let unexpected = false;
  if (e instanceof ApiFailure) {
    kind = e.kind;
    detail = e.detail;
  } else if (e instanceof UploadTooLarge) {
    kind = 'assetTooLarge';
  } else if (e instanceof CreditsShort) {
    kind = 'insufficientCredit';
    detail = { zh: e.message, en: `Not enough credits: ${e.needed} needed, ${e.balance} available` };
  } else if (e instanceof AppError && e.message === protocolMessages.tooMany) {
    // The account's budget of paid calls a minute, shared with the web app.
    kind = 'rateLimited';
  } else if (e instanceof AppError) {
    // The producers' refusals are written for the studio's users, in Chinese only.
    kind = 'refused';
    detail = { zh: e.message, en: `Request refused: ${e.message}` };
  } else if (e instanceof z.ZodError) {
    kind = 'invalidParameter';
    detail = zodDetail(e);
  } else if ((e as FastifyError | undefined)?.statusCode === 429) {
    kind = 'rateLimited';
  } else if ((e as FastifyError | undefined)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    kind = 'invalidJson';
  } else if ((e as FastifyError | undefined)?.statusCode === 413) {
    kind = 'assetTooLarge';
  } else {
    kind = 'internal';
    unexpected = true;
  }
  const known = openApiErrors[kind];
  const message = detail ? detail[lang] : known[lang];
  return { status: known.status, body: { error: { code: known.code, message }, data: null }, unexpected };
}

/** A zod failure as one line: the first problem with where it is (`video_inputs.0.voice.voice_id`). */
function zodDetail(e: z.ZodError): { zh: string; en: string } {
  const issue = e.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '';
  const what = issue?.message ?? '';
  return {
    zh: `${openApiErrors.invalidParameter.zh}${where ? `：${where}` : ''}${what ? `（${what}）` : ''}`,
    en: `${openApiErrors.invalidParameter.en}${where ? `: ${where}` : ''}${what ? ` (${what})` : ''}`,
  };
}

/** Sends the refusal of `e` (logging what is ours to fix). */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  const f = failureOf(e, languageOf(req));
  if (f.unexpected) req.log.error({ err: e }, 'open api call failed');
  return reply.code(f.status).send(f.body);
}

/** JSON bodies in this scope only: the rest of the app speaks forms. */
export function acceptJson(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiFailure('invalidJson'), undefined);
    }
  });
}
