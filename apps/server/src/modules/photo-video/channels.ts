import { asc, eq } from 'drizzle-orm';
import type { PhotoChannel } from '@app/contract';
import { photoChannels } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { workLedger } from '../works/index.js';
import { PHOTO_CHANNEL_SEEDS } from './labels.js';

export type PhotoChannelRow = typeof photoChannels.$inferSelect;

/** Writes the channels that are missing; existing rows (operators' prices) are left alone. */
export async function seedPhotoChannels(ctx: AppContext): Promise<void> {
  await ctx.database.db
    .insert(photoChannels)
    .values([...PHOTO_CHANNEL_SEEDS])
    .onConflictDoNothing();
}

const configured = (ctx: AppContext) =>
  new Set(
    ctx.engines.photo
      .channels()
      .filter((c) => c.available)
      .map((c) => c.channel as string),
  );

/** A channel a photo video may use now: enabled in the table and backed by a configured engine. */
export async function usablePhotoChannel(
  ctx: AppContext,
  api: string,
): Promise<{ row: PhotoChannelRow | null; configured: boolean }> {
  const [row] = await ctx.database.db.select().from(photoChannels).where(eq(photoChannels.api, api)).limit(1);
  return { row: row && row.enabled === 1 ? row : null, configured: configured(ctx).has(api) };
}

/** Channels listed in the channel dialog: only those configured here, each with its live queue length. */
export async function listPhotoChannels(ctx: AppContext, api?: string): Promise<PhotoChannel[]> {
  const available = configured(ctx);
  const db = ctx.database.db;
  const rows = (
    await db.select().from(photoChannels).where(eq(photoChannels.enabled, 1)).orderBy(asc(photoChannels.sort))
  ).filter((r) => available.has(r.api) && (!api || r.api === api));
  const byEngine = await workLedger.liveByEngine(db);
  return rows.map((r) => ({
    api: r.api,
    name: r.name,
    desc: r.desc,
    version_name: r.versionName,
    credits: r.credits,
    tips: r.tips,
    queue: byEngine.get(ctx.engines.photo.engineId(r.api) ?? '') ?? 0,
  }));
}
