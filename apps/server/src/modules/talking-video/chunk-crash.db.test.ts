import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveWork, type Work } from '@app/contract';
import { callServer, childServer, childServerEnv, withApp } from '../../../test/child-server.js';
import { freshDatabase, waitFor } from '../../../test/helper.js';
import { creditLogs, creditReservations, talkingChunks, works } from '../../db/schema/index.js';
import { faceClip } from '../../engines/talking-face/testing/media.js';
import { studioOrderReady } from '../works/testing/studio.js';

/**
 * A worker killed with kill -9 while it renders a chunk of a long video: after a restart the queue puts
 * that chunk's job back (its worker stopped beating), the chunk renders again, and the work ends done,
 * charged once.
 */
let dir: string;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let server: ReturnType<typeof childServer>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-crash-'));
  db = await freshDatabase();
  env = {
    ...(await childServerEnv(dir, db.env)),
    AVATAR_CHANNELS: 'local=local,lipsync=lipsync',
    // One chunk at a time, so that the kill finds one rendering and others waiting.
    AVATAR_LOCAL_MAX_CONCURRENCY: '1',
    TALKING_CHUNK_AFTER_SECONDS: '5',
    TALKING_CHUNK_SECONDS: '4',
    WORK_LEASE_SECONDS: '3',
  };
  server = childServer(env, dir);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The scratch folder of a chunk being rendered (`work-<id>-chunk-<n>-<job>`), once its clip is being written. */
function renderingChunk(position: number): string | null {
  const root = path.join(env.DATA_DIR!, 'scratch', 'studio');
  if (!fs.existsSync(root)) return null;
  const found = fs.readdirSync(root).find((d) => d.includes(`-chunk-${position}-`));
  return found && fs.existsSync(path.join(root, found, 'chunk.mp4')) ? found : null;
}

describe('a worker killed with kill -9 while it renders a chunk', () => {
  it('has the chunk put back and rendered again; the work ends done with exactly one charge', async () => {
    const setup = await withApp(env, (ctx) =>
      studioOrderReady(ctx, dir, 1000, (file) => faceClip(file, 5)),
    );

    await server.start();
    const text =
      '大家好，欢迎来到数字人视频平台。今天我们来介绍一款全新的产品。它的设计非常简洁，使用起来也很方便。如果您喜欢，请点个关注吧。';
    const created = await callServer<{ id: number; credits: number }>(
      env,
      'POST',
      saveWork.path,
      { api: 'lipsync', video_id: setup.avatarId, voice_id: setup.voiceId, text },
      setup.who.token,
    );
    expect(created.code, created.msg).toBe(0);
    // The second chunk is half written when its worker dies.
    await waitFor('the second chunk to render', () => Promise.resolve(renderingChunk(2) !== null), 300_000);
    await server.stop('SIGKILL');
    const killedAt = new Date();
    // Let the dead worker's lease lapse, as another worker would see it on PostgreSQL.
    await new Promise((r) => setTimeout(r, 4000));

    await server.start('server again');
    const done = await waitFor(
      'the resumed work',
      async () =>
        (await callServer<{ list: Work[] }>(env, 'GET', listWorks.path, { limit: 0 }, setup.who.token)).data.list.find(
          (w) => w.status === 3 || w.status === 4,
        ),
      400_000,
    );
    expect(done).toMatchObject({ id: created.data.id, status: 3 });
    await server.stop('SIGTERM');

    await withApp(env, async (ctx) => {
      const d = ctx.database.db;
      const chunks = (await d.select().from(talkingChunks).where(eq(talkingChunks.workId, created.data.id))).sort(
        (a, b) => a.position - b.position,
      );
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      expect(chunks.every((c) => c.status === 3)).toBe(true);
      // The first chunk had landed before the kill and was not rendered again; the second finished after it.
      expect(chunks[0]!.updatedAt.getTime()).toBeLessThan(killedAt.getTime());
      expect(chunks[1]!.updatedAt.getTime()).toBeGreaterThan(killedAt.getTime());
      // Each chunk had one job: the killed one was put back, not sent twice.
      const { rows } = await ctx.database.executor.executeSql(
        "select count(*)::int as n from pgboss.job where name = 'work.chunk'",
        [],
      );
      expect((rows as { n: number }[])[0]!.n).toBe(chunks.length);

      const [w] = await d.select().from(works).where(eq(works.id, created.data.id));
      const [hold] = await d.select().from(creditReservations).where(eq(creditReservations.jobKey, w!.jobKey));
      expect(hold).toMatchObject({ status: 'settled', held: created.data.credits, charged: w!.creditsCharged });
      const logs = await d.select().from(creditLogs).where(eq(creditLogs.jobKey, w!.jobKey));
      expect(logs.map((l) => l.credits).sort((a, b) => a - b)).toEqual([
        -created.data.credits,
        created.data.credits - w!.creditsCharged,
      ]);
      expect(w!.creditsCharged).toBeGreaterThan(0);
    });
  }, 900_000);
});
