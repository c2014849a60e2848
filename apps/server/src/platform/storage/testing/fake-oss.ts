import { ossSign } from '../oss-signature.js';
import { OssRefusal, verifyOssPost } from '../upload-policy.js';
import {
  listen,
  readForm,
  responseOverrides,
  sameSignature,
  sendObject,
  ServiceError,
  type FakeObject,
} from './fake-store.js';

/**
 * Aliyun OSS on loopback, for one bucket addressed as its own host: V1 Authorization headers,
 * query-signed GET URLs (Expires) with their response-* overrides, and PostObject forms checked
 * against their policy, refused with 409 FileAlreadyExists when `x-oss-forbid-overwrite` is true and
 * the key is taken.
 */
export async function startFakeOss(creds: { bucket: string; accessKeyId: string; secret: string }) {
  const objects = new Map<string, FakeObject>();
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.slice(1));
    if (req.method === 'POST' && url.pathname === '/') {
      const { fields, file } = await readForm(req);
      try {
        const range = verifyOssPost(fields, creds);
        if (!file) throw new OssRefusal(400, 'InvalidArgument', 'file');
        if (file.length > range.maxBytes) throw new OssRefusal(400, 'EntityTooLarge', 'too large');
        if (file.length < range.minBytes) throw new OssRefusal(400, 'EntityTooSmall', 'too small');
        // Checked and stored with no await between: of two posts to one new key, one wins.
        if (fields['x-oss-forbid-overwrite'] === 'true' && objects.has(fields.key!))
          throw new OssRefusal(
            409,
            'FileAlreadyExists',
            'The object you specified already exists and can not be overwritten.',
          );
      } catch (e) {
        throw e instanceof OssRefusal ? new ServiceError(e.status, e.code, e.message) : e;
      }
      objects.set(fields.key!, { body: file, type: 'application/octet-stream', modified: new Date() });
      res.writeHead(Number(fields.success_action_status ?? 204)).end();
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    const header = (n: string) => String(req.headers[n] ?? '');
    const ossHeaders = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k.startsWith('x-oss-'))
        .map(([k, v]) => [k, String(v)]),
    );
    if (query.Signature) {
      if (Number(query.Expires) < Date.now() / 1000) throw new ServiceError(403, 'AccessDenied');
      const want = ossSign(creds.secret, {
        method: req.method ?? 'GET',
        bucket: creds.bucket,
        key,
        date: query.Expires ?? '',
        query,
      });
      if (query.OSSAccessKeyId !== creds.accessKeyId || !sameSignature(want, query.Signature))
        throw new ServiceError(403, 'SignatureDoesNotMatch');
    } else {
      const [scheme, pair] = header('authorization').split(' ');
      const [id, sig] = (pair ?? '').split(':');
      const want = ossSign(creds.secret, {
        method: req.method ?? 'GET',
        bucket: creds.bucket,
        key,
        contentMd5: header('content-md5'),
        contentType: header('content-type'),
        date: header('date'),
        headers: ossHeaders,
        query,
      });
      if (scheme !== 'OSS' || id !== creds.accessKeyId || !sameSignature(want, sig ?? ''))
        throw new ServiceError(403, 'SignatureDoesNotMatch');
      if (Math.abs(Date.parse(header('date')) - Date.now()) > 15 * 60_000)
        throw new ServiceError(403, 'RequestTimeTooSkewed');
    }
    const obj = objects.get(key);
    if (req.method === 'PUT') {
      objects.set(key, {
        body: req.raw,
        type: header('content-type') || 'application/octet-stream',
        modified: new Date(),
      });
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!obj) {
      throw new ServiceError(404, 'NoSuchKey');
    } else {
      sendObject(res, obj, header('range') || undefined, responseOverrides(query), req.method === 'HEAD');
    }
  });
  return { ...server, objects };
}
