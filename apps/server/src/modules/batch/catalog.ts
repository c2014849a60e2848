import { batchMessages as m } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { offeredChannels } from '../../platform/channels/keeper.js';
import { avatarsRepo } from '../avatars/index.js';
import { videoChannelKind } from '../talking-video/index.js';
import type { BatchDeps } from './deps.js';

interface Named {
  id: number;
  name: string;
}

/** What a cell names: an id to hand to the studio's checks, or the reason it names nothing. */
export type Resolved = { id: number; name: string } | { error: string };

/**
 * What the caller may name in a sheet, read once per request: their avatars and the public ones, the
 * voices they may speak with, and the video channels offered here.
 */
export interface BatchCatalog {
  avatar(cell: string): Resolved;
  voice(cell: string): Resolved;
  /** The channel a cell names (its name or key), or null for an empty cell (the avatar's default). */
  channel(cell: string): { key: string; name: string } | { error: string } | null;
  channelName(key: string): string;
  /** A backdrop a cell names: a colour (`#rrggbb`), or one of the caller's picture or video materials by name or file id. */
  background(cell: string): { color: string } | Resolved;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A cell naming one of `items`: by its exact name (refused when several share it), else by its id.
 * An id outside the list is handed on as it is: the studio's own check answers for it (another
 * account's avatar is "not found" there, in its words).
 */
function pick(items: Named[], cell: string, notFound: string, ambiguous: (n: number) => string): Resolved {
  const value = cell.trim();
  const byName = items.filter((i) => same(i.name, value));
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) return { error: ambiguous(byName.length) };
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id > 0) return items.find((i) => i.id === id) ?? { id, name: value };
  return { error: notFound };
}

export async function loadCatalog(ctx: AppContext, deps: BatchDeps, userId: number): Promise<BatchCatalog> {
  const db = ctx.database.db;
  const [own, shared, usableVoices, channels, pictures] = await Promise.all([
    avatarsRepo.page(db, { userId, limit: 0, page: 1 }),
    avatarsRepo.page(db, { userId: null, limit: 0, page: 1 }),
    deps.voices.listUsable(db, userId),
    offeredChannels(ctx, videoChannelKind),
    deps.uploads.listMaterials(db, userId, ['image', 'video']),
  ]);
  const backdrops = pictures.map((p) => ({ id: p.fileId, name: p.name }));
  const avatars = [...own.rows, ...shared.rows];
  return {
    avatar: (cell) => pick(avatars, cell, m.avatarNotFound(cell), (n) => m.avatarAmbiguous(cell, n)),
    voice: (cell) => pick(usableVoices, cell, m.voiceNotFound(cell), (n) => m.voiceAmbiguous(cell, n)),
    channel: (cell) => {
      if (!cell.trim()) return null;
      const found = channels.find((c) => same(c.key, cell) || same(c.row.name, cell));
      return found ? { key: found.key, name: found.row.name } : { error: m.channelNotFound(cell) };
    },
    channelName: (key) => channels.find((c) => c.key === key)?.row.name ?? key,
    background: (cell) =>
      /^#[0-9a-f]{6}$/i.test(cell.trim())
        ? { color: cell.trim().toLowerCase() }
        : pick(backdrops, cell, m.backgroundNotFound(cell), (n) => m.backgroundAmbiguous(cell, n)),
  };
}
