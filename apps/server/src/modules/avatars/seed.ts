import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { avatars } from '../../db/schema/index.js';
import { seededPublicVoiceId } from '../voices/index.js';
import type { AppContext } from '../../platform/context.js';
import { DEMO_ACTORS, RETIRED_DEMO_ACTORS, renderDemoClip } from './demo-actors.js';
import { scratchDir } from '../../engines/index.js';
import { makeSeedMedia } from '../../platform/media/seed-cache.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo } from './repo.js';

/**
 * First start: queues the rendering of each demo public actor (both orientations) that is still
 * missing, so the server listens at once and the actors appear when their clips are ready.
 */
export async function queueDemoActors(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO_ACTORS) return;
  const db = ctx.database.db;
  for (const actor of DEMO_ACTORS) {
    const made = await avatarsRepo.findBySeed(db, actor.seedKey);
    if (made) {
      // An actor made before its voice was seeded (both happen at first start) takes it now.
      const voiceId = made.voiceId === null ? await seededPublicVoiceId(db, actor.person.voice) : null;
      if (voiceId !== null)
        await db.update(avatars).set({ voiceId }).where(and(eq(avatars.id, made.id), isNull(avatars.voiceId)));
      continue;
    }
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
    // Tests reuse a clip an earlier run rendered from the same actor (TEST_CACHE_DIR); a start renders it.
    await makeSeedMedia(ctx.config.TEST_CACHE_DIR, `demo-actor v2 ${JSON.stringify(actor)}`, clip, (out) =>
      renderDemoClip(actor, out),
    );
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
      voiceId: await seededPublicVoiceId(db, actor.person.voice),
    });
    await ctx.queue.send('avatar.prepare', { avatarId: row.id });
    // The first of these actors replaces the earlier versions' demo actors in the library (once: the
    // operator may show them again). Works made with them keep playing.
    if (actor === DEMO_ACTORS[0])
      await db.update(avatars).set({ hidden: 1 }).where(inArray(avatars.seedKey, RETIRED_DEMO_ACTORS));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
