import { asc, eq } from 'drizzle-orm';
import { videoTranslateChannels } from '../../db/schema/index.js';
import { videoTranslateMessages as m } from '@app/contract';
import { LIP_SYNC_CHANNEL, type LipSyncEngine } from '../../engines/index.js';
import type { AppContext } from '../../platform/context.js';
import { configuredEngine, type ChannelRecord, type ChannelSource } from '../../platform/channels/keeper.js';
import type { ChannelConsole } from '../../platform/db/channel-table.js';
import type { Db } from '../../platform/db/client.js';
import { TRANSLATE_CHANNEL_SEEDS } from './labels.js';

export type TranslateChannelRow = typeof videoTranslateChannels.$inferSelect;

/** The per-mode prices of video translation. */
export const translateChannels = {
  async all(db: Db): Promise<TranslateChannelRow[]> {
    return db
      .select()
      .from(videoTranslateChannels)
      .orderBy(asc(videoTranslateChannels.sort), asc(videoTranslateChannels.mode));
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

const record = (row: TranslateChannelRow): ChannelRecord<TranslateChannelRow> => ({
  key: String(row.mode),
  row,
  price: row.credits,
  enabled: row.enabled === 1,
});

/**
 * The translation modes as channels, keyed by the mode ('1' lip-sync, '2' voice only): mode 1 needs the
 * lip-sync engine TRANSLATE_LIPSYNC_ENGINE names; mode 2 runs on the translation's own steps (engine null).
 */
export const translateChannelKind: ChannelSource<AppContext, TranslateChannelRow, LipSyncEngine | null, null> = {
  kind: 'translate',
  label: '视频翻译',
  unit: '积分/秒',
  described: false,
  free: false,
  console: () => translateChannelConsole,
  refusals: { missing: m.modeUnavailable, disabled: m.modeUnavailable, unconfigured: m.lipsyncUnavailable },
  async find(ctx, key) {
    const mode = Number(key);
    const row = Number.isInteger(mode) ? await translateChannels.of(ctx.database.db, mode) : null;
    return row ? record(row) : null;
  },
  all: async (ctx) => (await translateChannels.all(ctx.database.db)).map(record),
  engine: (ctx, key) => (key === '1' ? configuredEngine(ctx.engines.lipSync, LIP_SYNC_CHANNEL) : null),
  rule: () => null,
};

/** The console's editor of the per-mode prices: name, price per second, sort and switch (api = the mode). */
export const translateChannelConsole: ChannelConsole = {
  async list(db) {
    return (await translateChannels.all(db)).map((r) => ({
      api: String(r.mode),
      name: r.name,
      desc: '',
      versionName: '',
      credits: r.credits,
      freeTimes: 0,
      sort: r.sort,
      enabled: r.enabled === 1,
    }));
  },
  async update(db, api, p) {
    const mode = Number(api);
    if (!Number.isInteger(mode)) return false;
    const rows = await db
      .update(videoTranslateChannels)
      .set({ name: p.name, credits: p.credits, sort: p.sort, enabled: p.enabled ? 1 : 0 })
      .where(eq(videoTranslateChannels.mode, mode))
      .returning({ mode: videoTranslateChannels.mode });
    return rows.length > 0;
  },
};
