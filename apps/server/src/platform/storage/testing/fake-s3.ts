import { createHash, createHmac } from 'node:crypto';
import { canonicalQuery, signingKey } from '../s3-signature.js';
import {
  listen,
  readForm,
  responseOverrides,
  sameSignature,
  sendObject,
  ServiceError,
  type FakeObject,
} from './fake-store.js';
import type { FakeRequest } from '../../../../test/loopback-fake.js';

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

interface Creds {
  bucket: string;
  accessKeyId: string;
  secret: string;
  region: string;
}

/** SigV4 as S3 checks it: canonical request from what arrived, scope, derived key, HMAC. */
function expectedSignature(
  creds: Creds,
  req: FakeRequest,
  query: Record<string, string>,
  signedHeaders: string,
  date: string,
  payloadHash: string,
) {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const headers = signedHeaders
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, path, canonicalQuery(query), headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date.slice(0, 8)}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  return createHmac('sha256', signingKey(creds.secret, date.slice(0, 8), creds.region))
    .update(toSign)
    .digest('hex');
}

type Condition = Record<string, string> | [string, string | number, string | number];

/** A presigned POST: signature over the policy, expiry, every condition, and no field the policy does not name. */
function checkPost(creds: Creds, fields: Record<string, string>, file: Buffer | null): void {
  const date = fields['X-Amz-Date'] ?? '';
  const sig = createHmac('sha256', signingKey(creds.secret, date.slice(0, 8), creds.region))
    .update(fields.Policy ?? '')
    .digest('hex');
  if (!fields['X-Amz-Credential']?.startsWith(`${creds.accessKeyId}/`))
    throw new ServiceError(403, 'InvalidAccessKeyId');
  if (!sameSignature(sig, fields['X-Amz-Signature'] ?? '')) throw new ServiceError(403, 'SignatureDoesNotMatch');
  const doc = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString()) as {
    expiration: string;
    conditions: Condition[];
  };
  if (Date.parse(doc.expiration) < Date.now()) throw new ServiceError(403, 'AccessDenied');
  const named = new Set(['policy', 'x-amz-signature', 'file']);
  const lower = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  for (const c of doc.conditions) {
    if (!Array.isArray(c)) {
      for (const [k, v] of Object.entries(c)) {
        named.add(k.toLowerCase());
        if ((k === 'bucket' ? creds.bucket : lower[k.toLowerCase()]) !== v) throw new ServiceError(403, 'AccessDenied');
      }
    } else if (c[0] === 'content-length-range') {
      if (!file || file.length < Number(c[1]) || file.length > Number(c[2]))
        throw new ServiceError(400, 'EntityTooLarge');
    } else {
      const name = String(c[1]).replace(/^\$/, '').toLowerCase();
      named.add(name);
      const ok = c[0] === 'starts-with' ? (lower[name] ?? '').startsWith(String(c[2])) : lower[name] === String(c[2]);
      if (!ok) throw new ServiceError(403, 'AccessDenied');
    }
  }
  const extra = Object.keys(lower).filter((k) => !named.has(k) && !k.startsWith('x-ignore-'));
  if (extra.length) throw new ServiceError(403, 'AccessDenied');
}

/**
 * An S3-compatible service (path-style, one bucket), checking SigV4 like S3 and MinIO: on loopback, or on
 * `host` when it plays a host of its own in the cluster test.
 */
export async function startFakeS3(creds: Creds, host?: string) {
  const objects = new Map<string, FakeObject>();
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== creds.bucket) throw new ServiceError(404, 'NoSuchBucket');
    const key = rest.map(decodeURIComponent).join('/');
    if (req.method === 'POST' && !key) {
      const { fields, file } = await readForm(req);
      checkPost(creds, fields, file);
      objects.set(fields.key ?? '', {
        body: file ?? Buffer.alloc(0),
        type: fields['Content-Type'] ?? 'application/octet-stream',
        modified: new Date(),
      });
      res.writeHead(Number(fields.success_action_status ?? 204)).end();
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    let body: Buffer | null = null;
    if (query['X-Amz-Signature']) {
      const { 'X-Amz-Signature': given, ...signed } = query;
      const date = signed['X-Amz-Date'] ?? '';
      const issued = Date.parse(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
      );
      if (issued + Number(signed['X-Amz-Expires']) * 1000 < Date.now()) throw new ServiceError(403, 'AccessDenied');
      if (!signed['X-Amz-Credential']?.startsWith(`${creds.accessKeyId}/`))
        throw new ServiceError(403, 'InvalidAccessKeyId');
      const want = expectedSignature(
        creds,
        req,
        signed,
        signed['X-Amz-SignedHeaders'] ?? 'host',
        date,
        'UNSIGNED-PAYLOAD',
      );
      if (!sameSignature(want, given ?? '')) throw new ServiceError(403, 'SignatureDoesNotMatch');
    } else {
      const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
        String(req.headers.authorization ?? ''),
      );
      if (!auth || auth[1] !== creds.accessKeyId) throw new ServiceError(403, 'InvalidAccessKeyId');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      body = req.method === 'PUT' ? req.raw : null;
      if (body && payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
        throw new ServiceError(400, 'XAmzContentSHA256Mismatch');
      const want = expectedSignature(
        creds,
        req,
        query,
        auth[2] ?? '',
        String(req.headers['x-amz-date'] ?? ''),
        payloadHash,
      );
      if (!sameSignature(want, auth[3] ?? '')) throw new ServiceError(403, 'SignatureDoesNotMatch');
    }
    const obj = objects.get(key);
    if (req.method === 'PUT') {
      objects.set(key, {
        body: body ?? Buffer.alloc(0),
        type: String(req.headers['content-type'] ?? 'application/octet-stream'),
        modified: new Date(),
      });
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!obj) {
      throw new ServiceError(404, 'NoSuchKey');
    } else {
      sendObject(res, obj, req.headers.range, responseOverrides(query), req.method === 'HEAD');
    }
  }, host);
  return { ...server, objects };
}
