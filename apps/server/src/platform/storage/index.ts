import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { LocalStorage } from './local.js';
import { OssStorage } from './oss.js';
import { S3Storage } from './s3.js';
import type { StorageDriver } from './types.js';

/**
 * The local store's signing secret. Never derived from SIGN_SECRET, which ships in the browser bundle;
 * generated once into DATA_DIR so every process sharing the folder agrees.
 */
export function storageSecret(config: AppConfig): string {
  if (config.STORAGE_SECRET) return config.STORAGE_SECRET;
  const file = path.join(config.dataDir, '.storage-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Written whole to a temp file, then linked into place: a process starting at the same moment
  // either wins the link or reads the winner's complete secret, never a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function createStorage(config: AppConfig): StorageDriver {
  switch (config.STORAGE_DRIVER) {
    case 'local':
      return new LocalStorage(config.dataDir, storageSecret(config), config.PUBLIC_URL ? config.publicUrl : '');
    case 'oss':
      return new OssStorage({
        region: config.OSS_REGION ?? '',
        bucket: config.OSS_BUCKET ?? '',
        accessKeyId: config.OSS_ACCESS_KEY_ID ?? '',
        accessKeySecret: config.OSS_ACCESS_KEY_SECRET ?? '',
        endpoint: config.OSS_ENDPOINT,
      });
    case 's3':
      return new S3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET ?? '',
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
  }
}
