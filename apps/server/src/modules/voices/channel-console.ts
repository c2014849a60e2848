import { asc, eq } from 'drizzle-orm';
import { voiceChannels } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

interface VoiceChannelFacts {
  api: string;
  name: string;
  desc: string;
  versionName: string;
  credits: number;
  freeTimes: number;
  sort: number;
  enabled: boolean;
}

/** The voice channels as the operator console lists and edits them (the clone page reads the same rows). */
export const voiceChannelConsole = {
  async list(db: Db): Promise<VoiceChannelFacts[]> {
    const rows = await db.select().from(voiceChannels).orderBy(asc(voiceChannels.sort), asc(voiceChannels.api));
    return rows.map((r) => ({
      api: r.api,
      name: r.name,
      desc: r.description,
      versionName: r.versionName,
      credits: r.credits,
      freeTimes: r.freeTimes,
      sort: r.sort,
      enabled: r.enabled === 1,
    }));
  },
  async update(db: Db, api: string, p: Omit<VoiceChannelFacts, 'api'>): Promise<boolean> {
    const rows = await db
      .update(voiceChannels)
      .set({
        name: p.name,
        description: p.desc,
        versionName: p.versionName,
        credits: p.credits,
        freeTimes: p.freeTimes,
        sort: p.sort,
        enabled: p.enabled ? 1 : 0,
      })
      .where(eq(voiceChannels.api, api))
      .returning({ api: voiceChannels.api });
    return rows.length > 0;
  },
};
