import type { Work } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, objectUrl } from '../avatars/index.js';
import { WORK_STATUS, WORK_STATUS_NAMES } from './labels.js';
import type { WorkRow } from './repo.js';

/** Files a work owns: its render, cover and synthesized speech (an uploaded audio stays the user's). */
export function workFileKeys(w: WorkRow): string[] {
  return [w.videoKey, w.coverKey, w.mode === 'text' ? w.speechKey : null].filter((k): k is string => !!k);
}

export function presentWork(ctx: AppContext, w: WorkRow, queuePosition: number): Work {
  const done = w.status === WORK_STATUS.done;
  return {
    id: w.id,
    name: w.name,
    url: done ? objectUrl(ctx, w.videoKey, `${w.name}.mp4`) : '',
    cover: done ? objectUrl(ctx, w.coverKey) : '',
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
  };
}
