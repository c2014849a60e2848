import {
  channelConsoleMessages,
  type ConsoleChannel,
  type ConsoleChannelKind,
  type ParsedParamsOf,
  type saveConsoleChannel,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { ChannelKind } from '../../platform/channels/keeper.js';
import type { ChannelFacts, ChannelPatch } from '../../platform/db/channel-table.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from './audit.js';

const wire = (kind: string, c: ChannelFacts): ConsoleChannel => ({
  kind,
  api: c.api,
  name: c.name,
  desc: c.desc,
  version_name: c.versionName,
  credits: c.credits,
  free_times: c.freeTimes,
  sort: c.sort,
  enabled: c.enabled ? 1 : 0,
});

const kindInfo = (k: ChannelKind<AppContext>): ConsoleChannelKind => ({
  kind: k.kind,
  label: k.label,
  unit: k.unit,
  described: k.described ? 1 : 0,
  free: k.free ? 1 : 0,
});

/**
 * The channels screen: every kind of channel or price the registered modules declare, each kept by
 * the module that owns it; every save is audited. A new producer's kinds appear here without an edit.
 */
export function consoleChannels(ctx: AppContext) {
  const db = ctx.database.db;
  const kinds = ctx.channelKinds;
  const list = async () => {
    const all = await Promise.all(
      kinds.map(async (k) => (await k.console(ctx).list(db)).map((c) => wire(k.kind, c))),
    );
    return { list: all.flat(), kinds: kinds.map(kindInfo) };
  };
  return {
    list,
    async save(actor: SessionUser, p: ParsedParamsOf<typeof saveConsoleChannel>) {
      const kind = kinds.find((k) => k.kind === p.kind);
      if (!kind) throw new AppError(channelConsoleMessages.kindMissing);
      const keeper = kind.console(ctx);
      await db.transaction(async (tx) => {
        const before = (await keeper.list(tx)).find((c) => c.api === p.api);
        if (!before) throw new AppError(channelConsoleMessages.missing);
        const patch: ChannelPatch = {
          name: p.name,
          desc: p.desc ?? before.desc,
          versionName: p.version_name ?? before.versionName,
          credits: p.credits,
          freeTimes: p.free_times ?? before.freeTimes,
          sort: p.sort,
          enabled: p.enabled === 1,
        };
        await keeper.update(tx, p.api, patch);
        await recordAudit(tx, actor, {
          action: 'channel.update',
          target: `channel:${kind.kind}:${p.api}`,
          before: wire(kind.kind, before),
          after: wire(kind.kind, { api: p.api, ...patch }),
        });
      });
    },
  };
}
