import path from 'node:path';
import type { Work } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { WORK_STATUS, WORK_STATUS_NAMES } from './labels.js';
import type { WorkRow } from './repo.js';

/** Further stored keys a producer lists in `params.files` (e.g. synthesized speech); anything else is ignored. */
const ownedFiles = (params: Record<string, unknown>): string[] =>
  Array.isArray(params.files) ? params.files.filter((k): k is string => typeof k === 'string' && k !== '') : [];

/** Every stored file a work owns: its video, its cover and the files its producer listed. */
export function workFileKeys(w: Pick<WorkRow, 'videoKey' | 'coverKey' | 'params'>): string[] {
  return [w.videoKey, w.coverKey, ...ownedFiles(w.params)].filter((k): k is string => !!k);
}

/** The SubRip file a producer kept for the work (`params.captionsKey`, or a translation's `srtKey`); null when none. */
export function captionsKeyOf(w: Pick<WorkRow, 'params'>): string | null {
  const key = w.params.captionsKey ?? w.params.srtKey;
  return typeof key === 'string' && key ? key : null;
}

export function presentWork(ctx: AppContext, w: WorkRow, queuePosition: number): Work {
  const done = w.status === WORK_STATUS.done;
  return {
    id: w.id,
    name: w.name,
    url: done
      ? fileUrl(ctx, w.videoKey, { downloadName: `${w.name}${path.posix.extname(w.videoKey ?? '') || '.mp4'}` })
      : '',
    cover: done ? fileUrl(ctx, w.coverKey) : '',
    status: w.status,
    status_name: WORK_STATUS_NAMES[w.status] ?? '',
    fail_reason: w.failReason,
    create_time: formatDateTime(w.createdAt),
    api_name: w.channelName,
    api_key: w.channel,
    duration: w.duration,
    credits: done ? w.creditsCharged : w.status === WORK_STATUS.failed ? 0 : w.creditsHeld,
    queue_position: queuePosition,
    progress: done ? 100 : w.progress,
    is_multi: w.isMulti,
    only_audio: w.onlyAudio,
    photo_type: w.photoType,
    type: w.type,
    hs: w.hs,
    // A producer may leave `params.note`, a sentence the user reads with the work; nothing else of params is shown.
    note: typeof w.params.note === 'string' ? w.params.note : '',
    captions: done && captionsKeyOf(w) ? 1 : 0,
  };
}
