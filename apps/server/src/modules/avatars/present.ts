import type { Avatar } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import type { AvatarRow } from './repo.js';

export function presentAvatar(ctx: AppContext, a: AvatarRow): Avatar {
  return {
    id: a.id,
    name: a.name,
    cover: fileUrl(ctx, a.coverKey),
    cover_small: fileUrl(ctx, a.coverSmallKey),
    // The mezzanine plays in every browser (H.264, faststart); the original may be HEVC or MOV.
    url: fileUrl(ctx, a.mezzanineKey ?? a.sourceKey),
    source: a.source,
    status: a.status,
    fail_reason: a.failReason,
    duration: a.duration,
    width: a.width,
    height: a.height,
    hs: a.hs,
    screen: a.screen,
    voice_id: a.voiceId,
    cutout: a.cutoutKey ? fileUrl(ctx, a.cutoutKey) : '',
    create_time: formatDateTime(a.createdAt),
  };
}

export function presentActor(ctx: AppContext, a: AvatarRow) {
  const full = presentAvatar(ctx, a);
  return { id: full.id, name: full.name, cover: full.cover, cover_small: full.cover_small, url: full.url };
}
