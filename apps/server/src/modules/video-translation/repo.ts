import { eq } from 'drizzle-orm';
import { videoTranslateChannels } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { TRANSLATE_CHANNEL_SEEDS } from './labels.js';

export type TranslateChannelRow = typeof videoTranslateChannels.$inferSelect;

/** The per-mode prices of video translation. */
export const translateChannels = {
  async all(db: Db): Promise<TranslateChannelRow[]> {
    return db.select().from(videoTranslateChannels).orderBy(videoTranslateChannels.mode);
  },
  async of(db: Db, mode: number): Promise<TranslateChannelRow | null> {
    const [row] = await db.select().from(videoTranslateChannels).where(eq(videoTranslateChannels.mode, mode)).limit(1);
    return row ?? null;
  },
  /** Writes the default prices once; rows already there (an operator's prices) are kept. */
  async seed(db: Db): Promise<void> {
    await db.insert(videoTranslateChannels).values([...TRANSLATE_CHANNEL_SEEDS]).onConflictDoNothing();
  },
};
