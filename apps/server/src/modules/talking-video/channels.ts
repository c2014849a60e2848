import { asc, eq } from 'drizzle-orm';
import type { VideoChannel } from '@app/contract';
import { videoChannels } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { workLedger } from '../works/index.js';
import { VIDEO_CHANNEL_SEEDS } from './labels.js';

export type VideoChannelRow = typeof videoChannels.$inferSelect;

/** Writes the channels that are missing; existing rows (operators' prices) are left alone. */
export async function seedVideoChannels(ctx: AppContext): Promise<void> {
  await ctx.database.db
    .insert(videoChannels)
    .values([...VIDEO_CHANNEL_SEEDS])
    .onConflictDoNothing();
}

/** A channel the studio may use now: enabled in the table and backed by a configured engine. */
export async function usableChannel(
  ctx: AppContext,
  api: string,
): Promise<{ row: VideoChannelRow | null; configured: boolean }> {
  const [row] = await ctx.database.db.select().from(videoChannels).where(eq(videoChannels.api, api)).limit(1);
  const configured = ctx.engines.avatar.channels().some((c) => c.channel === api && c.available);
  return { row: row && row.enabled === 1 ? row : null, configured };
}

/** Channels listed in the studio: only those configured here, each with its live queue length. */
export async function listChannels(ctx: AppContext, api?: string): Promise<VideoChannel[]> {
  const available = new Set(
    ctx.engines.avatar
      .channels()
      .filter((c) => c.available)
      .map((c) => c.channel as string),
  );
  const db = ctx.database.db;
  const rows = (
    await db.select().from(videoChannels).where(eq(videoChannels.enabled, 1)).orderBy(asc(videoChannels.sort))
  ).filter((r) => available.has(r.api) && (!api || r.api === api));
  // Channels sharing an engine share its queue (ou and df on one Duix).
  const byEngine = await workLedger.liveByEngine(db);
  const registry = ctx.engines.avatar;
  return rows.map((r) => ({
    api: r.api,
    name: r.name,
    desc: r.desc,
    version_name: r.versionName,
    credits: r.credits,
    queue: byEngine.get(registry.engineId(r.api) ?? '') ?? 0,
  }));
}
