import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { configuredEngine, type ChannelRecord, type ChannelRefusals, type ChannelSource } from '../channels/keeper.js';
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

/** A row of a channel table as its producer reads it: keyed by `api`, priced in `credits`, switched by `enabled`. */
interface ChannelRowShape {
  api: string;
  credits: number;
  enabled: number;
}

const record = <Row extends ChannelRowShape>(row: Row): ChannelRecord<Row> => ({
  key: row.api,
  row,
  price: row.credits,
  enabled: row.enabled === 1,
});

/** What a module says of a channel table it owns; the keeper's reads and the console's editor follow. */
export interface ChannelTableSpec<Ctx, Engine, Rule> {
  kind: string;
  label: string;
  unit: string;
  table: ChannelTable;
  columns: { desc: 'desc' | 'description'; freeTimes?: 'freeTimes' };
  refusals: ChannelRefusals;
  /** The capability's engines, one per channel key. */
  engines(ctx: Ctx): { isConfigured(channel: string): boolean; forChannel(channel: string): Engine };
  /** What the channel's engine asks of the input, written beside that engine. */
  rule(ctx: Ctx, key: string): Rule;
}

/**
 * A kind of channel kept in a table of its own (voice, video, photo, …): one channel by its key or all
 * in the product's order, one query each; the engine behind each from the capability's registry.
 */
export function channelTableKind<Ctx extends { database: { db: Db } }, Row extends ChannelRowShape, Engine, Rule>(
  spec: ChannelTableSpec<Ctx, Engine, Rule>,
): ChannelSource<Ctx, Row, Engine, Rule> {
  const { table } = spec;
  return {
    kind: spec.kind,
    label: spec.label,
    unit: spec.unit,
    described: true,
    free: spec.columns.freeTimes !== undefined,
    console: () => channelTableConsole(table, spec.columns),
    refusals: spec.refusals,
    async find(ctx, key) {
      const [row] = (await ctx.database.db
        .select()
        .from(table as PgTable)
        .where(eq(table.api, key))
        .limit(1)) as Row[];
      return row ? record(row) : null;
    },
    async all(ctx) {
      const rows = (await ctx.database.db
        .select()
        .from(table as PgTable)
        .orderBy(asc(table.sort), asc(table.api))) as Row[];
      return rows.map(record);
    },
    engine: (ctx, key) => configuredEngine(spec.engines(ctx), key),
    rule: (ctx, key) => spec.rule(ctx, key),
  };
}
