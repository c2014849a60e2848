import type { Voice } from '@app/contract';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import type { VoiceRow } from './repo.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A voice as the client sees it; `url` is its preview clip, signed for this reply. */
export function toVoice(row: VoiceRow, url: string): Voice {
  return {
    id: row.id,
    name: row.name,
    api: row.api,
    voice_channel_name: row.voiceChannelName,
    version_name: row.versionName,
    generate_status: row.generateStatus,
    fail_reason: row.failReason,
    remained_times: row.remainedTimes,
    rate: round1(row.rate),
    volume: round1(row.volume),
    pitch: round1(row.pitch),
    url,
    source: row.source,
    type: row.type,
    is_confirmed: row.isConfirmed === 1 ? 1 : 0,
    create_time: formatDateTime(row.createdAt),
  };
}
