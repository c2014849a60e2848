import { voiceMessages, type VoiceChannel } from '@app/contract';
import type { SpeechCapabilities, SpeechProvider, VoiceChannelKey } from '../../engines/speech/index.js';
import { scriptMaxOf, speechMessages } from '../../engines/speech/index.js';
import { voiceChannels } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { ResolvedChannel } from '../../platform/channels/keeper.js';
import { channelTableKind } from '../../platform/db/channel-table.js';

export type ChannelKey = VoiceChannelKey | 'local';
export type ChannelRow = typeof voiceChannels.$inferSelect;
export type NewChannelRow = typeof voiceChannels.$inferInsert;

const ZH_EN = ['zh', 'en'];
const MANY = ['zh', 'yue', 'en', 'ja', 'ko'];

/** First-start prices and tips; the operator changes them in the database. Quality: 3.0 deep > 2.0 fast > 1.0 free. */
export const DEFAULT_CHANNELS: NewChannelRow[] = [
  {
    api: 'local',
    name: speechMessages.localChannelName,
    description: speechMessages.localChannelDescription,
    versionName: '1.0',
    credits: 0,
    freeTimes: 0,
    trainTimes: 3,
    uploadTips: '建议10秒-3分钟清晰人声',
    languages: ZH_EN,
    sort: 10,
  },
  {
    api: 'fish',
    name: '深度克隆 3.0',
    description: '高还原度的声音复刻，适合长期使用的专属声音。',
    versionName: '3.0',
    credits: 500,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '',
    languages: MANY,
    sort: 1,
  },
  {
    api: 'mm',
    name: '情感克隆 3.0',
    description: '支持多语种与情绪表达的声音复刻。',
    versionName: '3.0',
    credits: 500,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '',
    languages: MANY,
    sort: 2,
  },
  {
    api: 'kyy',
    name: '多语克隆 3.0',
    description: '零样本声音复刻，支持多语种与情绪。',
    versionName: '3.0',
    credits: 400,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '',
    languages: MANY,
    sort: 3,
  },
  {
    api: 'hs',
    name: '极速克隆 2.0',
    description: '快速生成可用的克隆声音，支持多语种。',
    versionName: '2.0',
    credits: 200,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '建议1-3分钟',
    languages: MANY,
    sort: 4,
  },
  {
    api: 'nw',
    name: '轻量克隆 2.0',
    description: '短样本即可克隆，台词不超过500字。',
    versionName: '2.0',
    credits: 100,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '建议10秒-1分钟',
    languages: ZH_EN,
    sort: 5,
  },
  {
    api: 'xf',
    name: '录音克隆 2.0',
    description: '仅支持手持设备录音的声音复刻。',
    versionName: '2.0',
    credits: 200,
    freeTimes: 1,
    trainTimes: 3,
    uploadTips: '',
    languages: ZH_EN,
    sort: 6,
  },
];

/** What a voice channel's engine takes: its studio controls and the most script characters it reads. */
export interface VoiceChannelRule extends SpeechCapabilities {
  scriptMax: number;
}
export type ResolvedVoiceChannel = ResolvedChannel<ChannelRow, SpeechProvider, VoiceChannelRule>;

/** The voice channels (cloning, auditions): the table, the speech engines and what each engine takes. */
export const voiceChannelKind = channelTableKind<AppContext, ChannelRow, SpeechProvider, VoiceChannelRule>({
  kind: 'voice',
  label: '声音克隆',
  unit: '积分/次',
  table: voiceChannels,
  columns: { desc: 'description', freeTimes: 'freeTimes' },
  refusals: {
    missing: voiceMessages.channelMissing,
    disabled: voiceMessages.channelUnavailable,
    unconfigured: voiceMessages.channelUnavailable,
  },
  engines: (ctx) => ctx.engines.speech,
  rule: (ctx, key) => ({ ...ctx.engines.speech.capabilities(key), scriptMax: scriptMaxOf(key) }),
});

/** A channel as the client sees it: its row plus what its engine really supports here. */
export function describeChannel({ row, price, rule: caps }: ResolvedVoiceChannel): VoiceChannel {
  return {
    api: row.api,
    name: row.name,
    desc: row.description,
    version_name: row.versionName,
    credits: price,
    free_times: row.freeTimes,
    train_times: row.trainTimes,
    upload_tips: row.uploadTips,
    language: row.languages,
    supports: {
      rate: caps.rate,
      volume: caps.volume,
      pitch: caps.pitch,
      pause: caps.pauseTags,
      language: caps.language,
      emotion: caps.emotion,
    },
    clone: caps.clone ? 1 : 0,
    script_max: caps.scriptMax,
  };
}
