import {
  newNonce,
  NONCE_PARAM,
  ReplyCode,
  type DataOf,
  type Endpoint,
  type Envelope,
  type ParamsOf,
} from '@app/contract';
import { env } from './env';
import { feedback } from './feedback';
import { startGuestCall, type EndpointRef } from './first-paint-endpoints';
import { clientMessages } from './messages';
import { decryptReplyData } from './reply-decryption';
import { signParams, toWireParams } from './request-signature';
import { clearToken, currentRoute, loginRoute, onLoginPage, readToken, saveToken } from './session';

const TIMEOUT_MS = 30_000;

/** A reply with code 1 or 100, or a transport failure (code -1). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Show the reply msg as a success toast; a string is the text used when the msg is empty. */
  success?: boolean | string;
  /** Do not toast failures; the caller handles them. */
  quiet?: boolean;
  /** How long to wait for the reply, for a call that makes something before it answers (30 s otherwise). */
  timeoutMs?: number;
}

function send(
  method: string,
  path: string,
  params: Record<string, string>,
  token: string | null,
  timeoutMs = TIMEOUT_MS,
): Promise<Response> {
  const form = new URLSearchParams(params).toString();
  const headers: Record<string, string> = {};
  if (token) headers['x-token'] = token;
  const init: RequestInit = {
    method,
    headers,
    signal: AbortSignal.timeout(timeoutMs),
  };
  let url = `${env.VITE_API_BASE}${path}`;
  if (method === 'GET') url += `?${form}`;
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = form;
  }
  return fetch(url, init);
}

/** The server is unreachable or broke before answering with an envelope. */
class UnavailableError extends Error {}

async function readEnvelope(response: Response): Promise<Envelope> {
  if (!response.ok) throw new UnavailableError(String(response.status));
  const body = (await response.json()) as Envelope;
  if (typeof body !== 'object' || body === null || typeof body.code !== 'number') throw new Error('bad envelope');
  if (body.encrypt === 1 && typeof body.data === 'string' && env.VITE_ENCRYPT_KEY && env.VITE_ENCRYPT_IV) {
    return {
      ...body,
      data: await decryptReplyData(body.data, env.VITE_ENCRYPT_KEY, env.VITE_ENCRYPT_IV),
    };
  }
  return body;
}

let guestStart: Promise<string> | null = null;

/** A newcomer without a token gets a guest account before the first call that needs one. */
function ensureToken(): Promise<string> {
  const token = readToken();
  if (token) return Promise.resolve(token);
  // Someone who just logged out or was sent to log in is not turned into a new guest behind their back.
  if (onLoginPage()) return Promise.reject(new ApiError('', ReplyCode.login));
  guestStart ??= call(startGuestCall, {}, { quiet: true })
    .then(({ token: guestToken }) => {
      saveToken(guestToken, false);
      return guestToken;
    })
    .finally(() => {
      guestStart = null;
    });
  return guestStart;
}

function goToLogin(): void {
  if (!onLoginPage()) window.location.hash = `#${loginRoute(currentRoute())}`;
}

/** A reply that drifted from the contract is logged, not fatal: the page may still render it. */
function warnDrift(path: string, issues: unknown): void {
  console.warn(`${path}: reply does not match the contract`, issues);
}

/** First-paint replies waiting to be checked, and whether a check is scheduled. */
const unchecked: { ref: EndpointRef; data: unknown }[] = [];
let checkScheduled = false;

/** How long after a first-paint reply its check waits: the page is drawn by then and zod loads off its path. */
const CHECK_DELAY_MS = 5_000;

/** Checks first-paint replies a little later, once their endpoints' schemas have loaded (they are not in the first load). */
function checkLater(ref: EndpointRef, data: unknown): void {
  unchecked.push({ ref, data });
  if (checkScheduled) return;
  checkScheduled = true;
  setTimeout(() => {
    void import('./first-paint-contract').then((contract) => {
      checkScheduled = false;
      for (const { ref: r, data: d } of unchecked.splice(0)) {
        const parsed = contract[r.name].data.safeParse(d);
        if (!parsed.success) warnDrift(r.path, parsed.error.issues);
      }
    });
  }, CHECK_DELAY_MS);
}

/**
 * Call one API endpoint of the contract: signs, sends x-token, unwraps the envelope. First-paint code
 * passes an EndpointRef instead of the endpoint: its reply is handed over at once and checked later.
 */
export async function call<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  params: ParamsOf<E>,
  options: CallOptions = {},
): Promise<DataOf<E>> {
  const token = endpoint.auth === 'none' ? readToken() : await ensureToken();
  const plain = toWireParams(params as Record<string, unknown>);
  // The server refuses a write whose signature it has seen: two identical writes in one second must differ.
  if (endpoint.method !== 'GET') plain[NONCE_PARAM] = newNonce();
  const wire = signParams(plain, env.VITE_SIGN_SECRET);
  let reply: Envelope;
  try {
    reply = await readEnvelope(await send(endpoint.method, endpoint.path, wire, token, options.timeoutMs));
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const text = timedOut
      ? clientMessages.timeout
      : error instanceof TypeError
        ? clientMessages.network
        : error instanceof UnavailableError
          ? clientMessages.unavailable
          : clientMessages.badReply;
    if (!options.quiet) feedback.error(text, 'api-transport');
    throw new ApiError(text, -1);
  }
  if (reply.code === ReplyCode.login) {
    goToLogin();
    clearToken();
    throw new ApiError(reply.msg, reply.code, reply.data);
  }
  if (reply.code !== ReplyCode.ok) {
    if (!options.quiet) feedback.error(reply.msg);
    throw new ApiError(reply.msg, reply.code, reply.data);
  }
  if (options.success) feedback.success(reply.msg || (typeof options.success === 'string' ? options.success : ''));
  if (!('data' in endpoint)) {
    checkLater(endpoint, reply.data);
    return reply.data as DataOf<E>;
  }
  const parsed = endpoint.data.safeParse(reply.data);
  if (parsed.success) return parsed.data as DataOf<E>;
  warnDrift(endpoint.path, parsed.error.issues);
  return reply.data as DataOf<E>;
}
