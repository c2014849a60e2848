import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Aliyun OSS PostObject policy: base64 JSON with `expiration` and `conditions`, signed with
 * base64 HMAC-SHA1 of the base64 text. The local store verifies it exactly as OSS does.
 */
export interface PostPolicyRequest {
  /** The caller's folder; the policy only allows keys that start with it. */
  dir: string;
  maxBytes: number;
  /** Seconds until the policy expires. */
  expiresIn: number;
}

/** What the browser needs to POST a file straight to storage. */
export interface PostForm {
  host: string;
  accessKeyId: string;
  policy: string;
  signature: string;
  /** Unix seconds. */
  expire: number;
  /** Exact form fields besides `key` and `file`. */
  fields: Record<string, string>;
}

type Condition = Record<string, string> | [string, string | number, string | number];
interface PolicyDocument {
  expiration: string;
  conditions: Condition[];
}

export const signOssPolicy = (secret: string, policyBase64: string) =>
  createHmac('sha1', secret).update(policyBase64).digest('base64');

/**
 * The form for one upload. With `forbidOverwrite` (Aliyun OSS), the form carries
 * `x-oss-forbid-overwrite: true` and the signed policy demands it, so OSS refuses a post over an
 * object already stored (and perhaps registered). Without it the form has only the spec's fields: the
 * local store refuses overwrites by itself.
 */
export function buildOssPostForm(
  req: PostPolicyRequest,
  creds: { bucket: string; accessKeyId: string; secret: string; host: string; forbidOverwrite?: boolean },
  now = Date.now(),
): PostForm {
  const expire = Math.floor(now / 1000) + req.expiresIn;
  const doc: PolicyDocument = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      { bucket: creds.bucket },
      ['starts-with', '$key', req.dir],
      ['content-length-range', 1, req.maxBytes],
      ...(creds.forbidOverwrite ? [['eq', '$x-oss-forbid-overwrite', 'true'] as Condition] : []),
    ],
  };
  const policy = Buffer.from(JSON.stringify(doc)).toString('base64');
  const signature = signOssPolicy(creds.secret, policy);
  return {
    host: creds.host,
    accessKeyId: creds.accessKeyId,
    policy,
    signature,
    expire,
    fields: {
      OSSAccessKeyId: creds.accessKeyId,
      policy,
      signature,
      success_action_status: '200',
      ...(creds.forbidOverwrite ? { 'x-oss-forbid-overwrite': 'true' } : {}),
    },
  };
}

/** A refusal as OSS words it: HTTP status, error code and message of its XML error body. */
export class OssRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const policyFailed = (what: string) => new OssRefusal(403, 'AccessDenied', `Invalid according to Policy: ${what}`);

export function ossErrorXml(refusal: OssRefusal, requestId: string, hostId: string): string {
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n' +
    `  <Code>${esc(refusal.code)}</Code>\n  <Message>${esc(refusal.message)}</Message>\n` +
    `  <RequestId>${esc(requestId)}</RequestId>\n  <HostId>${esc(hostId)}</HostId>\n</Error>\n`
  );
}

export interface VerifiedPolicy {
  /** Bytes the file may have, inclusive. */
  minBytes: number;
  maxBytes: number;
}

function decodePolicy(policy: string): PolicyDocument {
  try {
    const doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PolicyDocument;
    if (typeof doc.expiration !== 'string' || !Array.isArray(doc.conditions)) throw new Error('shape');
    return doc;
  } catch {
    throw new OssRefusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
}

/**
 * Checks the form fields that come before the file, in the order OSS does: access key, signature,
 * policy expiry, then every condition. Returns the size range to enforce while the file streams.
 */
export function verifyOssPost(
  fields: Record<string, string>,
  creds: { bucket: string; accessKeyId: string; secret: string },
  now = Date.now(),
): VerifiedPolicy {
  const { OSSAccessKeyId: keyId, policy, signature } = fields;
  if (!fields.key) throw new OssRefusal(400, 'InvalidArgument', 'The key field is required.');
  if (!keyId || !policy || !signature)
    throw new OssRefusal(400, 'InvalidArgument', 'Post form must contain OSSAccessKeyId, policy and signature.');
  if (keyId !== creds.accessKeyId)
    throw new OssRefusal(
      403,
      'InvalidAccessKeyId',
      'The OSS Access Key Id you provided does not exist in our records.',
    );
  const expected = Buffer.from(signOssPolicy(creds.secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new OssRefusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  const doc = decodePolicy(policy);
  const expiration = Date.parse(doc.expiration);
  if (!Number.isFinite(expiration))
    throw new OssRefusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid expiration.');
  if (expiration < now) throw policyFailed('Policy expired.');
  const range: VerifiedPolicy = { minBytes: 0, maxBytes: Number.MAX_SAFE_INTEGER };
  const value = (name: string) =>
    name === 'bucket'
      ? creds.bucket
      : (fields[name] ?? fields[Object.keys(fields).find((k) => k.toLowerCase() === name) ?? ''] ?? '');
  for (const c of doc.conditions) {
    if (!Array.isArray(c)) {
      for (const [name, want] of Object.entries(c))
        if (value(name.toLowerCase()) !== String(want))
          throw policyFailed(`Policy Condition failed: ${JSON.stringify({ [name]: want })}`);
      continue;
    }
    const [op, a, b] = c;
    if (op === 'content-length-range') {
      range.minBytes = Math.max(range.minBytes, Number(a));
      range.maxBytes = Math.min(range.maxBytes, Number(b));
      continue;
    }
    const name = String(a).replace(/^\$/, '').toLowerCase();
    const ok =
      op === 'eq' ? value(name) === String(b) : op === 'starts-with' ? value(name).startsWith(String(b)) : false;
    if (!ok) throw policyFailed(`Policy Condition failed: ${JSON.stringify(c)}`);
  }
  return range;
}
