import type { AppContext } from '../../platform/context.js';
import { offeredChannels, type ChannelSource, type ResolvedChannel } from '../../platform/channels/keeper.js';
import { workLedger } from '../works/index.js';

/** The columns every work channel's row has (its key, names and version). */
interface WorkChannelRow {
  api: string;
  name: string;
  desc: string;
  versionName: string;
}

/**
 * The channels of a kind whose works wait for engine slots, as the pages list them: only those usable
 * here (or the one asked for), each with its price and its engine's live queue length, and what
 * `extra` adds of the kind's own (its rule, its tips).
 */
export async function listWorkChannels<Row extends WorkChannelRow, Engine extends { id: string }, Rule, Extra>(
  ctx: AppContext,
  kind: ChannelSource<AppContext, Row, Engine, Rule>,
  api: string | undefined,
  extra: (channel: ResolvedChannel<Row, Engine, Rule>) => Extra,
) {
  const offered = (await offeredChannels(ctx, kind)).filter((c) => !api || c.key === api);
  // Channels sharing an engine share its queue (ou and df on one Duix).
  const byEngine = await workLedger.liveByEngine(ctx.database.db);
  return offered.map((c) => ({
    api: c.row.api,
    name: c.row.name,
    desc: c.row.desc,
    version_name: c.row.versionName,
    credits: c.price,
    queue: byEngine.get(c.engine.id) ?? 0,
    ...extra(c),
  }));
}
