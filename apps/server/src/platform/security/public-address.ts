import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * Links the server fetches on a user's behalf must lead to the public internet: never to this host,
 * the private network or a cloud metadata service. Every hop is checked, and the connection is made
 * to the very address that was checked, so a name cannot resolve to a public address for the check
 * and to a private one for the connection.
 */

const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(addr, prefix, 'ipv6');

/** Why a link was refused: not http(s), a non-public address, or a name that resolves to nothing. */
export type LinkRefusalReason = 'scheme' | 'private' | 'unresolvable';

export class LinkRefusal extends Error {
  constructor(
    readonly reason: LinkRefusalReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** What a caller may reach beyond the public internet: only ever set by tests (exact addresses). */
export interface AddressPolicy {
  allowedAddresses?: readonly string[];
}

/**
 * The IPv4 addresses an IPv6 address carries inside it and reaches through: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), SIIT-translated (`::ffff:0:a.b.c.d`), 6to4
 * (`2002:AABB:CCDD::/48`) and Teredo (`2001:0::/32`: its server, and its client stored inverted).
 * Empty for every other IPv6 address. (NAT64, `64:ff9b::/96` and `64:ff9b:1::/48`, is refused whole.)
 */
function embeddedIPv4(address: string): string[] {
  const p = ipaddr.IPv6.parse(address).parts;
  const v4 = (hi: number, lo: number) => ipaddr.fromByteArray([hi >> 8, hi & 255, lo >> 8, lo & 255]).toString();
  const zero = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && (p[5] === 0xffff || p[5] === 0)) return [v4(p[6]!, p[7]!)];
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
  return [];
}

/** True for an address on the public internet; an IPv6 address that carries an IPv4 one is judged by it too. */
export function isPublicAddress(address: string, policy: AddressPolicy = {}): boolean {
  const family = net.isIP(address);
  if (!family) return false;
  if (policy.allowedAddresses?.includes(address)) return true;
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return false;
  return embeddedIPv4(address).every((v4) => isPublicAddress(v4, policy));
}

/** Resolves `host` and refuses it unless every address it has is public; returns the first. */
export async function resolvePublic(
  host: string,
  policy: AddressPolicy = {},
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(bare);
  const found = literal
    ? [{ address: bare, family: literal }]
    : await dns.promises.lookup(bare, { all: true, verbatim: true }).catch(() => []);
  if (!found.length) throw new LinkRefusal('unresolvable', host);
  for (const a of found)
    if (!isPublicAddress(a.address, policy)) throw new LinkRefusal('private', `${host} → ${a.address}`);
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A URL the server may fetch: http or https only, no credentials in it. */
export function parseWebUrl(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new LinkRefusal('scheme', link);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LinkRefusal('scheme', url.protocol);
  if (url.username || url.password) throw new LinkRefusal('scheme', 'credentials in link');
  return url;
}

/** A `lookup` for node's http(s) and net: connects only to the public address it has just checked. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, policy).then(
      ({ address, family }) => {
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (e: unknown) => callback(e as NodeJS.ErrnoException, '', 0),
    );
  };
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  /** The URL of the last hop. */
  url: string;
}

export interface GuardedFetchOptions extends AddressPolicy {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  maxRedirects?: number;
  timeoutMs?: number;
}

/** A POST's body; a POST follows only the redirects that keep its method and body (307, 308). */
export interface GuardedPost extends GuardedFetchOptions {
  body: string | Buffer;
}

/** A GET that checks the address of every hop, redirects included, before connecting to it. */
export const guardedGet = (link: string, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> =>
  guardedRequest('GET', link, opts);

/**
 * A POST under the same rule: every hop checked before connecting. A redirect that would turn it into
 * a GET (301, 302, 303) is not followed: its answer is returned as it is.
 */
export const guardedPost = (link: string, opts: GuardedPost): Promise<GuardedResponse> =>
  guardedRequest('POST', link, opts);

/**
 * An OPTIONS request under the same rule (a receiver's address checked before anything is sent to it):
 * redirects are followed as a GET's are, every hop checked.
 */
export const guardedOptions = (link: string, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> =>
  guardedRequest('OPTIONS', link, opts);

const KEEPS_METHOD = new Set([307, 308]);

type GuardedMethod = 'GET' | 'POST' | 'OPTIONS';

async function guardedRequest(
  method: GuardedMethod,
  link: string,
  opts: GuardedFetchOptions & { body?: string | Buffer },
): Promise<GuardedResponse> {
  let url = parseWebUrl(link);
  for (let hop = 0; ; hop++) {
    await resolvePublic(url.hostname, opts);
    const res = await requestOnce(method, url, opts);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location && (method !== 'POST' || KEEPS_METHOD.has(status))) {
      res.resume();
      if (hop >= (opts.maxRedirects ?? 5)) throw new Error('too many redirects');
      url = parseWebUrl(new URL(location, url).toString());
      continue;
    }
    return { status, headers: res.headers, body: res, url: url.toString() };
  }
}

function requestOnce(
  method: GuardedMethod,
  url: URL,
  opts: GuardedFetchOptions & { body?: string | Buffer },
): Promise<http.IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        lookup: guardedLookup(opts),
        headers: { 'user-agent': 'Mozilla/5.0', ...opts.headers },
        signal: opts.signal,
        timeout: opts.timeoutMs ?? 30_000,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(opts.body);
  });
}
