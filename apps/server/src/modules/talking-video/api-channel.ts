import { offeredChannels } from '../../platform/channels/keeper.js';
import type { AppContext } from '../../platform/context.js';
import { avatarsRepo } from '../avatars/index.js';
import { videoChannelKind } from './channels.js';
import { avatarRefusal } from './create-rules.js';

/**
 * The channel an order that names none goes through (the open API's): the first channel offered here
 * that can take every one of its avatars, else the first offered (whose refusal then says why); null
 * when no channel is offered at all.
 */
export async function defaultChannelFor(ctx: AppContext, avatarIds: number[]): Promise<string | null> {
  const offered = await offeredChannels(ctx, videoChannelKind);
  const avatars = (
    await Promise.all([...new Set(avatarIds)].map((id) => avatarsRepo.find(ctx.database.db, id)))
  ).filter((a) => a !== null);
  return (offered.find((c) => avatars.every((a) => !avatarRefusal(c, a))) ?? offered[0])?.key ?? null;
}
