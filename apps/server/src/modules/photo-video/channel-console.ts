import { asc, eq } from 'drizzle-orm';
import { photoChannels } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

interface ChannelFacts {
  api: string;
  name: string;
  desc: string;
  versionName: string;
  credits: number;
  freeTimes: number;
  sort: number;
  enabled: boolean;
}
type ChannelPatch = Omit<ChannelFacts, 'api'>;

/** The photo-video channels as the operator console lists and edits them (the studio reads the same rows). */
export const photoChannelConsole = {
  async list(db: Db): Promise<ChannelFacts[]> {
    const rows = await db.select().from(photoChannels).orderBy(asc(photoChannels.sort), asc(photoChannels.api));
    return rows.map((r) => ({ ...r, freeTimes: 0, enabled: r.enabled === 1 }));
  },
  async update(db: Db, api: string, p: ChannelPatch): Promise<boolean> {
    const rows = await db
      .update(photoChannels)
      .set({
        name: p.name,
        desc: p.desc,
        versionName: p.versionName,
        credits: p.credits,
        sort: p.sort,
        enabled: p.enabled ? 1 : 0,
      })
      .where(eq(photoChannels.api, api))
      .returning({ api: photoChannels.api });
    return rows.length > 0;
  },
};
