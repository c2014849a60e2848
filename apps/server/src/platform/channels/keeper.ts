import type { ChannelConsole } from '../db/channel-table.js';
import { AppError } from '../errors.js';

/** How the operator console names a kind of channel and what one credit count of it buys. */
export interface ChannelKindInfo {
  /** Unique across the product: 'voice', 'video', 'photo', … */
  kind: string;
  /** The console's name for the kind, e.g. 数字人视频. */
  label: string;
  /** What one credit count buys, shown next to the price, e.g. 积分/秒. */
  unit: string;
  /** A channel table of its own (description, version label); false for a price only. */
  described: boolean;
  /** Its channels give free uses before the price applies (the console edits their count). */
  free: boolean;
}

/**
 * A kind of channel or price a module owns and contributes to the product (its `channels`): the
 * console's channel screen is built from these declarations, nothing else names the kinds.
 */
export interface ChannelKind<Ctx> extends ChannelKindInfo {
  /** The console's editor of this kind's channels (list, update). */
  console(ctx: Ctx): ChannelConsole;
}

/** The refusals of a kind, in its producer's own words. */
export interface ChannelRefusals {
  /** No such channel. */
  missing: string;
  /** The operator switched it off. */
  disabled: string;
  /** No engine stands behind it here. */
  unconfigured: string;
}

/** One row of a channel table as the keeper reads it: the row, its price, its switch. */
export interface ChannelRecord<Row> {
  key: string;
  row: Row;
  /** Credits per unit of the kind (per second, per clone, …). */
  price: number;
  enabled: boolean;
}

/**
 * A kind of channel a producer takes: where its rows are, which engine stands behind each, and what
 * that engine asks of the input (its rule). Producers reach it only through resolveChannel and
 * offeredChannels, so a work's channel is read once, in one query.
 */
export interface ChannelSource<Ctx, Row, Engine, Rule> extends ChannelKind<Ctx> {
  refusals: ChannelRefusals;
  /** One channel's row and price, in one query; null when there is none. */
  find(ctx: Ctx, key: string): Promise<ChannelRecord<Row> | null>;
  /** Every channel of the kind in the product's order, in one query. */
  all(ctx: Ctx): Promise<ChannelRecord<Row>[]>;
  /** The engine behind a channel here (no query), undefined when none is configured. */
  engine(ctx: Ctx, key: string): Engine | undefined;
  /** What the channel's engine asks of the input (lengths, sizes); written once, next to the engine. */
  rule(ctx: Ctx, key: string): Rule;
}

/** A channel a producer may use now: its row, its price, the engine behind it and that engine's rule. */
export interface ResolvedChannel<Row, Engine, Rule> {
  key: string;
  row: Row;
  price: number;
  engine: Engine;
  rule: Rule;
}

export type ChannelLookup<Row, Engine, Rule> =
  | { state: 'ready'; channel: ResolvedChannel<Row, Engine, Rule> }
  | { state: 'missing' | 'disabled' | 'unconfigured' };

/** Whether a channel already read may be used now: switched on and an engine behind it. */
export const channelState = <Ctx, Row, Engine, Rule>(
  ctx: Ctx,
  source: ChannelSource<Ctx, Row, Engine, Rule>,
  found: ChannelRecord<Row>,
): ChannelLookup<Row, Engine, Rule> => {
  if (!found.enabled) return { state: 'disabled' };
  const engine = source.engine(ctx, found.key);
  if (engine === undefined) return { state: 'unconfigured' };
  return { state: 'ready', channel: { ...found, engine, rule: source.rule(ctx, found.key) } };
};

/** One channel and whether it may be used, without refusing: for callers with a message of their own. */
export async function lookUpChannel<Ctx, Row, Engine, Rule>(
  ctx: Ctx,
  source: ChannelSource<Ctx, Row, Engine, Rule>,
  key: string | undefined,
): Promise<ChannelLookup<Row, Engine, Rule>> {
  const found = key ? await source.find(ctx, key) : null;
  return found ? channelState(ctx, source, found) : { state: 'missing' };
}

/**
 * The channel a producer takes, in one call and one query: its row, its price, its engine and its
 * rule; refused in the kind's own words when it is missing, switched off or without an engine here.
 */
export async function resolveChannel<Ctx, Row, Engine, Rule>(
  ctx: Ctx,
  source: ChannelSource<Ctx, Row, Engine, Rule>,
  key: string | undefined,
): Promise<ResolvedChannel<Row, Engine, Rule>> {
  const found = await lookUpChannel(ctx, source, key);
  if (found.state !== 'ready') throw new AppError(source.refusals[found.state]);
  return found.channel;
}

/** The channels of a kind usable now (switched on, an engine behind each), in the product's order. */
export async function offeredChannels<Ctx, Row, Engine, Rule>(
  ctx: Ctx,
  source: ChannelSource<Ctx, Row, Engine, Rule>,
): Promise<ResolvedChannel<Row, Engine, Rule>[]> {
  return (await source.all(ctx)).flatMap((found) => {
    const r = channelState(ctx, source, found);
    return r.state === 'ready' ? [r.channel] : [];
  });
}

/** The engine behind a channel of a registry, undefined when none is configured. */
export const configuredEngine = <T>(
  registry: { isConfigured(channel: string): boolean; forChannel(channel: string): T },
  key: string,
): T | undefined => (registry.isConfigured(key) ? registry.forChannel(key) : undefined);
