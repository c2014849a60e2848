import { createHmac } from 'node:crypto';

/** Sub-resources that take part in an OSS V1 signature (query parameters OSS itself interprets). */
const SIGNED_SUBRESOURCES = new Set([
  'acl',
  'uploads',
  'location',
  'cors',
  'logging',
  'website',
  'referer',
  'lifecycle',
  'delete',
  'append',
  'tagging',
  'objectMeta',
  'uploadId',
  'partNumber',
  'security-token',
  'position',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'x-oss-process',
  'restore',
  'symlink',
  'versionId',
  'versioning',
]);

export interface OssSignInput {
  method: string;
  bucket: string;
  key: string;
  /** Content-MD5, Content-Type and Date (or, for a signed URL, the Expires seconds). */
  contentMd5?: string;
  contentType?: string;
  date: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** The V1 string to sign: VERB, Content-MD5, Content-Type, Date, x-oss-* headers, canonical resource. */
export function ossStringToSign(i: OssSignInput): string {
  const ossHeaders = Object.entries(i.headers ?? {})
    .map(([k, v]) => [k.toLowerCase(), v.trim()] as const)
    .filter(([k]) => k.startsWith('x-oss-'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}:${v}\n`)
    .join('');
  const sub = Object.entries(i.query ?? {})
    .filter(([k]) => SIGNED_SUBRESOURCES.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
    .join('&');
  const resource = `/${i.bucket}/${i.key}${sub ? `?${sub}` : ''}`;
  return [i.method, i.contentMd5 ?? '', i.contentType ?? '', i.date, ossHeaders + resource].join('\n');
}

export const ossSign = (secret: string, input: OssSignInput) =>
  createHmac('sha1', secret).update(ossStringToSign(input)).digest('base64');
