import { createHash } from 'node:crypto';
import {
  createRedeemCodes,
  DEFAULT_SIGN_SECRET,
  login,
  newNonce,
  NONCE_PARAM,
  ReplyCode,
  signaturePayload,
  type DataOf,
  type Endpoint,
  type Envelope,
  type ParamsOf,
} from '@app/contract';

/**
 * Calls the running app from the test itself (not the browser), signed as the web client signs:
 * the app under test runs with the default secret, like a newcomer's `npm start`.
 */
export async function signedCall<E extends Endpoint>(
  baseURL: string,
  endpoint: E,
  params: ParamsOf<E>,
  token?: string,
): Promise<Envelope<DataOf<E>>> {
  const wire: Record<string, string> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') wire[key] = String(value);
  }
  const isGet = endpoint.method === 'GET';
  // As the web client does for writes, so two identical calls in one second are not refused as a replay.
  if (!isGet) wire[NONCE_PARAM] = newNonce();
  wire.timestamp = String(Math.floor(Date.now() / 1000));
  wire.sign = createHash('md5').update(signaturePayload(wire, DEFAULT_SIGN_SECRET)).digest('hex');
  const form = new URLSearchParams(wire).toString();
  const reply = await fetch(isGet ? `${baseURL}${endpoint.path}?${form}` : `${baseURL}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(token ? { 'x-token': token } : {}),
      ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: isGet ? undefined : form,
    signal: AbortSignal.timeout(15_000),
  });
  if (!reply.ok) throw new Error(`${endpoint.path}: HTTP ${reply.status} ${(await reply.text()).slice(0, 300)}`);
  return (await reply.json()) as Envelope<DataOf<E>>;
}

/** Fails with the server's message instead of handing back a refusal. */
function unwrap<T>(path: string, reply: Envelope<T>): T {
  if (reply.code !== ReplyCode.ok) throw new Error(`${path}: code ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Logs in as the operator account the harness created, as an operator would. */
export async function adminToken(baseURL: string, password: string): Promise<string> {
  const reply = await signedCall(baseURL, login, { username: 'admin', password, client: 'pc' });
  return unwrap(login.path, reply).token;
}

/** New redeem codes made through the admin call. */
export async function makeRedeemCodes(
  baseURL: string,
  token: string,
  params: ParamsOf<typeof createRedeemCodes>,
): Promise<string[]> {
  const reply = await signedCall(baseURL, createRedeemCodes, params, token);
  return unwrap(createRedeemCodes.path, reply).list;
}
