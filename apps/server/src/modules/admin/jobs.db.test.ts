import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  consoleJobDetail,
  getCredits,
  jobConsoleMessages,
  listConsoleJobs,
  protocolMessages,
  refundConsoleJob,
  retryConsoleJob,
  setUserRole,
  DEAD_LETTER,
  type ConsoleJobHold,
  type ConsoleJobRow,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { adminAudit, aiMediaRecords } from '../../db/schema/index.js';
import { testLedger } from '../billing/testing/ledger.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

let t: TestApp;
let admin: string;
let operator: string;
let member: { token: string; id: number };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
  member = await registerAccount(t, admin, { username: 'jobs_user', credits: 100 });
  const op = await registerAccount(t, admin, { username: 'jobs_ops' });
  expect(await t.call(setUserRole, { id: op.id, role: 'operator' }, { token: admin })).toMatchObject({ code: 0 });
  operator = op.token;
});
afterAll(async () => t?.close());

const db = () => t.ctx.database.db;
const balance = async () => (await t.call<{ credits: number }>(getCredits, {}, { token: member.token })).data.credits;

/**
 * A paid AI picture whose job died without giving its hold back (a worker lost mid-run): the record
 * holds 30 credits and its queue job failed for good, with no retries left.
 */
async function strandedPaidJob(): Promise<{ id: string; recordId: number; jobKey: string }> {
  const jobKey = `ai-image:stranded-${Date.now()}`;
  const [rec] = await db()
    .insert(aiMediaRecords)
    .values({
      userId: member.id,
      kind: 'image',
      channel: 'kling',
      engine: 'kling',
      params: {},
      creditsHeld: 30,
      jobKey,
    })
    .returning({ id: aiMediaRecords.id });
  await testLedger(db()).reserveCredits(member.id, 30, jobKey, 'AI图片');
  const id = await t.ctx.queue.send(
    'ai-media.generate',
    { recordId: rec!.id },
    { retryLimit: 0, startAfter: new Date(Date.now() + 3600_000) },
  );
  await t.ctx.queue.boss.fail('ai-media.generate', id!, new Error('引擎连接超时'));
  await waitFor('the job to fail', async () => {
    const job = await t.ctx.queue.boss.getJobById('ai-media.generate', id!);
    return job?.state === 'failed' ? job : null;
  });
  return { id: id!, recordId: rec!.id, jobKey };
}

