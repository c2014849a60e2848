import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listWorks, saveVoice, saveWork, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditLogs, creditReservations, voiceChannels } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { testLedger } from '../billing/testing/ledger.js';
import type * as Producing from '../producing/index.js';
import { makeRecordings, uploadRecording, waitForClones } from '../voices/test-support.js';
import { addVoice, cloneAvatar } from './testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

// Every paid job's run (as producers call it, through the producer kit's face) is recorded, so the test sees that clones and works both go through the runner.
const runs = vi.hoisted(() => [] as { jobKey: string; held: number; slot: boolean }[]);
vi.mock('../producing/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof Producing>();
  return {
    ...real,
    runPaidJob: ((ctx, job, spec) => {
      runs.push({ jobKey: spec.bill.jobKey, held: spec.bill.held, slot: !!spec.slot });
      return real.runPaidJob(ctx, job, spec);
    }) satisfies typeof real.runPaidJob,
  };
});

let t: TestApp;
let dir: string;
let alice: TestAccount;
let rec: (name: string) => string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paid-jobs-'));
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local' });
  alice = await newAccount(t, { credits: 1000 });
  rec = await makeRecordings(path.join(dir, 'recordings'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => t.ctx.database.db;
const reservation = async (jobKey: string) =>
  (await db().select().from(creditReservations).where(eq(creditReservations.jobKey, jobKey)))[0];
const logsOf = (jobKey: string) => db().select().from(creditLogs).where(eq(creditLogs.jobKey, jobKey));

describe('the paid-job runner', () => {
  it('runs a paid voice clone: reserved on submit, settled once on success, refunded in full on failure', async () => {
    await db().update(voiceChannels).set({ credits: 40, freeTimes: 0 }).where(eq(voiceChannels.api, 'local'));
    const good = await uploadRecording(t, alice, rec('speech.wav'));
    const silent = await uploadRecording(t, alice, rec('mostly-silent.wav'));
    const before = await testLedger(db()).balance(alice.id);
    expect((await t.call(saveVoice, { name: '付费', file_id: good, api: 'local' }, { token: alice.token })).code).toBe(
      0,
    );
    expect(
      (await t.call(saveVoice, { name: '失败', file_id: silent, api: 'local' }, { token: alice.token })).code,
    ).toBe(0);
    expect(await testLedger(db()).balance(alice.id)).toBe(before - 80);
    await waitForClones(t, alice.token);
    await db().update(voiceChannels).set({ credits: 0 }).where(eq(voiceChannels.api, 'local'));

    const clones = runs.filter((r) => r.jobKey.startsWith('voice.clone:'));
    expect(clones).toHaveLength(2);
    expect(clones.every((r) => r.held === 40 && !r.slot)).toBe(true);
    const states = await Promise.all(clones.map(async (r) => (await reservation(r.jobKey))?.status));
    expect(states.sort()).toEqual(['refunded', 'settled']);
    for (const r of clones) {
      const res = await reservation(r.jobKey);
      // One hold, then at most one line giving credits back: settled or refunded once.
      const logs = await logsOf(r.jobKey);
      expect(logs.filter((l) => l.credits < 0)).toHaveLength(1);
      expect(logs.filter((l) => l.credits > 0)).toHaveLength(res?.status === 'refunded' ? 1 : 0);
    }
    expect(await testLedger(db()).balance(alice.id)).toBe(before - 40);
  });

  it('runs a talking video on its engine slot: reserved on submit, settled once on the real duration', async () => {
    const avatar = await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
    );
    const voice = await addVoice(t, { userId: null });
    const r = await t.call<{ id: number; credits: number }>(
      saveWork,
      { api: 'local', video_id: avatar.id, voice_id: voice, text: '大家好，欢迎来到数字人视频平台。' },
      { token: alice.token },
    );
    expect(r.code).toBe(0);
    const done = await waitFor(
      'work',
      async () =>
        (await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: alice.token })).data.list.find(
          (w) => w.id === r.data.id && w.status >= 3,
        ),
      90_000,
    );
    expect(done.status).toBe(3);
    const work = runs.find((x) => x.jobKey.startsWith('work:'));
    expect(work).toMatchObject({ held: r.data.credits, slot: true });
    const res = await reservation(work!.jobKey);
    expect(res).toMatchObject({ status: 'settled', charged: done.credits });
    const logs = await logsOf(work!.jobKey);
    expect(logs.filter((l) => l.credits < 0)).toHaveLength(1);
    expect(logs.filter((l) => l.credits > 0).length).toBeLessThanOrEqual(1);
  });
});
