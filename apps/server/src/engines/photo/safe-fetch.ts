import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isPublicAddress } from '../../platform/security/public-address.js';

/** The refusal of a link that does not lead to the public web. */
export class UnsafeLinkError extends Error {
  override readonly name = 'UnsafeLinkError';
}

export interface LinkPolicy {
  /** Hosts trusted although they are not public (an operator's own vendor gateway, a test's loopback fake). */
  trustedHosts?: readonly string[];
}

/** Throws unless `url` is http(s) and every address its host resolves to is on the public web. */
export async function assertPublicUrl(url: string, policy: LinkPolicy = {}): Promise<URL> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UnsafeLinkError(`not a URL: ${url.slice(0, 100)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UnsafeLinkError(`not http(s): ${u.protocol}`);
  if (u.username || u.password) throw new UnsafeLinkError('credentials in a link');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (policy.trustedHosts?.includes(host)) return u;
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (!addresses.length || !addresses.every((a) => isPublicAddress(a)))
    throw new UnsafeLinkError(`not a public address: ${host}`);
  return u;
}

/**
 * Streams a vendor's result link to a file, following at most 5 redirects by hand so that each hop is
 * checked to be a public address first. A partial file is removed on failure.
 */
export async function downloadPublic(
  url: string,
  file: string,
  opts: LinkPolicy & { signal?: AbortSignal; timeoutMs?: number },
): Promise<void> {
  let next = url;
  for (let hop = 0; hop <= 5; hop++) {
    const u = await assertPublicUrl(next, opts);
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? 300_000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const res = await fetch(u, { redirect: 'manual', signal });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (!location) throw new Error(`redirect without a location (HTTP ${res.status})`);
      next = new URL(location, u).toString();
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`GET ${u.pathname}: HTTP ${res.status}`);
    }
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file), { signal });
      return;
    } catch (e) {
      await rm(file, { force: true });
      throw e;
    }
  }
  throw new UnsafeLinkError('too many redirects');
}