describe('jobs screen', () => {
  it('is for operators and admins: a member gets code 1, no token code 100', async () => {
    const ref = { queue: 'ai-media.generate', id: '00000000-0000-0000-0000-000000000000' };
    for (const [ep, params] of [
      [listConsoleJobs, {}],
      [consoleJobDetail, ref],
      [retryConsoleJob, ref],
      [refundConsoleJob, ref],
    ] as const) {
      expect(await t.call(ep, params, { token: member.token }), ep.path).toMatchObject({
        code: 1,
        msg: protocolMessages.consoleOnly,
      });
      expect(await t.call(ep, params), ep.path).toMatchObject({ code: 100 });
    }
    expect(await t.call(listConsoleJobs, {}, { token: operator })).toMatchObject({ code: 0 });
  });

  it('lists a failed job with its error, shows its hold, refunds it once, and lists the dead letter', async () => {
    const before = await balance();
    const job = await strandedPaidJob();
    expect(await balance()).toBe(before - 30);

    const failed = await t.call<{ list: ConsoleJobRow[]; total: number; counts: { queue: string; state: string }[] }>(
      listConsoleJobs,
      { queue: 'ai-media.generate', state: 'failed' },
      { token: operator },
    );
    expect(failed.code).toBe(0);
    const row = failed.data.list.find((j) => j.id === job.id)!;
    expect(row).toMatchObject({ state: 'failed', error: '引擎连接超时', position: 0 });
    expect(JSON.parse(row.payload)).toEqual({ recordId: job.recordId });
    expect(failed.data.counts).toContainEqual(expect.objectContaining({ queue: 'ai-media.generate', state: 'failed' }));

    const detail = await t.call<{ job: ConsoleJobRow; stack: string; hold: ConsoleJobHold }>(
      consoleJobDetail,
      { queue: 'ai-media.generate', id: job.id },
      { token: operator },
    );
    expect(detail.data.hold).toMatchObject({ job_key: job.jobKey, held: 30, status: 'held', user_id: member.id });
    expect(detail.data.stack).toContain('引擎连接超时');

    const dead = await waitFor('the dead letter', async () => {
      const r = await t.call<{ list: ConsoleJobRow[] }>(listConsoleJobs, { queue: DEAD_LETTER }, { token: operator });
      return r.data.list.find((j) => JSON.parse(j.payload).recordId === job.recordId) ?? null;
    });

    const refund = await t.call<{ credits: number }>(
      refundConsoleJob,
      { queue: 'ai-media.generate', id: job.id },
      { token: operator },
    );
    expect(refund).toMatchObject({ code: 0, data: { credits: 30 }, msg: jobConsoleMessages.refunded(30) });
    expect(await balance()).toBe(before);

    // Once only: again from the job, and from its dead letter, is refused; the balance does not move.
    expect(
      await t.call(refundConsoleJob, { queue: 'ai-media.generate', id: job.id }, { token: operator }),
    ).toMatchObject({ code: 1, msg: jobConsoleMessages.alreadyRefunded });
    expect(await t.call(refundConsoleJob, { queue: DEAD_LETTER, id: dead.id }, { token: admin })).toMatchObject({
      code: 1,
      msg: jobConsoleMessages.alreadyRefunded,
    });
    expect(await balance()).toBe(before);
    const audits = await db().select().from(adminAudit).where(eq(adminAudit.action, 'job.refund'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ status: 'refunded', credits: 30 });
  });

  it('retries a failed job, refuses to retry one that has not failed, and says so for unknown ids', async () => {
    const job = await strandedPaidJob();
    expect(
      await t.call(retryConsoleJob, { queue: 'ai-media.generate', id: job.id }, { token: operator }),
    ).toMatchObject({ code: 0, msg: jobConsoleMessages.retried });
    const again = await t.ctx.queue.boss.getJobById('ai-media.generate', job.id);
    expect(again?.state).not.toBe('failed');
    expect(await db().select().from(adminAudit).where(eq(adminAudit.action, 'job.retry'))).toHaveLength(1);
    expect(
      await t.call(retryConsoleJob, { queue: 'ai-media.generate', id: job.id }, { token: operator }),
    ).toMatchObject({ code: 1, msg: jobConsoleMessages.notFailed });
    expect(
      await t.call(consoleJobDetail, { queue: 'ai-media.generate', id: 'not-a-uuid' }, { token: operator }),
    ).toMatchObject({
      code: 1,
      msg: jobConsoleMessages.missing,
    });
    expect(
      await t.call(
        refundConsoleJob,
        { queue: 'work.render', id: '00000000-0000-0000-0000-000000000000' },
        { token: operator },
      ),
    ).toMatchObject({ code: 1, msg: jobConsoleMessages.missing });
  });

  it('gives a waiting job its place in the queue', async () => {
    const far = new Date(Date.now() + 3600_000);
    const a = await t.ctx.queue.send('storage.sweep-temp', { olderThanSeconds: 61 }, { startAfter: far });
    const b = await t.ctx.queue.send('storage.sweep-temp', { olderThanSeconds: 62 }, { startAfter: far });
    const r = await t.call<{ list: ConsoleJobRow[] }>(
      listConsoleJobs,
      { queue: 'storage.sweep-temp', state: 'created' },
      { token: operator },
    );
    const pos = (id: string | null) => r.data.list.find((j) => j.id === id)?.position;
    expect(pos(a)).toBeGreaterThan(0);
    expect(pos(b)).toBe(pos(a)! + 1);
  });

  it("lists the operator's work by its names, and the queue's housekeeping only when asked", async () => {
    type Listed = { list: ConsoleJobRow[]; queues: { queue: string; label: string; internal: boolean }[] };
    // Blank filters (as the screen sends them): every state of the queues that do the users' work.
    const work = await t.call<Listed>(listConsoleJobs, { queue: '', page: 1, limit: 100 }, { token: operator });
    expect(work.data.queues).toEqual(
      expect.arrayContaining([
        { queue: 'ai-media.generate', label: 'AI 图片与视频', internal: false },
        { queue: 'work.render', label: '数字人视频', internal: false },
        { queue: 'storage.sweep-temp', label: 'storage.sweep-temp', internal: true },
      ]),
    );
    const internal = new Set(work.data.queues.filter((q) => q.internal).map((q) => q.queue));
    expect(work.data.list.length).toBeGreaterThan(0);
    expect(work.data.list.filter((j) => internal.has(j.queue))).toEqual([]);
    const sweeps = await t.call<Listed>(
      listConsoleJobs,
      { queue: '', internal: 1, page: 1, limit: 100 },
      { token: operator },
    );
    expect(sweeps.data.list.some((j) => j.queue === 'storage.sweep-temp')).toBe(true);
  });
});
