import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { systemJobs } from '../../modules/system/jobs.js';
import { JobQueue, MissingJobHandlerError, risingJobId } from './queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('job queue', () => {
  it('refuses to start when a declared job has no handler, naming it', () => {
    const q = new JobQueue(systemJobs, t.ctx.database.executor, t.ctx.log);
    expect(() => q.verify()).toThrow(MissingJobHandlerError);
    expect(() => q.verify()).toThrow(/storage\.sweep-temp.*no handler/);
  });

  it('refuses two handlers for one job', () => {
    const q = new JobQueue(systemJobs, t.ctx.database.executor, t.ctx.log);
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
      60_000,
      100,
    );
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('counts jobs by queue and state for metrics', async () => {
    const counts = await t.ctx.queue.counts(t.ctx.database.executor);
    expect(counts.find((c) => c.queue === 'storage.sweep-temp' && c.state === 'completed')?.count).toBeGreaterThan(0);
  });

  it('orders the ids of jobs sent within one millisecond as they were sent, in the database too', async () => {
    const ids = Array.from({ length: 200 }, () => risingJobId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const { rows } = await t.ctx.database.executor.executeSql('select x::text as x from unnest($1::uuid[]) x order by x', [
      [...ids].reverse(),
    ]);
    expect((rows as { x: string }[]).map((r) => r.x)).toEqual(ids);
  });

  it('a worker that finishes a job takes the next waiting one at once, not at its next poll', async () => {
    // Due a moment from now, so no send wakes the worker: it finds the first at a poll, the others must follow at once.
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await t.ctx.queue.send('storage.sweep-temp', { olderThanSeconds: 86400 }, { startAfter: 1 }))!);
    const jobs = await waitFor(
      'the three sweeps to complete',
      async () => {
        const all = await Promise.all(ids.map((id) => t.ctx.queue.boss.getJobById('storage.sweep-temp', id)));
        return all.every((j) => j?.state === 'completed') && all;
      },
      20_000,
      100,
    );
    const times = jobs.map((j) => ({ started: j!.startedOn.getTime(), completed: j!.completedOn!.getTime() }));
    times.sort((a, b) => a.started - b.started);
    // The polling interval here is 500 ms; a worker that slept it out would leave a gap of about that.
    for (let i = 1; i < times.length; i++) expect(times[i]!.started - times[i - 1]!.completed).toBeLessThan(250);
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

  it('keeps every retry of a job for real failures, however often it waited for later', async () => {
    // A job waiting for an engine slot comes back many times; then its render fails once, then succeeds.
    const jobs = { 'test.waits': { payload: z.object({}), retryLimit: 1, expireInSeconds: 60, concurrency: 1 } };
    const q = new JobQueue(jobs, t.ctx.database.executor, t.ctx.log, 0.5);
    let runs = 0;
    q.handle('test.waits', async (_payload, job) => {
      runs += 1;
      if (runs <= 4) return job.later(0.05);
      if (runs === 5) throw new Error('render failed');
    });
    await q.prepare();
    await q.work();
    try {
      const id = await q.send('test.waits', {});
      const state = await waitFor(
        `the job to end (runs ${runs})`,
        async () => {
          const j = await q.boss.getJobById('test.waits', id!);
          return (j?.state === 'completed' || j?.state === 'failed') && j.state;
        },
        60_000,
        100,
      );
      expect({ state, runs }).toEqual({ state: 'completed', runs: 6 });
    } finally {
      await q.stop(t.ctx.database.executor, 1);
    }
  });
});
