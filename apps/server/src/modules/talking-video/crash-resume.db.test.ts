import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveWork, type Work } from '@app/contract';
import { callServer, childServer, childServerEnv, withApp } from '../../../test/child-server.js';
import { freshDatabase, waitFor } from '../../../test/helper.js';
import { creditLogs, creditReservations, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { testLedger } from '../billing/testing/ledger.js';
import { studioOrderReady } from '../works/testing/studio.js';

/**
 * A Duix service whose first task runs until `goOn()` (the worker that submitted it is killed meanwhile;
 * the service itself goes on and finishes it); later ones finish after a few polls.
 */
async function stallingDuix(resultFile: string): Promise<FakeServer & { submits: string[]; goOn: () => void }> {
  const submits: string[] = [];
  const polls = new Map<string, number>();
  let stalled = true;
  const fake = await startLoopbackFake((req) => {
    const ok = (data: unknown) => ({ json: { code: 10000, success: true, msg: '成功', data } });
    if (req.path === '/easy/submit') {
      const code = (req.body as { code: string }).code;
      submits.push(code);
      polls.set(code, 0);
      return ok({ code });
    }
    if (req.path === '/easy/query') {
      const code = req.query.get('code') ?? '';
      if (!polls.has(code)) return { json: { code: 10004, success: true, msg: '任务不存在', data: {} } };
      const n = (polls.get(code) ?? 0) + 1;
      polls.set(code, n);
      if ((code === submits[0] && stalled) || n < 3) return ok({ code, status: 1, progress: 40, result: '', msg: '' });
      return ok({ code, status: 2, progress: 100, result: `${fake.url}/download/r.mp4`, msg: '' });
    }
    return { file: resultFile };
  });
  return Object.assign(fake, { submits, goOn: () => void (stalled = false) });
}

let dir: string;
let duix: Awaited<ReturnType<typeof stallingDuix>>;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let server: ReturnType<typeof childServer>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-resume-'));
  duix = await stallingDuix(await makeClip(path.join(dir, 'result.mp4'), { seconds: 2, withAudio: true }));
  db = await freshDatabase();
  env = {
    ...(await childServerEnv(dir, db.env)),
    AVATAR_CHANNELS: 'local=local,ou=duix',
    DUIX_BASE_URL: duix.url,
    DUIX_POLL_INTERVAL_MS: '200',
    WORK_LEASE_SECONDS: '3',
  };
  server = childServer(env, dir);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await duix?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a worker killed with kill -9 mid-render', () => {
  it('resumes after restart and the work ends done with exactly one charge', async () => {
    const setup = await withApp(env, (ctx) => studioOrderReady(ctx, dir, 1000));

    await server.start();
    const text = '大家好，这是一个会在合成中途被强行停止的视频任务。';
    const created = await callServer<{ id: number; credits: number }>(
      env,
      'POST',
      saveWork.path,
      { api: 'ou', video_id: setup.avatarId, voice_id: setup.voiceId, text },
      setup.who.token,
    );
    expect(created.code).toBe(0);
    await waitFor('the render to reach the engine', () => Promise.resolve(duix.submits.length === 1), 60_000);
    await server.stop('SIGKILL');
    duix.goOn();
    // Let the dead worker's lease lapse, as another worker would see it on PostgreSQL.
    await new Promise((r) => setTimeout(r, 4000));

    await server.start('server again');
    const done = await waitFor(
      'the resumed work',
      async () =>
        (await callServer<{ list: Work[] }>(env, 'GET', listWorks.path, { limit: 0 }, setup.who.token)).data.list.find(
          (w) => w.status === 3 || w.status === 4,
        ),
      120_000,
    );
    expect(done).toMatchObject({ id: created.data.id, status: 3 });
    // The resumed render follows the task Duix went on with: nothing is lip-synced twice.
    expect(duix.submits).toHaveLength(1);
    await server.stop('SIGTERM');

    await withApp(env, async (ctx) => {
      const [w] = await ctx.database.db.select().from(works).where(eq(works.id, created.data.id));
      const [hold] = await ctx.database.db
        .select()
        .from(creditReservations)
        .where(eq(creditReservations.jobKey, w!.jobKey));
      // The engine's 2 s result at 3 credits per second.
      expect(hold).toMatchObject({ status: 'settled', held: created.data.credits, charged: 6 });
      const logs = await ctx.database.db.select().from(creditLogs).where(eq(creditLogs.jobKey, w!.jobKey));
      expect(logs.map((l) => l.credits).sort((a, b) => a - b)).toEqual([
        -created.data.credits,
        created.data.credits - 6,
      ]);
      expect(await testLedger(ctx.database.db).balance(setup.who.id)).toBe(1000 - 6);
    });
  }, 300_000);
});
