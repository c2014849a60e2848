import path from 'node:path';
import { aiMediaMessages, AI_MEDIA_RULES } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pictureInfo } from '../../engines/image/index.js';
import { assertSafeKey } from '../../platform/storage/types.js';
import { promptRepo } from './repo.js';

/** Where the seeded sample pictures live (public, permanent URLs). */
export const SAMPLE_DIR = 'public/ai-media/';

/** The storage key a client's picture URL names: a signed or public URL of it, or the bare key. */
export function keyOfPictureUrl(url: string): string | null {
  try {
    const bare = url.split('?')[0] ?? '';
    const pathname = decodeURIComponent(new URL(bare, 'http://x').pathname);
    const at = Math.max(pathname.indexOf('users/'), pathname.indexOf(SAMPLE_DIR));
    if (at < 0) return null;
    const key = pathname.slice(at);
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}

const PICTURE_EXT = /\.(png|jpe?g)$/i;

/**
 * A picture the caller may use as a reference or a frame: one of their own uploaded images, or a seeded
 * sample; png/jpg/jpeg, at most 10 MB, each side at least 300 px. Returns its storage key.
 */
export async function checkPicture(ctx: AppContext, userId: number, url: string, tooLarge: string): Promise<string> {
  const key = keyOfPictureUrl(url);
  const own = key?.startsWith(`users/${userId}/image/`) ?? false;
  const sample = key?.startsWith(SAMPLE_DIR) ? await promptRepo.sampleByImageKey(ctx.database.db, key) : null;
  if (!key || (!own && !sample)) throw new AppError(aiMediaMessages.imageMissing);
  if (!PICTURE_EXT.test(key)) throw new AppError(aiMediaMessages.imageFormat);
  const stored = await ctx.storage.head(key);
  if (!stored) throw new AppError(aiMediaMessages.imageMissing);
  if (stored.size > AI_MEDIA_RULES.imageMaxBytes) throw new AppError(tooLarge);
  const info = await localPictureInfo(ctx, key);
  if (!info) throw new AppError(aiMediaMessages.imageFormat);
  const { width, height } = info;
  if (width < AI_MEDIA_RULES.imageMinSide || height < AI_MEDIA_RULES.imageMinSide)
    throw new AppError(aiMediaMessages.imageTooSmall);
  return key;
}

/** A stored picture's bytes. */
export async function readPicture(ctx: AppContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await ctx.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function localPictureInfo(ctx: AppContext, key: string) {
  const local = await ctx.storage.toLocalFile(key, path.join(ctx.config.dataDir, 'scratch', 'ai-media'));
  try {
    return await pictureInfo(local.path);
  } finally {
    await local.cleanup();
  }
}
