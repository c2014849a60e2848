import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';
import { DEMO_ACTORS, renderDemoClip } from './demo-actors.js';
import { scratchDir } from '../../engines/index.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo } from './repo.js';

/**
 * First start: queues the rendering of each demo public actor (both orientations) that is still
 * missing, so the server listens at once and the actors appear when their clips are ready.
 */
export async function queueDemoActors(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO_ACTORS) return;
  for (const actor of DEMO_ACTORS) {
    if (await avatarsRepo.findBySeed(ctx.database.db, actor.seedKey)) continue;
    // The API and the workers both start here: one job per actor an hour, so its clip is rendered once.
    await ctx.queue.send(
      'avatar.seed-demo',
      { seedKey: actor.seedKey },
      { singletonKey: actor.seedKey, singletonSeconds: 3600 },
    );
  }
}

/** Makes one demo public actor, once (keyed by its seed key): renders its clip, stores it, queues its preparation. */
export async function seedDemoActor(ctx: AppContext, seedKey: string): Promise<void> {
  const actor = DEMO_ACTORS.find((a) => a.seedKey === seedKey);
  const db = ctx.database.db;
  if (!actor || (await avatarsRepo.findBySeed(db, actor.seedKey))) return;
  // Scratch of this run only: another process seeding at the same moment must not remove it under us.
  const dir = await scratchDir(ctx.config.dataDir, `seed-${actor.seedKey}-${randomUUID()}`);
  try {
    const clip = path.join(dir, 'source.mp4');
    await renderDemoClip(actor, clip);
    const sourceKey = `public/actors/${actor.seedKey}/source.mp4`;
    await ctx.storage.putFile(sourceKey, clip);
    const row = await avatarsRepo.insert(db, {
      userId: null,
      name: actor.name,
      source: AVATAR_SOURCE.public,
      status: AVATAR_STATUS.processing,
      sourceKey,
      sourceName: 'source.mp4',
      hs: actor.out.w >= actor.out.h ? 1 : 2,
      seedKey: actor.seedKey,
    });
    await ctx.queue.send('avatar.prepare', { avatarId: row.id });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
