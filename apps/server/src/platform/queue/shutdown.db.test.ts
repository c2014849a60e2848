import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { handlersOf, type FeatureModule } from '../../modules/module.js';
import { systemJobs } from '../../modules/system/jobs.js';
import { featureModules } from '../../modules/index.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then releases a running job back to the queue', async () => {
    let started!: () => void;
    const jobStarted = new Promise<void>((r) => (started = r));
    let sawAbort = false;
    const slowJob: FeatureModule<typeof systemJobs> = {
      name: 'slow-job',
      jobs: handlersOf(systemJobs, () => ({
        'storage.sweep-temp': async (_payload, job) => {
          started();
          await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
          sawAbort = true;
          throw new Error('interrupted');
        },
      })),
    };
    // Every other feature keeps its handlers; only the sweep job is replaced by one that waits to be stopped.
    const others = featureModules.filter((m) => m.name !== 'system');
    const t = await buildTestApp({ SHUTDOWN_GRACE_SECONDS: '0.5' }, { onlyModules: [...others, slowJob] });
    const id = await t.ctx.queue.send('storage.sweep-temp', {});
    await jobStarted;
    const executor = t.ctx.database.executor;
    // Keep the database open after close() so the job row can be read.
    const close = t.ctx.database.close.bind(t.ctx.database);
    t.ctx.database.close = async () => undefined;
    const inFlight = t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.close();
    expect((await inFlight).statusCode).toBe(200);
    expect(sawAbort).toBe(true);
    const { rows } = await executor.executeSql('select state, start_after <= now() as due, retry_count, start_after, now() as now, output from pgboss.job where id = $1', [id]);
    expect(rows[0]).toMatchObject({ state: 'retry', due: true });
    await close();
    t.ctx.database.close = close;
    await t.close().catch(() => undefined);
  });
});
