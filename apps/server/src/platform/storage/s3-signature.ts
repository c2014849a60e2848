import { createHash, createHmac } from 'node:crypto';

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export const encodePath = (path: string) => path.split('/').map(uriEncode).join('/');

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function signingKey(secret: string, shortDate: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, shortDate), region), service), 'aws4_request');
}

export const canonicalQuery = (q: Record<string, string>) =>
  Object.keys(q)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(q[k] ?? '')}`)
    .join('&');

export interface PresignGet {
  /** e.g. http://127.0.0.1:9000 or https://bucket.s3.amazonaws.com */
  origin: string;
  /** Unencoded path: /bucket/key (path style) or /key. */
  path: string;
  accessKeyId: string;
  secret: string;
  region: string;
  expiresIn: number;
  now?: Date;
  /** Extra signed query params such as response-content-disposition. */
  query?: Record<string, string>;
}

/**
 * A SigV4 query-signed GET URL (UNSIGNED-PAYLOAD, host header only). Synchronous, so lists can sign
 * URLs without awaiting; checked against the AWS reference example and the SDK presigner.
 */
export function presignS3Get(p: PresignGet): string {
  const now = p.now ?? new Date();
  const date = amzDate(now);
  const shortDate = date.slice(0, 8);
  const scope = `${shortDate}/${p.region}/s3/aws4_request`;
  const host = new URL(p.origin).host;
  const query: Record<string, string> = {
    ...p.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${p.accessKeyId}/${scope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(p.expiresIn),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonical = [
    'GET',
    encodePath(p.path),
    canonicalQuery(query),
    `host:${host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(p.secret, shortDate, p.region))
    .update(toSign)
    .digest('hex');
  return `${p.origin}${encodePath(p.path)}?${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
}
