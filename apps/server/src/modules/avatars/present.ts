import type { Avatar } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { isPublicKey } from '../../platform/storage/types.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import type { AvatarRow } from './repo.js';

/** Public objects have permanent URLs; private ones get a fresh signature every time they are listed. */
export function objectUrl(ctx: AppContext, key: string | null | undefined, downloadName?: string): string {
  if (!key) return '';
  return isPublicKey(key)
    ? ctx.storage.publicUrl(key)
    : ctx.storage.signedUrl(key, { expiresIn: ctx.config.FILE_URL_TTL_SECONDS, downloadName });
}

export function presentAvatar(ctx: AppContext, a: AvatarRow): Avatar {
  return {
    id: a.id,
    name: a.name,
    cover: objectUrl(ctx, a.coverKey),
    cover_small: objectUrl(ctx, a.coverSmallKey),
    // The mezzanine plays in every browser (H.264, faststart); the original may be HEVC or MOV.
    url: objectUrl(ctx, a.mezzanineKey ?? a.sourceKey),
    source: a.source,
    status: a.status,
    fail_reason: a.failReason,
    duration: a.duration,
    width: a.width,
    height: a.height,
    hs: a.hs,
    create_time: formatDateTime(a.createdAt),
  };
}

export function presentActor(ctx: AppContext, a: AvatarRow) {
  const full = presentAvatar(ctx, a);
  return { id: full.id, name: full.name, cover: full.cover, cover_small: full.cover_small, url: full.url };
}
