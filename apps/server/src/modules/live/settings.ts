import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LiveSettings } from '@app/contract';
import { liveSettingsRow } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { priceList } from '../../platform/db/price-list.js';

/** The price of a started minute of a live session; 5 credits until the operator sets one. */
export const LIVE_MINUTE_CREDITS = 5;
export const livePrices = priceList('live', () => [
  { api: 'minute', name: '实时互动数字人（每分钟）', credits: LIVE_MINUTE_CREDITS, sort: 0 },
]);
/** The console's channel screen: the price per minute, and the switch of the whole feature. */
export const livePriceKind = livePrices.channelKind({ label: '实时互动数字人', unit: '积分/分钟' });

/** The operator's rules, each with the default a new site has. */
const settingsSchema = z.object({
  max_minutes: z.number().int().min(1).max(600).catch(30),
  max_sessions: z.number().int().min(1).max(100).catch(2),
  guests_allowed: z.boolean().catch(false),
  embed_starts_per_minute: z.number().int().min(1).max(10_000).catch(10),
  embed_max_sessions: z.number().int().min(1).max(10_000).catch(5),
});

export const liveSettings = {
  /** The rules now: what the operator saved, each missing or unreadable one at its default. */
  async read(db: Db): Promise<LiveSettings> {
    const [row] = await db.select().from(liveSettingsRow).where(eq(liveSettingsRow.id, 1));
    return settingsSchema.parse(row?.values ?? {});
  },
  /** Saves the rules; returns what was there before. */
  async save(db: Db, values: LiveSettings): Promise<LiveSettings> {
    const before = await liveSettings.read(db);
    await db
      .insert(liveSettingsRow)
      .values({ id: 1, values })
      .onConflictDoUpdate({ target: liveSettingsRow.id, set: { values, updatedAt: new Date() } });
    return before;
  },
};
