import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_STATUS,
  chatAnswerStream,
  generateScript,
  listWorks,
  saveWork,
  sendChatMessage,
  type Work,
} from '@app/contract';
import { callServer, childServer, childServerEnv, withApp, withDatabase } from '../../../test/child-server.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { freshDatabase, waitFor } from '../../../test/helper.js';
import { chatMessages, creditLogs, creditReservations, viralCopies, works } from '../../db/schema/index.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import type { Db } from '../../platform/db/client.js';
import { testLedger } from '../billing/testing/ledger.js';
import { studioOrderReady } from '../works/testing/studio.js';
import { creditsFor } from './index.js';

/**
 * The three paid shapes when the process dies between the hold and the settlement (kill -9): after a
 * restart the record and the money agree (closed and charged once, or failed and refunded), the ledger
 * adds up to the balance, and no hold stays taken for good.
 */

const CREDITS = 100;
const STREAM_MARK = '请写一段会被打断的回答';
const CALL_MARK = '这段文案在润色途中被打断';
/** Seconds a dead worker's render keeps its slot (the smallest lease the configuration takes). */
const LEASE_SECONDS = 3;

let dir: string;
let fake: FakeChatService;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let server: ReturnType<typeof childServer>;
let m: TestAccount;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paid-crash-'));
  // Both marked requests stall mid-way: a few words, then one word every 2 s, long past the kill.
  fake = await startFakeChatStream((req) => {
    const asked = req.body.messages.map((x) => x.content).join('\n');
    if (asked.includes(STREAM_MARK) || asked.includes(CALL_MARK))
      return { chunks: [...textChunks('这是一个很长很长的回答，写到一半就停住了。', 2), finished], chunkDelayMs: 2000 };
    return { chunks: [...textChunks('好的。'), finished] };
  });
  db = await freshDatabase();
  env = {
    ...(await childServerEnv(dir, db.env)),
    CHAT_MODEL_URL: fake.url,
    AVATAR_CHANNELS: 'local=local',
    WORK_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  server = childServer(env, dir);
  m = await withApp(env, (ctx) => newAccount({ ctx }, { credits: CREDITS }));
}, 180_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  await fake?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The ledger rows of the account add up to its balance: nothing taken or given back off the books. */
async function ledgerAddsUp(d: Db, userId = m.id): Promise<number> {
  const [sum] = await d
    .select({ n: sql<string>`coalesce(sum(${creditLogs.credits}), 0)` })
    .from(creditLogs)
    .where(eq(creditLogs.userId, userId));
  const balance = await testLedger(d).balance(userId);
  expect(Number(sum?.n)).toBe(balance);
  return balance;
}

/** Opens the answer stream and resolves once `chars` answer characters arrived (the connection stays open). */
function streamUntil(cid: number, mid: number, chars: number): Promise<void> {
  const qs = new URLSearchParams({ token: m.token, cid: String(cid), mid: String(mid) });
  return new Promise((resolve, reject) => {
    const req = http.get(`${env.PUBLIC_URL}${chatAnswerStream.path}?${qs}`, (res) => {
      let answer = '';
      res.on('data', (c: Buffer) => {
        for (const block of String(c).split('\n\n'))
          if (block.startsWith('event: message'))
            answer += String((JSON.parse(block.split('\n')[1]!.slice(6)) as { message: string }).message);
        if (answer.length >= chars) resolve();
      });
      res.on('error', () => undefined);
    });
    req.on('error', (e) => reject(e));
  });
}

