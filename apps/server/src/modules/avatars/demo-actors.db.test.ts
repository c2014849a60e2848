import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAvatar, listAvatars, listPublicActors, listVoices, studioMessages, type Avatar } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { newAccount } from '../../../test/accounts.js';
import { avatars } from '../../db/schema/index.js';
import { DEMO_ACTORS, DEMO_PEOPLE, type DemoActor } from './demo-actors.js';

describe('demo actors', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await buildTestApp({ SEED_DEMO_ACTORS: '1' });
  });
  afterAll(async () => seeded?.close());

  it('are made once at first start: each presenter named, in 9:16 and 16:9, with a public voice, listed when ready', async () => {
    const list = async () =>
      (
        await seeded.call<{ hlist: { id: number; url: string }[]; slist: { id: number }[]; total: number }>(
          listPublicActors,
          { page: 1, limit: 20 },
        )
      ).data;
    // Six clips rendered and prepared one after another: a few minutes on two idle cores, many more on a busy machine.
    const end = Date.now() + 1_100_000;
    while ((await list()).total < DEMO_ACTORS.length && Date.now() < end) await new Promise((r) => setTimeout(r, 500));
    const r = await list();
    expect(r.hlist).toHaveLength(DEMO_PEOPLE.length);
    expect(r.slist).toHaveLength(DEMO_PEOPLE.length);
    expect(r.hlist[0]!.url).toMatch(/^\/files\/public\/actors\//);
    const m = await newAccount(seeded);
    const pub = await seeded.call<{ list: Avatar[]; total: number }>(
      listAvatars,
      { source: '2', limit: 0 },
      { token: m.token },
    );
    expect(pub.data.total).toBe(DEMO_ACTORS.length);
    expect(pub.data.list.every((a) => a.source === 2 && a.status === 2)).toBe(true);
    const publicVoices = await seeded.call<{ list: { id: number; name: string }[] }>(
      listVoices,
      { source: '2', limit: 0 },
      { token: m.token },
    );
    for (const person of DEMO_PEOPLE) {
      const portrait = pub.data.list.find((a) => a.name === person.name);
      const landscape = pub.data.list.find((a) => a.name === `${person.name}·横屏`);
      expect(portrait).toMatchObject({ hs: 2, width: 720, height: 1280 });
      expect(landscape).toMatchObject({ hs: 1, width: 1280, height: 720 });
      expect(portrait!.duration).toBeCloseTo(6, 0);
      // Both framings speak with the same public offline voice.
      expect(portrait!.voice_id).not.toBeNull();
      expect(landscape!.voice_id).toBe(portrait!.voice_id);
      expect(publicVoices.data.list.map((v) => v.id)).toContain(portrait!.voice_id);
    }
    expect(await seeded.call(deleteAvatar, { id: pub.data.list[0]!.id }, { token: m.token })).toMatchObject({
      code: 1,
      msg: studioMessages.avatarMissing,
    });
    // A second start writes nothing new and queues no rendering again.
    const { queueDemoActors, seedDemoActor } = await import('./seed.js');
    await queueDemoActors(seeded.ctx);
    await seedDemoActor(seeded.ctx, DEMO_ACTORS[0]!.seedKey);
    expect((await seeded.ctx.database.db.select().from(avatars)).length).toBe(DEMO_ACTORS.length);
    expect(await seeded.ctx.queue.boss.getQueueSize('avatar.seed-demo')).toBe(0);
  }, 1_200_000);

  it('take their voice at the next start when it was not seeded yet, and hide the earlier demo actors', async () => {
    const { queueDemoActors, seedDemoActor } = await import('./seed.js');
    const db = seeded.ctx.database.db;
    const [first, second] = DEMO_ACTORS as [DemoActor, DemoActor];
    const voiceOf = async (seedKey: string) =>
      (await db.select().from(avatars).where(eq(avatars.seedKey, seedKey)))[0]?.voiceId;
    const voiceId = await voiceOf(second.seedKey);
    await db.update(avatars).set({ voiceId: null }).where(eq(avatars.seedKey, second.seedKey));
    await queueDemoActors(seeded.ctx);
    expect(await voiceOf(second.seedKey)).toBe(voiceId);

    // An install from before: its demo actor is left in the database (works may use it) but leaves the library.
    const [old] = await db
      .insert(avatars)
      .values({
        name: '小雅',
        source: 2,
        status: 2,
        sourceKey: 'public/actors/demo-portrait-1/source.mp4',
        seedKey: 'demo-portrait-1',
      })
      .returning();
    await db.delete(avatars).where(eq(avatars.seedKey, first.seedKey));
    await seedDemoActor(seeded.ctx, first.seedKey);
    expect((await db.select().from(avatars).where(eq(avatars.id, old!.id)))[0]?.hidden).toBe(1);
    const listed = await seeded.call<{ list: Avatar[] }>(
      listAvatars,
      { source: '2', limit: 0 },
      { token: (await newAccount(seeded)).token },
    );
    expect(listed.data.list.map((a) => a.name)).not.toContain('小雅');
  }, 120_000);
});
