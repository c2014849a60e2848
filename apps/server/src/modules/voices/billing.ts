import type { Db } from '../../platform/db/client.js';
import { creditLedger } from '../credits/service.js';
import type { ChannelRow } from './channels.js';
import { voicesRepo } from './repo.js';
import { voiceActions } from './voice-actions.js';

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

/** Holds the clone's price inside the submitting transaction; refuses with 积分不足 when short. */
export async function reserveClone(
  tx: Db,
  userId: number,
  jobKey: string,
  price: ClonePrice,
  channelName: string,
): Promise<void> {
  if (price.credits > 0)
    await creditLedger(tx).reserveCredits(userId, price.credits, jobKey, voiceActions.clone(channelName));
}

/** A finished clone keeps its price; settling twice changes nothing. */
export async function settleClone(db: Db, jobKey: string, credits: number): Promise<void> {
  if (credits > 0) await creditLedger(db).settleCredits(jobKey, credits);
}

/** A failed clone gets everything back; refunding twice changes nothing. */
export async function refundClone(db: Db, jobKey: string, credits: number): Promise<void> {
  if (credits > 0) await creditLedger(db).refundCredits(jobKey);
}