describe('killed between the hold and the settlement', () => {
  it('a streamed answer: its record closes with the money once, charged or refunded, never held for good', async () => {
    await server.start('server for the question');
    const sent = await callServer<{ cid: number; mid: number }>(
      env,
      'POST',
      sendChatMessage.path,
      { content: STREAM_MARK },
      m.token,
    );
    expect(sent.code).toBe(0);
    await streamUntil(sent.data.cid, sent.data.mid, 4);
    await server.stop('SIGKILL');

    await server.start('server again');
    await server.stop('SIGTERM');
    await withApp(env, async (ctx) => {
      const d = ctx.database.db;
      const row = async () => (await d.select().from(chatMessages).where(eq(chatMessages.id, sent.data.mid)))[0]!;
      const hold = async () =>
        (
          await d
            .select()
            .from(creditReservations)
            .where(eq(creditReservations.jobKey, (await row()).jobKey!))
        )[0]!;
      // Cut off mid-stream: still open, its price still held (and counted out of the balance).
      expect([CHAT_STATUS.pending, CHAT_STATUS.streaming]).toContain((await row()).status);
      expect(await hold()).toMatchObject({ status: 'held', held: 10 });
      expect(await ledgerAddsUp(d)).toBe(CREDITS - 10);

      // Half an hour later nobody streams it: the chat's sweep closes it with its money.
      await d
        .update(chatMessages)
        .set({ updatedAt: sql`now() - interval '1 hour'` })
        .where(eq(chatMessages.id, sent.data.mid));
      await ctx.queue.send('chat.sweep-open-answers', {});
      await waitFor('the answer closed', async () => (await hold()).status !== 'held', 60_000);
      const closed = await row();
      const r = await hold();
      if (closed.content) {
        expect(closed.status).toBe(CHAT_STATUS.stopped);
        expect(r).toMatchObject({ status: 'settled', charged: 10 });
        expect(closed.creditsCharged).toBe(10);
      } else {
        expect(closed.status).toBe(CHAT_STATUS.failed);
        expect(r).toMatchObject({ status: 'refunded', charged: 0 });
        expect(closed.creditsCharged).toBe(0);
      }
      expect(await ledgerAddsUp(d)).toBe(CREDITS - closed.creditsCharged);
    });
  }, 300_000);

  it('an inline call: no record and the hold comes back once no call could still be running', async () => {
    const start = await withApp(env, (ctx) => testLedger(ctx.database.db).balance(m.id));
    await server.start('server for the call');
    const asked = callServer(env, 'POST', generateScript.path, { action: 'polish', text: CALL_MARK }, m.token).catch(
      () => null,
    );
    await waitFor(
      'the model asked',
      () => Promise.resolve(fake.requests.some((r) => r.body.messages.some((x) => x.content.includes(CALL_MARK)))),
      60_000,
    );
    await server.stop('SIGKILL');
    expect(await asked).toBeNull();

    await server.start('server again');
    await server.stop('SIGTERM');
    await withApp(env, async (ctx) => {
      const d = ctx.database.db;
      const holds = () =>
        d
          .select()
          .from(creditReservations)
          .where(and(eq(creditReservations.userId, m.id), like(creditReservations.jobKey, 'call:%')));
      // Cut off mid-call: its price still held, and nothing recorded for a call that never answered.
      expect(await holds()).toMatchObject([{ status: 'held', held: 10 }]);
      expect(await d.select().from(viralCopies).where(eq(viralCopies.userId, m.id))).toHaveLength(0);
      expect(await ledgerAddsUp(d)).toBe(start - 10);

      // Past the longest call: billing's sweep returns the hold, once.
      await d
        .update(creditReservations)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(like(creditReservations.jobKey, 'call:%'));
      await ctx.queue.send('credits.release-calls', {});
      await waitFor('the hold returned', async () => (await holds())[0]?.status === 'refunded', 60_000);
      const [r] = await holds();
      const rows = await d.select().from(creditLogs).where(eq(creditLogs.jobKey, r!.jobKey));
      expect(rows.map((x) => x.credits).sort((a, b) => a - b)).toEqual([-10, 10]);
      expect(await ledgerAddsUp(d)).toBe(start);
    });
  }, 300_000);

  it('a queued job: a fresh worker resumes the killed render, and the work ends done with its price settled once', async () => {
    const setup = await withApp(env, (ctx) => studioOrderReady(ctx, dir, 10_000));
    const start = 10_000;
    const status = async () =>
      (await callServer<{ list: Work[] }>(env, 'GET', listWorks.path, { limit: 0 }, setup.who.token)).data.list[0]
        ?.status;

    await server.start('server for the render');
    // A long script keeps the render (speech, then the video) running for seconds, long enough to kill it.
    const text = '这是一个会在合成途中被强行停止的视频任务，重启以后它应当接着做完，并且只扣一次费用。'.repeat(40);
    const created = await callServer<{ id: number; credits: number }>(
      env,
      'POST',
      saveWork.path,
      { api: 'local', video_id: setup.avatarId, voice_id: setup.voiceId, text },
      setup.who.token,
    );
    expect(created.code, created.msg).toBe(0);
    await waitFor('the render to start', async () => (await status()) === 2, 60_000, 50);
    await server.stop('SIGKILL');

    // What the dead worker left: the work unfinished, its price held and nothing settled.
    const { jobKey } = await withDatabase(env, async (d) => {
      const [w] = await d.select().from(works).where(eq(works.id, created.data.id));
      expect(w).toMatchObject({ status: 2, creditsHeld: created.data.credits, creditsCharged: 0 });
      const holds = await d.select().from(creditReservations).where(eq(creditReservations.userId, setup.who.id));
      expect(holds).toMatchObject([{ jobKey: w!.jobKey, status: 'held', held: created.data.credits }]);
      const logs = await d.select().from(creditLogs).where(eq(creditLogs.jobKey, w!.jobKey));
      expect(logs.map((l) => l.credits)).toEqual([-created.data.credits]);
      expect(await ledgerAddsUp(d, setup.who.id)).toBe(start - created.data.credits);
      return w!;
    });
    // Past the dead worker's lease, as another worker sees it on PostgreSQL.
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS + 1) * 1000));

    await server.start('a fresh worker');
    const ended = await waitFor(
      'the resumed work',
      async () => {
        const s = await status();
        return s === 3 || s === 4 ? s : null;
      },
      180_000,
    );
    await server.stop('SIGTERM');
    expect(ended).toBe(3);

    await withDatabase(env, async (d) => {
      const [w] = await d.select().from(works).where(eq(works.id, created.data.id));
      const price = creditsFor(w!.duration, 1);
      expect(w).toMatchObject({ status: 3, creditsHeld: created.data.credits, creditsCharged: price });
      // One hold for the work, settled at the real price; the ledger has it once and gives the rest back once.
      const holds = await d.select().from(creditReservations).where(eq(creditReservations.userId, setup.who.id));
      expect(holds).toMatchObject([{ jobKey, status: 'settled', held: created.data.credits, charged: price }]);
      const logs = await d.select().from(creditLogs).where(eq(creditLogs.jobKey, jobKey));
      expect(logs.map((l) => l.credits).sort((a, b) => a - b)).toEqual([
        -created.data.credits,
        created.data.credits - price,
      ]);
      expect(await ledgerAddsUp(d, setup.who.id)).toBe(start - price);
    });
  }, 400_000);
});
