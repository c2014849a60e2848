import { md5 } from './md5';
import { signaturePayload } from '@app/contract';

export type WireParams = Record<string, string>;

/** Turn typed params into form strings; undefined and null are left out. */
export function toWireParams(params: Record<string, unknown>): WireParams {
  const wire: WireParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') wire[key] = String(value);
    else wire[key] = JSON.stringify(value);
  }
  return wire;
}

/** Adds `timestamp` (unix seconds) and `sign` as the wire protocol requires. */
export function signParams(params: WireParams, secret: string, nowMs: number = Date.now()): WireParams {
  const withTime: WireParams = {
    ...params,
    timestamp: String(Math.floor(nowMs / 1000)),
  };
  return { ...withTime, sign: md5(signaturePayload(withTime, secret)) };
}
