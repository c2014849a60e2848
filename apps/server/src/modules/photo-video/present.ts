import type { Photo } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import type { PhotoRow } from './repo.js';

export function presentPhoto(ctx: AppContext, p: PhotoRow): Photo {
  const url = fileUrl(ctx, p.imageKey);
  return {
    id: p.id,
    name: p.name,
    cover: url,
    url,
    source: p.source,
    type: p.type,
    width: p.width,
    height: p.height,
    create_time: formatDateTime(p.createdAt),
  };
}
