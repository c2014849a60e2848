/**
 * The object store of the cluster test, run as a host of its own: the S3 fake (SigV4 checked as S3 and
 * MinIO check it; apps/server/src/platform/storage/testing/fake-s3.ts) listening on CLUSTER_S3_HOST. Prints
 * its address on the first line of stdout and serves until it is killed.
 */
import { startFakeS3 } from '../../apps/server/src/platform/storage/testing/fake-s3.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

const store = await startFakeS3(
  {
    bucket: env('S3_BUCKET'),
    accessKeyId: env('S3_ACCESS_KEY_ID'),
    secret: env('S3_SECRET_ACCESS_KEY'),
    region: env('S3_REGION'),
  },
  env('CLUSTER_S3_HOST'),
);
// Requests are kept by the fake for tests that inspect them; here they would only grow.
setInterval(() => store.requests.splice(0), 10_000).unref();
console.log(store.url);
