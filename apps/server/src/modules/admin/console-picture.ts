import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AI_MEDIA_RULES, libraryConsoleMessages as m } from '@app/contract';
import { pictureInfo } from '../../engines/image/index.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { keyOfPictureUrl } from '../ai-media/index.js';

const PICTURE_EXT = /\.(png|jpe?g)$/i;

/**
 * Takes a picture the operator has just uploaded (the URL `upload/complete` gave) into public storage
 * under `dir`, so it outlives the operator's own files and every visitor may load it: only the
 * operator's own upload, png/jpg, at most 10 MB, a real picture. Returns its public key.
 */
export async function publishConsolePicture(
  ctx: AppContext,
  actor: SessionUser,
  url: string,
  dir: string,
): Promise<string> {
  const key = keyOfPictureUrl(url);
  if (!key?.startsWith(`users/${actor.id}/image/`)) throw new AppError(m.pictureMissing);
  const ext = PICTURE_EXT.exec(key)?.[0]?.toLowerCase();
  if (!ext) throw new AppError(m.pictureFormat);
  const stored = await ctx.storage.head(key);
  if (!stored) throw new AppError(m.pictureMissing);
  if (stored.size > AI_MEDIA_RULES.imageMaxBytes) throw new AppError(m.pictureTooLarge);
  const scratch = path.join(ctx.config.dataDir, 'scratch', 'console');
  await fsp.mkdir(scratch, { recursive: true });
  const local = await ctx.storage.toLocalFile(key, scratch);
  try {
    if (!(await pictureInfo(local.path))) throw new AppError(m.pictureFormat);
    const target = `${dir}${randomUUID()}${ext === '.jpeg' ? '.jpg' : ext}`;
    await ctx.storage.putFile(target, local.path);
    return target;
  } finally {
    await local.cleanup();
  }
}
