import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, saveWork, studioMessages, type Envelope } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { creditLogs, creditReservations, works } from '../../db/schema/index.js';
import { testLedger } from '../billing/testing/ledger.js';
import { addVoice } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * Many submissions of one user at once, as a double click or a script sends them: each is created
 * or refused for a business reason, never a lock time-out or a deadlock, and the ledger balances.
 * The API role only: nothing renders, so every work keeps its hold.
 */
let t: TestApp;
let avatarId: number;
let voiceId: number;

const SCRIPT = '大家好，欢迎来到数字人视频平台。';

beforeAll(async () => {
  // Lock order is what is tested here: the per-account paid-call limit would refuse most of 200 at once.
  t = await buildTestApp({
    ROLE: 'api',
    AVATAR_CHANNELS: 'local=local',
    PAID_CALLS_PER_MINUTE: '0',
  });
  voiceId = await addVoice(t, { userId: null });
  // A public actor already prepared: submissions need a ready avatar, and this role prepares none.
  const rows = (await t.ctx.database.db.execute(
    sql`insert into avatars (user_id, name, source, status, source_key, source_name, hs, duration, width, height, fps)
        values (null, ${'演员'}, 2, 2, ${'public/actors/x/source.mp4'}, ${'source.mp4'}, 2, 6, 360, 640, 25) returning id`,
  )) as unknown as { rows: { id: number }[] };
  avatarId = rows.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const submit = (m: TestAccount, name: string) =>
  t.call<{ id: number; credits: number }>(
    saveWork,
    { name, video_id: avatarId, voice_id: voiceId, text: SCRIPT, api: 'local' },
    { token: m.token },
  );

/** Every credit the account was granted is in its balance, its holds, or its charges, and the logs agree. */
async function expectBalanced(m: TestAccount, granted: number) {
  const db = t.ctx.database.db;
  const holds = await db.select().from(creditReservations).where(eq(creditReservations.userId, m.id));
  const held = holds.filter((h) => h.status === 'held').reduce((s, h) => s + h.held, 0);
  const charged = holds.filter((h) => h.status === 'settled').reduce((s, h) => s + h.charged, 0);
  const balance = await testLedger(db).balance(m.id);
  expect(balance + held + charged).toBe(granted);
  const [logged] = await db
    .select({ n: sql<number>`coalesce(sum(${creditLogs.credits}), 0)::int` })
    .from(creditLogs)
    .where(eq(creditLogs.userId, m.id));
  expect(logged!.n).toBe(balance);
  // One work per hold, each holding what its reservation holds.
  const rows = await db.select().from(works).where(eq(works.userId, m.id));
  expect(rows.map((w) => w.jobKey).sort()).toEqual(holds.map((h) => h.jobKey).sort());
  for (const w of rows) expect(holds.find((h) => h.jobKey === w.jobKey)!.held).toBe(w.creditsHeld);
  return { works: rows.length, balance };
}

/** Business refusals a submission may get when the account runs short. */
const businessRefusal = (r: Envelope<unknown>) =>
  r.code === 1 && (r.msg.startsWith(accountMessages.creditsShort) || r.msg.includes('积分'));

describe.each([2, 20, 200])('%i submissions of one user at once', (k) => {
  it('are all created, or refused for want of credits, quickly; the ledger balances', async () => {
    // Enough for about half of them, so both outcomes happen under contention.
    const one = (await submit(await newAccount(t, { credits: 1000 }), 'probe')).data.credits;
    const granted = Math.max(one, Math.floor(k / 2) * one + Math.floor(one / 2));
    const m = await newAccount(t, { credits: granted });
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: k }, (_, i) => submit(m, `并发${i}`)));
    const took = Date.now() - started;
    const created = replies.filter((r) => r.code === 0);
    const refused = replies.filter((r) => r.code !== 0);
    for (const r of refused) expect(businessRefusal(r), r.msg).toBe(true);
    expect(created.length).toBe(Math.min(k, Math.floor(granted / one)));
    expect(new Set(created.map((r) => r.data.id)).size).toBe(created.length);
    if (k === 200) {
      // One user's submissions run one after another (the payer lock): 200 at once should cost about
      // what 200 in a row cost, never lock waits piling up. Baseline: 20 in a row, timed here, now.
      const paced = await newAccount(t, { credits: 20 * one });
      const t0 = Date.now();
      for (let i = 0; i < 20; i++) expect((await submit(paced, `顺序${i}`)).code).toBe(0);
      const inRow = Date.now() - t0;
      console.info(`200 at once: ${took} ms; 20 in a row: ${inRow} ms (ratio ${(took / (inRow * 10)).toFixed(2)})`);
      expect(took).toBeLessThan(inRow * 10 * 3);
    }
    const { works: n, balance } = await expectBalanced(m, granted);
    expect(n).toBe(created.length);
    expect(balance).toBe(granted - created.length * one);
  }, 120_000);
});

describe('a double click', () => {
  it('creates one work: the second identical submission gets the first one back', async () => {
    const m = await newAccount(t, { credits: 1000 });
    const [a, b] = await Promise.all([submit(m, '双击'), submit(m, '双击')]);
    expect(a).toMatchObject({ code: 0, msg: studioMessages.submitTitle });
    expect(b).toMatchObject({ code: 0, msg: studioMessages.submitTitle });
    expect(b.data).toEqual(a.data);
    const { works: n, balance } = await expectBalanced(m, 1000);
    expect(n).toBe(1);
    expect(balance).toBe(1000 - a.data.credits);
    // A different submission right after is a new work.
    expect((await submit(m, '另一个')).data.id).not.toBe(a.data.id);
  });
});
