import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignS3Get } from './s3-signature.js';
import { startFakeS3 } from './testing/fake-s3.js';

describe('SigV4 presigned GET', () => {
  it('gives the signature of the AWS reference example (examplebucket/test.txt)', () => {
    const url = presignS3Get({
      origin: 'https://examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      expiresIn: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  describe('against the fake service, side by side with the SDK presigner', () => {
    const creds = { bucket: 'media', accessKeyId: 'AKFAKE', secret: 'fake-secret-key', region: 'us-east-1' };
    let fake: Awaited<ReturnType<typeof startFakeS3>>;
    beforeAll(async () => {
      fake = await startFakeS3(creds);
      fake.objects.set('users/1/voice/读我.mp3', {
        body: Buffer.from('abc'),
        type: 'audio/mpeg',
        modified: new Date(),
      });
    });
    afterAll(async () => fake?.close());

    it('both URLs are accepted; a tampered one is not', async () => {
      const client = new S3Client({
        endpoint: fake.url,
        region: creds.region,
        forcePathStyle: true,
        credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.secret },
      });
      const sdk = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: creds.bucket, Key: 'users/1/voice/读我.mp3' }),
        { expiresIn: 60 },
      );
      const ours = presignS3Get({
        origin: fake.url,
        path: '/media/users/1/voice/读我.mp3',
        accessKeyId: creds.accessKeyId,
        secret: creds.secret,
        region: creds.region,
        expiresIn: 60,
      });
      for (const url of [sdk, ours]) expect(await (await fetch(url)).text()).toBe('abc');
      expect((await fetch(ours.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'))).status).toBe(403);
    });
  });
});
