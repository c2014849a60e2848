import { photoLibraryMessages, type PhotoChannel } from '@app/contract';
import type { PhotoVideoEngine } from '../../engines/photo/index.js';
import { photoChannels } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { channelTableKind } from '../../platform/db/channel-table.js';
import { listWorkChannels } from '../producing/index.js';
import { PHOTO_CHANNEL_SEEDS } from './labels.js';

export type PhotoChannelRow = typeof photoChannels.$inferSelect;

/**
 * The photo-video channels (pet videos, photo-speak): the table and the photo engines. Their rules on
 * the picture (one face, face size) are the engine's own check of the file, told in the row's tips.
 */
export const photoChannelKind = channelTableKind<AppContext, PhotoChannelRow, PhotoVideoEngine, null>({
  kind: 'photo',
  label: '照片说话',
  unit: '积分/秒',
  table: photoChannels,
  columns: { desc: 'desc' },
  refusals: {
    missing: photoLibraryMessages.photoChannelMissing,
    disabled: photoLibraryMessages.photoChannelMissing,
    unconfigured: photoLibraryMessages.photoChannelUnavailable,
  },
  engines: (ctx) => ctx.engines.photo,
  rule: () => null,
});

/** Writes the channels that are missing; existing rows (operators' prices) are left alone. */
export async function seedPhotoChannels(ctx: AppContext): Promise<void> {
  await ctx.database.db
    .insert(photoChannels)
    .values([...PHOTO_CHANNEL_SEEDS])
    .onConflictDoNothing();
}

/** Channels listed in the channel dialog: only those usable here, each with its tips and its live queue length. */
export const listPhotoChannels = (ctx: AppContext, api?: string): Promise<PhotoChannel[]> =>
  listWorkChannels(ctx, photoChannelKind, api, ({ row }) => ({ tips: row.tips }));
