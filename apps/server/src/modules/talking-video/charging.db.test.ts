import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveWork, type Avatar, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { creditLogs, creditReservations, works } from '../../db/schema/index.js';
import { startFakeDuix, type FakeDuix } from '../../engines/avatar/testing/fake-duix.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { estimateSpeechSeconds } from '../../engines/speech/index.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * A work holds its estimate plus headroom and is charged its real duration: the difference comes
 * back when the video is shorter and is taken when it is longer, down to a balance of 0.
 */
let t: TestApp;
let duix: FakeDuix;
let media: string;
let result: string;
let avatar: Avatar;
let voiceId: number;

const SCRIPT = '大家好，欢迎来到数字人视频平台。今天我们一起做一个会说话的视频。';
const estimate = estimateSpeechSeconds(SCRIPT);
/** The ou channel's 3 credits per second, on whole seconds of the estimate. */
const estimatePrice = Math.ceil(estimate - 0.001) * 3;
const held = Math.ceil(estimatePrice * 1.25);

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'charging-'));
  result = path.join(media, 'result.mp4');
  await makeClip(result, { seconds: 2, withAudio: true });
  // The fake engine hands out whatever the result file holds when the video is fetched.
  duix = await startFakeDuix({ resultFile: result, result: 'url' });
  t = await buildTestApp({
    AVATAR_CHANNELS: 'local=local,ou=duix',
    DUIX_BASE_URL: duix.url,
    DUIX_POLL_INTERVAL_MS: '100',
  });
  const owner = await newAccount(t);
  avatar = await cloneAvatar(
    t,
    owner,
    await makeClip(path.join(media, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
  );
  await t.ctx.database.db.execute(sql`update avatars set user_id = null, source = 2 where id = ${avatar.id}`);
  voiceId = await addVoice(t, { userId: null });
}, 600_000);
afterAll(async () => {
  await t?.close();
  await duix?.close();
  fs.rmSync(media, { recursive: true, force: true });
});

async function render(m: TestAccount, seconds: number) {
  await makeClip(result, { seconds, withAudio: true });
  const r = await t.call<{ id: number; credits: number }>(
    saveWork,
    { name: `${seconds} 秒`, video_id: avatar.id, voice_id: voiceId, text: SCRIPT, api: 'ou' },
    { token: m.token },
  );
  expect(r.code, r.msg).toBe(0);
  expect(r.data.credits).toBe(held);
  const w = await waitFor(
    `work ${r.data.id}`,
    async () => {
      const l = await t.call<{ list: Work[] }>(listWorks, { page: 1, limit: 0 }, { token: m.token });
      return l.data.list.find((x) => x.id === r.data.id && (x.status === 3 || x.status === 4));
    },
    120_000,
  );
  expect(w.status, w.fail_reason).toBe(3);
  const [row] = await t.ctx.database.db.select().from(works).where(eq(works.id, w.id));
  const real = (await probe(t.ctx.localStorage!.pathOf(row!.videoKey!))).duration;
  const [hold] = await t.ctx.database.db
    .select()
    .from(creditReservations)
    .where(eq(creditReservations.jobKey, row!.jobKey));
  const logs = await t.ctx.database.db.select().from(creditLogs).where(eq(creditLogs.jobKey, row!.jobKey));
  return { w, real, realPrice: Math.ceil(real - 0.001) * 3, hold: hold!, logs };
}

describe('charging the real duration', () => {
  it('charges a video running 20 % over its estimate its real duration, beyond the estimate', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const { w, real, realPrice, hold } = await render(m, Math.round(estimate * 1.2 * 100) / 100);
    expect(real).toBeGreaterThan(estimate * 1.15);
    // Capped at the estimate this would have been estimatePrice.
    expect(realPrice).toBeGreaterThan(estimatePrice);
    expect(w.credits).toBe(realPrice);
    expect(hold).toMatchObject({ status: 'settled', held, charged: realPrice });
    expect(await testLedger(t.ctx.database.db).balance(m.id)).toBe(1000 - realPrice);
  }, 200_000);

  it('takes the difference beyond the hold from the balance, down to 0, naming what stayed unpaid', async () => {
    const m = await newAccount(t, { credits: held + 5 });
    const { w, realPrice, hold, logs } = await render(m, Math.round(estimate * 2 * 100) / 100);
    expect(realPrice).toBeGreaterThan(held + 5);
    expect(w.credits).toBe(held + 5);
    expect(hold).toMatchObject({ status: 'settled', held, charged: held + 5 });
    expect(await testLedger(t.ctx.database.db).balance(m.id)).toBe(0);
    const extra = logs.find((l) => l.credits === -5);
    expect(extra?.actionName).toContain(`${realPrice - held - 5} 积分未扣`);
  }, 200_000);

  it('returns the rest of the hold when the video is shorter than its estimate', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const { w, realPrice, hold } = await render(m, 2);
    expect(realPrice).toBe(6);
    expect(w.credits).toBe(6);
    expect(hold).toMatchObject({ status: 'settled', held, charged: 6 });
    expect(await testLedger(t.ctx.database.db).balance(m.id)).toBe(1000 - 6);
  }, 200_000);
});
