import { afterAll, describe, expect, it } from 'vitest';
import { getSiteSettings, protocolMessages } from '@app/contract';
import { backend, buildTestApp, waitFor, type TestApp } from '../../test/helper.js';
import { featureModules } from '../modules/index.js';
import { handlersOf, type FeatureModule } from '../modules/module.js';
import { systemJobs } from '../modules/system/jobs.js';

/** The product's modules with the sweep job counting its runs. */
function countingModules(counter: { runs: number }): FeatureModule[] {
  const counting: FeatureModule<typeof systemJobs> = {
    name: 'counting-sweep',
    jobs: handlersOf(systemJobs, () => ({
      'storage.sweep-temp': async () => {
        counter.runs++;
      },
    })),
  };
  return [...featureModules.filter((m) => m.name !== 'system'), counting];
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

const jobState = async (t: TestApp, id: string) => (await t.ctx.queue.boss.getJobById('storage.sweep-temp', id))?.state;

describe('process roles', () => {
  it('ROLE=worker serves no API routes but runs jobs', async () => {
    const counter = { runs: 0 };
    const t = await buildTestApp({ ROLE: 'worker' }, { onlyModules: countingModules(counter) });
    apps.push(t);
    const api = await t.app.inject({ method: 'GET', url: getSiteSettings.path });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('"code":0');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: 'username=a' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const id = await t.ctx.queue.send('storage.sweep-temp', {});
    await waitFor('the job to complete', async () => (await jobState(t, id!)) === 'completed', 30_000, 100);
    expect(counter.runs).toBe(1);
  });

  it('ROLE=api serves routes but runs no jobs', async () => {
    const counter = { runs: 0 };
    const t = await buildTestApp({ ROLE: 'api' }, { onlyModules: countingModules(counter) });
    apps.push(t);
    expect(await t.call(getSiteSettings)).toMatchObject({ code: 0, data: { title: expect.any(String) } });
    expect(await t.call({ method: 'GET', path: '/api/nope' })).toMatchObject({
      code: 1,
      msg: protocolMessages.notFound,
    });

    const id = await t.ctx.queue.send('storage.sweep-temp', {});
    // Ten polling intervals of a worker (0.5 s in tests) pass without the job being fetched.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await jobState(t, id!)).toBe('created');
    expect(counter.runs).toBe(0);

    // The same job is picked up as soon as a worker process joins (PostgreSQL lets two processes share a database).
    if (backend === 'postgres') {
      const workerCounter = { runs: 0 };
      const w = await buildTestApp(
        { ROLE: 'worker', DATABASE_URL: t.config.DATABASE_URL ?? '' },
        { onlyModules: countingModules(workerCounter) },
      );
      apps.push(w);
      await waitFor('the job to complete', async () => (await jobState(t, id!)) === 'completed', 30_000, 100);
      expect(workerCounter.runs).toBe(1);
      expect(counter.runs).toBe(0);
    }
  });
});

describe('global rate limit', () => {
  it('answers code 1 with its Chinese message once the per-minute budget is spent', async () => {
    const t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    apps.push(t);
    for (let i = 0; i < 5; i++) expect((await t.call(getSiteSettings)).code).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: getSiteSettings.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, msg: protocolMessages.tooMany, data: null });
    expect(protocolMessages.tooMany).toBe('操作过于频繁，请稍后再试');
  });
});

describe('embedded database executor', () => {
  it('recovers after a failed statement inside a transaction', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const ex = t.ctx.database.executor;
    await ex.executeSql('create table tx_probe (n int primary key)');
    await expect(
      ex.executeSql('BEGIN; insert into tx_probe values (1); insert into tx_probe values (1); COMMIT;'),
    ).rejects.toThrow(/duplicate key|unique/);
    // The aborted transaction was rolled back: the next statements run, and the first insert is gone.
    const { rows } = await ex.executeSql('select count(*)::int as n from tx_probe', []);
    expect(rows).toEqual([{ n: 0 }]);
    await ex.executeSql('insert into tx_probe values ($1)', [2]);
    expect((await ex.executeSql('select n from tx_probe', [])).rows).toEqual([{ n: 2 }]);
    // The queue, which shares this executor, still works.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
