import { studioMessages, type VideoChannel } from '@app/contract';
import { videoChannelRule, type AvatarVideoEngine, type VideoChannelRule } from '../../engines/avatar/index.js';
import { videoChannels } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { ResolvedChannel } from '../../platform/channels/keeper.js';
import { channelTableKind } from '../../platform/db/channel-table.js';
import { listWorkChannels } from '../producing/index.js';
import { VIDEO_CHANNEL_SEEDS } from './labels.js';

export type VideoChannelRow = typeof videoChannels.$inferSelect;
export type ResolvedVideoChannel = ResolvedChannel<VideoChannelRow, AvatarVideoEngine, VideoChannelRule>;

/** The video channels (talking videos, multi-scene videos): the table, the avatar engines and their rules. */
export const videoChannelKind = channelTableKind<AppContext, VideoChannelRow, AvatarVideoEngine, VideoChannelRule>({
  kind: 'video',
  label: '数字人视频',
  unit: '积分/秒',
  table: videoChannels,
  columns: { desc: 'desc' },
  refusals: {
    missing: studioMessages.channelMissing,
    disabled: studioMessages.channelMissing,
    unconfigured: studioMessages.channelUnavailable,
  },
  engines: (ctx) => ctx.engines.avatar,
  rule: (_ctx, key) => videoChannelRule(key),
});

/** Writes the channels that are missing; existing rows (operators' prices) are left alone. */
export async function seedVideoChannels(ctx: AppContext): Promise<void> {
  await ctx.database.db
    .insert(videoChannels)
    .values([...VIDEO_CHANNEL_SEEDS])
    .onConflictDoNothing();
}

/**
 * Channels listed in the studio: only those usable here, each with its rule and its live queue length;
 * `refusal` (for one avatar) says why a channel cannot take it.
 */
export const listChannels = (
  ctx: AppContext,
  api?: string,
  refusal?: (channel: ResolvedVideoChannel) => string | null,
): Promise<VideoChannel[]> =>
  listWorkChannels(ctx, videoChannelKind, api, (channel) => ({
    avatar_seconds: channel.rule.avatarSeconds,
    unusable: refusal?.(channel) ?? '',
  }));
