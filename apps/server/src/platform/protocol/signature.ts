import { createHash, timingSafeEqual } from 'node:crypto';
import { protocolMessages, signaturePayload, SIGN_WINDOW_SECONDS } from '@app/contract';
import { AppError } from '../errors.js';

export function signParams(params: Record<string, string>, secret: string): string {
  return createHash('md5').update(signaturePayload(params, secret), 'utf8').digest('hex');
}

/** Checks `sign` and the 300 s `timestamp` window; throws the protocol's two messages. */
export function verifySignature(params: Record<string, string>, secret: string, nowSeconds = Date.now() / 1000): void {
  const sign = params.sign;
  const ts = params.timestamp;
  if (!sign || !ts || !/^[0-9a-f]{32}$/i.test(sign)) throw new AppError(protocolMessages.badSign);
  const expected = Buffer.from(signParams(params, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), 'hex'))) throw new AppError(protocolMessages.badSign);
  const t = Number(ts);
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowSeconds - t) > SIGN_WINDOW_SECONDS) throw new AppError(protocolMessages.expired);
}
