import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { filesMessages, UPLOAD_RULES, type FileType, type RegisteredFile } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { FilesService, userDir } from './service.js';

/** Refusals of a file sent as a request body, before it is registered. */
export class UploadTooLarge extends AppError {}

/**
 * A file a program sends as the request body itself (the open API's asset upload): written to the
 * caller's folder for `type`, then registered as every upload is (probed, held to the type's rules and
 * size, charged to the quota). Refused as soon as it passes the type's size limit.
 */
export async function registerSentFile(
  ctx: AppContext,
  userId: number,
  type: FileType,
  body: Readable,
  ext: string,
): Promise<RegisteredFile> {
  const max = UPLOAD_RULES[type].maxBytes;
  const scratch = path.join(ctx.config.dataDir, 'scratch', 'uploads');
  await fsp.mkdir(scratch, { recursive: true });
  const tmp = path.join(scratch, `${randomBytes(8).toString('hex')}.${ext}`);
  let bytes = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _e, done) {
      bytes += chunk.length;
      done(bytes > max ? new UploadTooLarge(filesMessages.uploadFailed) : null, chunk);
    },
  });
  try {
    await pipeline(body, guard, fs.createWriteStream(tmp));
    if (bytes === 0) throw new AppError(filesMessages.emptyFile);
    const key = `${userDir(userId, type)}${Date.now()}${randomBytes(4).toString('hex')}.${ext}`;
    await ctx.storage.putFile(key, tmp);
    return await new FilesService(ctx).complete(userId, type, key);
  } finally {
    body.resume();
    await fsp.rm(tmp, { force: true });
  }
}
