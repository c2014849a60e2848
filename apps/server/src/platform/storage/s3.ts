import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { contentTypeOf } from './content-type.js';
import { downloadToScratch, encodeKeyPath } from './remote-file.js';
import { presignS3Get } from './s3-signature.js';
import {
  assertSafeKey,
  isPublicKey,
  signedResponseHeaders,
  type SignedUrlOptions,
  type StorageDriver,
  type StoredObject,
} from './types.js';
import type { PostForm, PostPolicyRequest } from './upload-policy.js';

export interface S3Options {
  /** Omit for AWS itself; MinIO and other compatible stores give their URL. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException &&
  (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey');

/** An S3-compatible store (AWS, MinIO...): the SDK for objects, presigned POST forms, SigV4 signed GET URLs. */
export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  /** Origin plus bucket path: where objects are addressed. */
  private readonly origin: string;
  private readonly bucketPath: string;

  constructor(private readonly o: S3Options) {
    this.client = new S3Client({
      endpoint: o.endpoint,
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      // Checksum trailers (aws-chunked bodies) only where S3 demands them: many compatible stores refuse them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const pathStyle = o.forcePathStyle || !!o.endpoint;
    const url = new URL(o.endpoint ?? `https://${pathStyle ? '' : `${o.bucket}.`}s3.${o.region}.amazonaws.com`);
    this.origin = url.origin;
    this.bucketPath = pathStyle ? `/${o.bucket}` : '';
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.o.bucket, Key: key, Body: body, ContentType: contentTypeOf(key) }),
    );
  }

  async putFile(key: string, filePath: string): Promise<void> {
    assertSafeKey(key);
    const size = (await fs.promises.stat(filePath)).size;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.o.bucket,
        Key: key,
        Body: fs.createReadStream(filePath),
        ContentLength: size,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async head(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.o.bucket, Key: key }));
      return { size: r.ContentLength ?? 0, modifiedAt: r.LastModified ?? new Date() };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    const r = await this.client.send(
      new GetObjectCommand({
        Bucket: this.o.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return r.Body as Readable;
  }

  async toLocalFile(key: string, scratchDir: string) {
    return downloadToScratch(await this.read(key), key, scratchDir);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.o.bucket, Key: key }));
  }

  signedUrl(key: string, opts: SignedUrlOptions): string {
    assertSafeKey(key);
    return presignS3Get({
      origin: this.origin,
      path: `${this.bucketPath}/${key}`,
      accessKeyId: this.o.accessKeyId,
      secret: this.o.secretAccessKey,
      region: this.o.region,
      // SigV4 caps presigned URLs at 7 days.
      expiresIn: Math.min(opts.expiresIn, 7 * 24 * 3600),
      query: signedResponseHeaders(key, opts),
    });
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    if (!isPublicKey(key)) throw new Error('only public/ objects have permanent URLs');
    return `${this.origin}${this.bucketPath}/${encodeKeyPath(key)}`;
  }

  async presignPost(req: PostPolicyRequest): Promise<PostForm> {
    const post = await createPresignedPost(this.client, {
      Bucket: this.o.bucket,
      Key: `${req.dir}\${filename}`,
      Conditions: [['content-length-range', 1, req.maxBytes]],
      // S3 refuses form fields its policy does not name, so the status the browser asks for is signed too.
      Fields: { success_action_status: '200' },
      Expires: req.expiresIn,
    });
    const { key: _key, ...fields } = post.fields;
    return {
      host: post.url.replace(/\/+$/, ''),
      accessKeyId: this.o.accessKeyId,
      policy: fields.Policy ?? '',
      signature: fields['X-Amz-Signature'] ?? '',
      expire: Math.floor(Date.now() / 1000) + req.expiresIn,
      fields,
    };
  }
}
