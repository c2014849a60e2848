import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { ossSign } from './oss-signature.js';
import { contentTypeOf } from './content-type.js';
import { downloadToScratch, encodeKeyPath, nodeStream } from './remote-file.js';
import {
  assertSafeKey,
  isPublicKey,
  signedResponseHeaders,
  type SignedUrlOptions,
  type StorageDriver,
  type StoredObject,
} from './types.js';
import { buildOssPostForm, type PostForm, type PostPolicyRequest } from './upload-policy.js';

export interface OssOptions {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The bucket's base URL; default https://{bucket}.{region}.aliyuncs.com. */
  endpoint?: string;
}

/** Aliyun OSS with V1 signatures: objects over its REST API, PostObject forms, signed GET URLs. */
export class OssStorage implements StorageDriver {
  readonly kind = 'oss' as const;
  readonly base: string;

  constructor(private readonly o: OssOptions) {
    const region = o.region.startsWith('oss-') ? o.region : `oss-${o.region}`;
    this.base = (o.endpoint ?? `https://${o.bucket}.${region}.aliyuncs.com`).replace(/\/+$/, '');
  }

  private async request(
    method: string,
    key: string,
    init: { body?: Buffer | Readable; contentType?: string; range?: string } = {},
  ): Promise<Response> {
    assertSafeKey(key);
    const date = new Date().toUTCString();
    const contentType = init.body ? (init.contentType ?? contentTypeOf(key)) : '';
    const signature = ossSign(this.o.accessKeySecret, { method, bucket: this.o.bucket, key, contentType, date });
    const headers: Record<string, string> = { date, authorization: `OSS ${this.o.accessKeyId}:${signature}` };
    if (contentType) headers['content-type'] = contentType;
    if (init.range) headers.range = init.range;
    const res = await fetch(`${this.base}/${encodeKeyPath(key)}`, {
      method,
      headers,
      body: init.body,
      ...(init.body && !Buffer.isBuffer(init.body) ? { duplex: 'half' } : {}),
    } as unknown as RequestInit);
    if (!res.ok && res.status !== 404) {
      const text = await res.text().catch(() => '');
      throw new Error(`OSS ${method} ${key}: HTTP ${res.status} ${/<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? ''}`);
    }
    return res;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    await this.request('PUT', key, { body });
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const size = (await fs.promises.stat(filePath)).size;
    // A sized stream: OSS needs Content-Length for a simple PUT.
    await this.request('PUT', key, { body: size ? fs.createReadStream(filePath) : Buffer.alloc(0) });
  }

  async head(key: string): Promise<StoredObject | null> {
    const res = await this.request('HEAD', key);
    if (res.status === 404) return null;
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      modifiedAt: new Date(res.headers.get('last-modified') ?? Date.now()),
    };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const res = await this.request('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.status === 404) throw new Error(`OSS object missing: ${key}`);
    return nodeStream(res.body);
  }

  async toLocalFile(key: string, scratchDir: string) {
    return downloadToScratch(await this.read(key), key, scratchDir);
  }

  async delete(key: string): Promise<void> {
    await this.request('DELETE', key);
  }

  signedUrl(key: string, opts: SignedUrlOptions): string {
    assertSafeKey(key);
    const expires = String(Math.floor(Date.now() / 1000) + opts.expiresIn);
    const query = signedResponseHeaders(key, opts);
    const signature = ossSign(this.o.accessKeySecret, {
      method: 'GET',
      bucket: this.o.bucket,
      key,
      date: expires,
      query,
    });
    const q = new URLSearchParams({
      OSSAccessKeyId: this.o.accessKeyId,
      Expires: expires,
      Signature: signature,
      ...query,
    });
    return `${this.base}/${encodeKeyPath(key)}?${q.toString()}`;
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    if (!isPublicKey(key)) throw new Error('only public/ objects have permanent URLs');
    return `${this.base}/${encodeKeyPath(key)}`;
  }

  presignPost(req: PostPolicyRequest): Promise<PostForm> {
    return Promise.resolve(
      buildOssPostForm(req, {
        bucket: this.o.bucket,
        accessKeyId: this.o.accessKeyId,
        secret: this.o.accessKeySecret,
        host: this.base,
        forbidOverwrite: true,
      }),
    );
  }
}
