import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { featureModules } from './modules/index.js';
import { handlersOf, type FeatureModule, type JobHandlers } from './modules/module.js';
import type { accountsJobs } from './modules/accounts/jobs.js';
import { systemJobs } from './modules/system/jobs.js';
import { multiSceneJobs } from './modules/multi-scene/jobs.js';
import { talkingVideoJobs } from './modules/talking-video/jobs.js';
import { collectJobs } from './platform/queue/jobs.js';
import type { JobQueue } from './platform/queue/queue.js';

const job = { payload: z.object({}), retryLimit: 0, expireInSeconds: 60, concurrency: 1 };
const product = () => collectJobs(featureModules.map((m) => ({ owner: m.name, declared: m.jobs?.declared ?? {} })));

describe('job declarations', () => {
  it('collects the jobs of the registered modules into the one map the queue serves', () => {
    const jobs = product();
    expect(Object.keys(jobs)).toEqual(
      expect.arrayContaining(['storage.sweep-temp', 'accounts.sweep-attempts', 'work.render']),
    );
    expect(jobs['work.render']).toBe(talkingVideoJobs['work.render']);
    // A module brings its declarations together with its handlers: the map is exactly theirs.
    const declared = featureModules.flatMap((m) => Object.keys(m.jobs?.declared ?? {}));
    expect(Object.keys(jobs).sort()).toEqual(declared.sort());
  });

  it('refuses a job name that two modules declare, naming both', () => {
    expect(() =>
      collectJobs([
        { owner: 'first', declared: { 'a.one': job } },
        { owner: 'second', declared: { 'a.two': job, 'a.one': job } },
      ]),
    ).toThrow(/"a\.one" is declared twice \(by first and by second\)/);
    const both = collectJobs([
      { owner: 'first', declared: { 'a.one': job } },
      { owner: 'second', declared: { 'a.two': job } },
    ]);
    expect(Object.keys(both)).toEqual(['a.one', 'a.two']);
  });

  it('a module declaring a job another registered module declares stops start-up', async () => {
    const again: FeatureModule<typeof systemJobs> = {
      name: 'second-sweep',
      jobs: handlersOf(systemJobs, () => ({ 'storage.sweep-temp': async () => undefined })),
    };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-test-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PGLITE_DIR: 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
      await expect(buildApp(config, { modules: [again] })).rejects.toThrow(
        /"storage\.sweep-temp" is declared twice \(by system and by second-sweep\)/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a module’s handler map must name every job it declares, and send takes only declared jobs (checked by tsc)', () => {
    const noop = async () => undefined;
    // @ts-expect-error the handler of accounts.sweep-attempts is missing
    const missing: JobHandlers<typeof accountsJobs> = {};
    // @ts-expect-error the builder leaves out multi.join
    handlersOf(multiSceneJobs, () => ({ 'multi.scene': noop }));
    const complete: JobHandlers<typeof systemJobs> = { 'storage.sweep-temp': noop };
    expect(Object.keys(missing)).toEqual([]);
    expect(Object.keys(complete)).toEqual(['storage.sweep-temp']);
    // Never called: only compiled. The app's queue knows the registered modules' jobs and their payloads.
    const typed = async (queue: JobQueue) => {
      await queue.send('work.render', { workId: 1 });
      // @ts-expect-error no module declares this job
      await queue.send('work.no-such-job', {});
      // @ts-expect-error work.render's payload names a work
      await queue.send('work.render', { userId: 1 });
    };
    expect(typed).toBeTypeOf('function');
  });

  it('a paid job names its hold by an id field of its own payload, so the console can refund it', () => {
    const held = Object.entries(product()).filter(([, d]) => d.holds);
    expect(held.map(([name]) => name).sort()).toEqual([
      'ai-media.generate',
      'extraction.run',
      'multi.join',
      'photo.render',
      'translate.run',
      'viral.analyse',
      'voice.clone',
      'work.join',
      'work.render',
    ]);
    for (const [name, d] of held) {
      expect(Object.keys(d.payload.shape), name).toContain(d.holds!.idField);
      expect(d.holds!.table.jobKey.name, name).toBe('job_key');
    }
  });
});
