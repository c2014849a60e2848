import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveMultiWork, saveWork, type MultiSceneItem, type Work } from '@app/contract';
import { apiAndWorker, callServer, childServerEnv, withApp } from '../../../test/child-server.js';
import { backend, freshDatabase, waitFor } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { creditLogs, creditReservations, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { AvatarsService, avatarsRepo } from '../avatars/index.js';
import { testLedger } from '../billing/testing/ledger.js';
import { uploadedFiles } from '../files/index.js';
import { addVoice, registerUpload } from '../works/testing/studio.js';

/**
 * kill -9 of the worker in the middle of a multi-scene render. On PostgreSQL the api and the worker
 * are separate processes, as in a split deployment, and only the worker dies; on the embedded
 * database one process owns it, so that process dies and starts again.
 */
let dir: string;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let servers: Awaited<ReturnType<typeof apiAndWorker>> | null = null;
const split = backend === 'postgres';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-crash-'));
  db = await freshDatabase();
  servers = await apiAndWorker(
    { ...(await childServerEnv(dir, db.env)), AVATAR_CHANNELS: 'local=local', WORK_LEASE_SECONDS: '5' },
    dir,
    split,
  );
  env = servers.env;
});
afterAll(async () => {
  await servers?.stop('SIGKILL');
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a multi-scene work whose worker is killed with kill -9 mid-render', () => {
  it('ends done after the restart, charged once, and a later work of another user does not wait behind it', async () => {
    const setup = await withApp(env, async (ctx) => {
      const alice = await newAccount({ ctx }, { credits: 5000 });
      const bob = await newAccount({ ctx }, { credits: 5000 });
      const fileId = await registerUpload(
        { ctx },
        alice.id,
        'video',
        await makeClip(path.join(dir, 'avatar.mp4'), { width: 360, height: 640, seconds: 6 }),
      );
      const avatarId = await new AvatarsService(ctx, uploadedFiles).create(alice.id, '分身', fileId);
      await waitFor('avatar', async () => (await avatarsRepo.find(ctx.database.db, avatarId))?.status === 2, 90_000);
      await ctx.database.db.execute(sql`update avatars set user_id = null, source = 2 where id = ${avatarId}`);
      return { alice, bob, avatarId, voiceId: await addVoice({ ctx }, { userId: null }) };
    });
    const scene = (text: string): MultiSceneItem => ({
      type: 'text',
      text,
      voice_id: setup.voiceId,
      video_id: setup.avatarId,
      rate: 1,
      volume: 1,
      pitch: 1,
    });
    const worksOf = async (who: TestAccount) =>
      (await callServer<{ list: Work[] }>(env, 'GET', listWorks.path, { limit: 0, is_multi: 1 }, who.token)).data.list;

    const { api, worker } = servers!;
    await api.start();
    if (split) await worker.start('worker');
    const created = await callServer<{ id: number; credits: number }>(
      env,
      'POST',
      saveMultiWork.path,
      {
        name: '中断的多场景',
        api: 'local',
        content: JSON.stringify([
          scene('第一个场景，讲一讲今天的新品，说得稍微长一点。'),
          scene('第二个场景，介绍一下价格和优惠活动。'),
          scene('第三个场景，感谢大家的观看，我们下次再见。'),
        ]),
      },
      setup.alice.token,
    );
    expect(created.code, created.msg).toBe(0);
    await waitFor(
      'a scene rendering',
      async () => (await worksOf(setup.alice)).some((w) => w.id === created.data.id && w.status === 2),
      90_000,
    );
    await worker.stop('SIGKILL');
    const killedAt = Date.now();
    if (!split) await api.start('server again');
    // Another user's one-line lip-sync work, submitted after the crash.
    const later = await callServer<{ id: number }>(
      env,
      'POST',
      saveWork.path,
      { api: 'local', video_id: setup.avatarId, voice_id: setup.voiceId, text: '崩溃之后提交的另一条视频。' },
      setup.bob.token,
    );
    expect(later.code, later.msg).toBe(0);
    if (split) await worker.start('worker again');
    const ended = await waitFor(
      'the multi-scene work to end',
      async () => (await worksOf(setup.alice)).find((w) => w.id === created.data.id && w.status >= 3),
      240_000,
    );
    const recoveredIn = (Date.now() - killedAt) / 1000;
    expect(ended.status).toBe(3);
    const bobs = await waitFor(
      'the later work to end',
      async () =>
        (await callServer<{ list: Work[] }>(env, 'GET', listWorks.path, { limit: 0 }, setup.bob.token)).data.list.find(
          (w) => w.id === later.data.id && w.status >= 3,
        ),
      240_000,
    );
    expect(bobs.status).toBe(3);
    console.info(`multi-scene work done ${recoveredIn.toFixed(0)} s after the kill`);
    await worker.stop('SIGTERM');
    await api.stop('SIGTERM');

    await withApp({ ...env, ROLE: 'all' }, async (ctx) => {
      const d = ctx.database.db;
      const [w] = await d.select().from(works).where(eq(works.id, created.data.id));
      const [hold] = await d.select().from(creditReservations).where(eq(creditReservations.jobKey, w!.jobKey));
      expect(hold).toMatchObject({ status: 'settled', charged: w!.creditsCharged });
      const logs = await d.select().from(creditLogs).where(eq(creditLogs.jobKey, w!.jobKey));
      // One hold and one settlement that gives back the rest: never a second charge.
      expect(logs.map((l) => l.credits).sort((a, b) => a - b)).toEqual([-hold!.held, hold!.held - w!.creditsCharged]);
      const bobRow = (await d.select().from(works).where(eq(works.id, later.data.id)))[0]!;
      expect(await testLedger(d).balance(setup.alice.id)).toBe(5000 - w!.creditsCharged);
      expect(await testLedger(d).balance(setup.bob.id)).toBe(5000 - bobRow.creditsCharged);
      // Waiting for a slot brings the same job back: one job per scene, one join, one render for bob.
      const { rows } = await ctx.database.executor.executeSql(
        "select name, count(*)::int as n from pgboss.job where name in ('multi.scene', 'multi.join', 'work.render') group by name order by name",
        [],
      );
      expect(rows).toEqual([
        { name: 'multi.join', n: 1 },
        { name: 'multi.scene', n: 3 },
        { name: 'work.render', n: 1 },
      ]);
    });
  }, 600_000);
});
