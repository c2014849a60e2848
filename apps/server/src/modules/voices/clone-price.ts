import type { Db } from '../../platform/db/client.js';
import type { ChannelRow } from './channels.js';
import { voicesRepo } from './repo.js';

export interface ClonePrice {
  free: boolean;
  credits: number;
}

/** Free clones of the channel first, then its price in credits (0 = free channel). */
export async function clonePrice(db: Db, userId: number, channel: ChannelRow): Promise<ClonePrice> {
  const used = await voicesRepo.freeClonesUsed(db, userId, channel.api);
  if (used < channel.freeTimes) return { free: true, credits: 0 };
  return { free: false, credits: channel.credits };
}
