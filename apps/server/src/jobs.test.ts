import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectJobs, jobDefinitions, type JobDefinition } from './jobs.js';
import { handlersOf, type JobHandlers } from './modules/module.js';
import type { accountsJobs } from './modules/accounts/jobs.js';
import type { systemJobs } from './modules/system/jobs.js';
import { talkingVideoJobs } from './modules/talking-video/jobs.js';

const job = { payload: z.object({}), retryLimit: 0, expireInSeconds: 60, concurrency: 1 };

describe('job declarations', () => {
  it('collects every module’s jobs into the one map the queue serves', () => {
    expect(Object.keys(jobDefinitions)).toEqual(expect.arrayContaining(['storage.sweep-temp', 'accounts.sweep-attempts', 'work.render']));
    expect(jobDefinitions['work.render']).toBe(talkingVideoJobs['work.render']);
  });

  it('refuses a job name that two modules declare', () => {
    expect(() => collectJobs({ 'a.one': job }, { 'a.two': job, 'a.one': job })).toThrow(/"a\.one" is declared twice/);
    expect(Object.keys(collectJobs({ 'a.one': job }, { 'a.two': job }))).toEqual(['a.one', 'a.two']);
  });

  it('a module’s handler map must name every job it declares (checked by tsc)', () => {
    const noop = async () => undefined;
    // @ts-expect-error the handler of accounts.sweep-attempts is missing
    const missing: JobHandlers<typeof accountsJobs> = {};
    // @ts-expect-error the builder leaves out work.sweep
    handlersOf(talkingVideoJobs, () => ({ 'work.render': noop }));
    const complete: JobHandlers<typeof systemJobs> = { 'storage.sweep-temp': noop };
    expect(Object.keys(missing)).toEqual([]);
    expect(Object.keys(complete)).toEqual(['storage.sweep-temp']);
  });

  it('a paid job names its hold by an id field of its own payload, so the console can refund it', () => {
    const held = Object.entries(jobDefinitions as Record<string, JobDefinition>).filter(([, d]) => d.holds);
    expect(held.map(([name]) => name).sort()).toEqual([
      'ai-media.generate',
      'extraction.run',
      'multi.join',
      'photo.render',
      'translate.run',
      'viral.analyse',
      'voice.clone',
      'work.render',
    ]);
    for (const [name, d] of held) {
      expect(Object.keys(d.payload.shape), name).toContain(d.holds!.idField);
      expect(d.holds!.table.jobKey.name, name).toBe('job_key');
    }
  });
});
