import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { JobQueue, MissingJobHandlerError } from './queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('job queue', () => {
  it('refuses to start when a declared job has no handler, naming it', () => {
    const q = new JobQueue(t.ctx.database.executor, t.ctx.log);
    expect(() => q.verify()).toThrow(MissingJobHandlerError);
    expect(() => q.verify()).toThrow(/storage\.sweep-temp.*no handler/);
  });

  it('refuses two handlers for one job', () => {
    const q = new JobQueue(t.ctx.database.executor, t.ctx.log);
    q.handle('storage.sweep-temp', async () => undefined);
    q.handle('storage.sweep-temp', async () => undefined);
    expect(() => q.verify()).toThrow(/2 handlers/);
  });

  it('schedules the cron jobs', async () => {
    const schedules = await t.ctx.queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('storage.sweep-temp');
  });

  it('runs a job through its handler: stale partial uploads are swept', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = t.ctx.localStorage!.tmpDir;
    const stale = path.join(dir, 'old.part');
    const fresh = path.join(dir, 'new.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'y');
    const old = new Date(Date.now() - 3 * 86400_000);
    fs.utimesSync(stale, old, old);
    const id = await t.ctx.queue.send('storage.sweep-temp', { olderThanSeconds: 86400 });
    await waitFor(
      'the sweep job to complete',
      async () => (await t.ctx.queue.boss.getJobById('storage.sweep-temp', id!))?.state === 'completed',
      20_000,
      100,
    );
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('counts jobs by queue and state for metrics', async () => {
    const counts = await t.ctx.queue.counts(t.ctx.database.executor);
    expect(counts.find((c) => c.queue === 'storage.sweep-temp' && c.state === 'completed')?.count).toBeGreaterThan(0);
  });

  it('releases a job cut off by a crash so it runs again at once', async () => {
    const id = await t.ctx.queue.boss.send('storage.sweep-temp', {}, { startAfter: 3600 });
    await t.ctx.database.executor.executeSql("update pgboss.job set state = 'active', started_on = now() where id = $1", [id]);
    await t.ctx.queue.release(t.ctx.database.executor, [id!]);
    await waitFor(
      'the sweep job to complete',
      async () => (await t.ctx.queue.boss.getJobById('storage.sweep-temp', id!))?.state === 'completed',
      20_000,
      100,
    );
  });
});
