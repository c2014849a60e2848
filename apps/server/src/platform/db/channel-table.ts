import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A priced channel as the operator console lists and edits it. */
export interface ChannelFacts {
  api: string;
  name: string;
  desc: string;
  versionName: string;
  credits: number;
  /** Free uses before the price applies; 0 for tables without such a column. */
  freeTimes: number;
  sort: number;
  enabled: boolean;
}
export type ChannelPatch = Omit<ChannelFacts, 'api'>;

export interface ChannelConsole {
  list(db: Db): Promise<ChannelFacts[]>;
  update(db: Db, api: string, p: ChannelPatch): Promise<boolean>;
}

/** The columns every channel table has (enabled as 0/1), named as in the table's schema. */
type ChannelTable = PgTable & Record<'api' | 'name' | 'versionName' | 'credits' | 'sort' | 'enabled', PgColumn>;

/**
 * One console editor for every channel table (voice, video, photo, …): list in the product's order,
 * update name, description, version label, price, free count (where the table keeps one), sort, switch.
 */
export function channelTableConsole(
  table: ChannelTable,
  columns: { desc: 'desc' | 'description'; freeTimes?: 'freeTimes' },
): ChannelConsole {
  return {
    async list(db) {
      const rows = (await db
        .select()
        .from(table as PgTable)
        .orderBy(asc(table.sort), asc(table.api))) as Record<string, unknown>[];
      return rows.map((r) => ({
        api: String(r.api),
        name: String(r.name),
        desc: String(r[columns.desc] ?? ''),
        versionName: String(r.versionName ?? ''),
        credits: Number(r.credits),
        freeTimes: columns.freeTimes ? Number(r[columns.freeTimes] ?? 0) : 0,
        sort: Number(r.sort),
        enabled: Number(r.enabled) === 1,
      }));
    },
    async update(db, api, p) {
      const set: Record<string, unknown> = {
        name: p.name,
        [columns.desc]: p.desc,
        versionName: p.versionName,
        credits: p.credits,
        sort: p.sort,
        enabled: p.enabled ? 1 : 0,
      };
      if (columns.freeTimes) set[columns.freeTimes] = p.freeTimes;
      const rows = await db
        .update(table)
        .set(set as never)
        .where(eq(table.api, api))
        .returning({ api: table.api });
      return rows.length > 0;
    },
  };
}
