import { asc, eq } from 'drizzle-orm';
import { videoChannels } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

export interface ChannelFacts {
  api: string;
  name: string;
  desc: string;
  versionName: string;
  credits: number;
  freeTimes: number;
  sort: number;
  enabled: boolean;
}
export type ChannelPatch = Omit<ChannelFacts, 'api'>;

/** The video channels as the operator console lists and edits them (the studio reads the same rows). */
export const videoChannelConsole = {
  async list(db: Db): Promise<ChannelFacts[]> {
    const rows = await db.select().from(videoChannels).orderBy(asc(videoChannels.sort), asc(videoChannels.api));
    return rows.map((r) => ({ ...r, freeTimes: 0, enabled: r.enabled === 1 }));
  },
  async update(db: Db, api: string, p: ChannelPatch): Promise<boolean> {
    const rows = await db
      .update(videoChannels)
      .set({
        name: p.name,
        desc: p.desc,
        versionName: p.versionName,
        credits: p.credits,
        sort: p.sort,
        enabled: p.enabled ? 1 : 0,
      })
      .where(eq(videoChannels.api, api))
      .returning({ api: videoChannels.api });
    return rows.length > 0;
  },
};
