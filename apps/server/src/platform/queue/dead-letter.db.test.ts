import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { featureModules } from '../../modules/index.js';
import { handlersOf, type FeatureModule } from '../../modules/module.js';
import { systemJobs } from '../../modules/system/jobs.js';
import { DEAD_LETTER_QUEUE } from './queue.js';

let attempts = 0;
let t: TestApp;
beforeAll(async () => {
  // The sweep job is replaced by one that always fails; every other feature keeps its handlers.
  const failing: FeatureModule<typeof systemJobs> = {
    name: 'failing-sweep',
    jobs: handlersOf(systemJobs, () => ({
      'storage.sweep-temp': async () => {
        attempts++;
        throw new Error('disk unavailable');
      },
    })),
  };
  t = await buildTestApp({}, { onlyModules: [...featureModules.filter((m) => m.name !== 'system'), failing] });
});
afterAll(async () => t?.close());

describe('dead letters', () => {
  it('a job that keeps failing ends in the dead-letter queue after its retries, and /metrics counts it', async () => {
    // Short delays keep the test quick; the retry count is the queue's own.
    const id = await t.ctx.queue.send(
      'storage.sweep-temp',
      { olderThanSeconds: 60 },
      { retryDelay: 1, retryBackoff: false },
    );
    expect(id).toBeTruthy();
    const failed = await waitFor('the job to fail for good', async () => {
      const job = await t.ctx.queue.boss.getJobById('storage.sweep-temp', id!);
      return job?.state === 'failed' ? job : null;
    });
    const retryLimit = systemJobs['storage.sweep-temp'].retryLimit;
    expect(failed.retryCount).toBe(retryLimit);
    expect(attempts).toBe(retryLimit + 1);

    const { rows } = await t.ctx.database.executor.executeSql(
      'select id, state::text as state, data from pgboss.job where name = $1',
      [DEAD_LETTER_QUEUE],
    );
    const dead = rows as { id: string; state: string; data: { olderThanSeconds: number } }[];
    expect(dead).toHaveLength(1);
    expect(dead[0]?.data).toEqual({ olderThanSeconds: 60 });

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE jobs gauge');
    expect(metrics.body).toMatch(new RegExp(`^jobs\\{queue="dead-letter",state="${dead[0]?.state}"\\} 1$`, 'm'));
    expect(metrics.body).toMatch(/^jobs\{queue="storage\.sweep-temp",state="failed"\} 1$/m);
  });
});
