import {
  channelConsoleMessages,
  type ChannelKind,
  type ConsoleChannel,
  type ParsedParamsOf,
  type saveConsoleChannel,
} from '@app/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { videoChannelConsole, type ChannelFacts, type ChannelPatch } from '../talking-video/index.js';
import { photoChannelConsole } from '../photo-video/index.js';
import { voiceChannelConsole } from '../voices/index.js';
import { aiImagePrices, aiVideoPrices } from '../ai-media/index.js';
import { chatPrices } from '../chat/index.js';
import { translateChannelConsole } from '../video-translation/index.js';
import { viralPrices } from '../viral/index.js';
import { recordAudit } from './audit.js';

interface ChannelKeeper {
  list: (db: Db) => Promise<ChannelFacts[]>;
  update: (db: Db, api: string, p: ChannelPatch) => Promise<boolean>;
}
const keepersOf = (config: AppConfig): Record<ChannelKind, ChannelKeeper> => ({
  voice: voiceChannelConsole,
  video: videoChannelConsole,
  photo: photoChannelConsole,
  image: aiImagePrices.console(config),
  aivideo: aiVideoPrices.console(config),
  chat: chatPrices.console(config),
  translate: translateChannelConsole,
  viral: viralPrices.console(config),
});

const wire = (kind: ChannelKind, c: ChannelFacts): ConsoleChannel => ({
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

/** The channels screen: each kind of channel or price is kept by its own module; every save is audited. */
export function consoleChannels(db: Db, config: AppConfig) {
  const keepers = keepersOf(config);
  const list = async (): Promise<ConsoleChannel[]> => {
    const all = await Promise.all(
      (Object.keys(keepers) as ChannelKind[]).map(async (kind) =>
        (await keepers[kind].list(db)).map((c) => wire(kind, c)),
      ),
    );
    return all.flat();
  };
  return {
    list,
    async save(actor: SessionUser, p: ParsedParamsOf<typeof saveConsoleChannel>) {
      const keeper = keepers[p.kind];
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
          target: `channel:${p.kind}:${p.api}`,
          before: wire(p.kind, before),
          after: wire(p.kind, { api: p.api, ...patch }),
        });
      });
    },
  };
}
