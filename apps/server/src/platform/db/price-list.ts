import { and, eq } from 'drizzle-orm';
import { priceItems } from '../../db/schema/index.js';
import type { AppConfig } from '../../config.js';
import type { ChannelKind } from '../channels/keeper.js';
import type { ChannelConsole, ChannelFacts } from './channel-table.js';
import type { Db } from './client.js';

/** One price a producer charges, as it ships (the operator's row in price_items wins once written). */
export interface PriceDefault {
  api: string;
  name: string;
  credits: number;
  sort: number;
  /** Whether it is on before the operator decides; on unless said. */
  enabled?: boolean;
}

export interface Price extends PriceDefault {
  enabled: boolean;
}

const facts = (p: Price): ChannelFacts => ({
  api: p.api,
  name: p.name,
  desc: '',
  versionName: '',
  credits: p.credits,
  freeTimes: 0,
  sort: p.sort,
  enabled: p.enabled,
});

/**
 * The prices of one producer kind kept in price_items: what the product charges (`of`, `all`) and
 * the console's editor over them (`console`). Only the prices the producer declares exist; a price
 * the operator never touched is its default, read fresh on every charge.
 */
export function priceList(kind: string, defaults: (config: AppConfig) => PriceDefault[]) {
  const all = async (db: Db, config: AppConfig): Promise<Price[]> => {
    const rows = await db.select().from(priceItems).where(eq(priceItems.kind, kind));
    return defaults(config)
      .map((d) => {
        const row = rows.find((r) => r.api === d.api);
        return row
          ? { api: d.api, name: row.name, credits: row.credits, sort: row.sort, enabled: row.enabled === 1 }
          : { ...d, enabled: d.enabled ?? true };
      })
      .sort((a, b) => a.sort - b.sort || a.api.localeCompare(b.api));
  };
  const consoleOf = (config: AppConfig): ChannelConsole => ({
    list: async (db) => (await all(db, config)).map(facts),
    async update(db, api, p) {
      if (!defaults(config).some((d) => d.api === api)) return false;
      const values = { name: p.name, credits: p.credits, sort: p.sort, enabled: p.enabled ? 1 : 0 };
      await db
        .insert(priceItems)
        .values({ kind, api, ...values })
        .onConflictDoUpdate({ target: [priceItems.kind, priceItems.api], set: { ...values, updatedAt: new Date() } });
      return true;
    },
  });
  return {
    kind,
    all,
    /** The price of one api, or null when the producer declares no such price. */
    async of(db: Db, config: AppConfig, api: string): Promise<Price | null> {
      const d = defaults(config).find((x) => x.api === api);
      if (!d) return null;
      const [row] = await db
        .select()
        .from(priceItems)
        .where(and(eq(priceItems.kind, kind), eq(priceItems.api, api)))
        .limit(1);
      return row
        ? { api, name: row.name, credits: row.credits, sort: row.sort, enabled: row.enabled === 1 }
        : { ...d, enabled: d.enabled ?? true };
    },
    /** These prices as a kind of the console's channel screen, with its name and what one credit count buys. */
    channelKind: (info: { label: string; unit: string }): ChannelKind<{ config: AppConfig }> => ({
      kind,
      ...info,
      described: false,
      free: false,
      console: (ctx) => consoleOf(ctx.config),
    }),
  };
}
export type PriceList = ReturnType<typeof priceList>;
