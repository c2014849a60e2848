import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisVideo, listViralProjects, VIRAL_STATUS, type ViralProject } from '@app/contract';
import { callServer, childServerEnv, exited, healthy, startServer, withApp } from '../../../test/child-server.js';
import { freshDatabase, waitFor } from '../../../test/helper.js';
import { creditLogs, creditReservations, viralProjects } from '../../db/schema/index.js';
import {
  finished,
  startFakeChatStream,
  textChunks,
  type FakeChatService,
} from '../../engines/text/testing/fake-chat-stream.js';
import {
  startFakeOpenAiTranscription,
  type FakeOpenAiTranscription,
} from '../../engines/transcription/testing/fake-openai-transcription.js';
import { testLedger } from '../billing/testing/ledger.js';
import { makeSiteMedia, startFakeSite, type FakeSite } from '../extraction/testing/fake-site.js';
import { VIRAL_PRICES, viralTestEnv } from './testing.js';
import { newAccount } from '../../../test/accounts.js';

/**
 * A viral analysis whose server is killed (kill -9) after the transcription was stored, while the model
 * is still thinking: after the restart the analysis resumes from the stored transcript. The speech is
 * heard once and the hold is settled once. The server runs as a child process with the deployment's
 * engines pointed at loopback fakes (OpenAI-compatible transcription and chat, a share page on 127.0.0.2).
 */
const { chat: CHAT, extract: EXTRACT, transcribe: TRANSCRIBE } = VIRAL_PRICES;
const HEARD = '家人们谁懂啊！这杯咖啡只要九块九。今天下单再送一杯。';
const REPORT = {
  hook: '开头一句“家人们谁懂啊”',
  beats: [
    { title: '钩子', text: '家人们谁懂啊' },
    { title: '价格', text: '只要九块九' },
    { title: '行动号召', text: '下单再送一杯' },
  ],
  selling_points: ['低价'],
  emotions: ['好奇'],
  why: '低价反差',
};

let dir: string;
let site: FakeSite;
let chat: FakeChatService;
let stt: FakeOpenAiTranscription;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record<string, string>;
let child: ChildProcess | null = null;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'viral-resume-'));
  site = await startFakeSite(await makeSiteMedia(dir));
  // The first analysis request is the one the kill interrupts: it never answers; later ones do.
  chat = await startFakeChatStream((_req, index) =>
    index === 0
      ? { firstByteDelayMs: 120_000, chunks: [] }
      : { chunks: [...textChunks(JSON.stringify(REPORT), 40), finished] },
  );
  stt = await startFakeOpenAiTranscription({ duration: 6, segments: [{ start: 0, end: 6, text: HEARD }] });
  db = await freshDatabase();
  env = {
    ...(await childServerEnv(dir, db.env)),
    ...viralTestEnv(chat.url),
    TRANSCRIPTION_ENGINE: 'openai',
    TRANSCRIPTION_OPENAI_URL: stt.baseUrl,
    TRANSCRIPTION_OPENAI_KEY: 'sk-test',
  };
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await site?.close();
  await chat?.close();
  await stt?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * On PostgreSQL the dead worker's job stays active until its expiry (an hour), when the queue hands it out
 * again; that hour passes here at once. The embedded database does the same itself at start-up (it has one
 * owner, so whatever was active at start was cut off).
 */
async function lapseDeadWorkersJobs(): Promise<void> {
  if (!env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      "update pgboss.job set state = 'retry', start_after = now() where name = 'viral.analyse' and state = 'active'",
    );
  } finally {
    await client.end();
  }
}

describe('a viral analysis whose server is killed between the transcription and the model', () => {
  it('resumes after the restart without hearing the video again, and settles its hold once', async () => {
    const who = await withApp(env, (ctx) => newAccount({ ctx }, { credits: 1000 }));

    child = startServer(env, dir);
    await healthy(env);
    const link = `复制打开抖音，看看【咖啡爆款】 ${site.url}/share/video.html 复制此链接`;
    const created = await callServer<{ id: number }>(env, 'POST', analysisVideo.path, { link }, who.token);
    expect(created.code, created.msg).toBe(0);
    // The transcript is stored before the model is asked: once the model has the request, kill.
    await waitFor('the model to be asked', () => Promise.resolve(chat.requests.length === 1), 120_000);
    expect(stt.requests).toHaveLength(1);
    child.kill('SIGKILL');
    await exited(child);
    await lapseDeadWorkersJobs();

    child = startServer(env, dir);
    await healthy(env);
    const done = await waitFor(
      'the resumed analysis',
      async () =>
        (
          await callServer<{ list: ViralProject[] }>(
            env,
            'GET',
            listViralProjects.path,
            { id: created.data.id },
            who.token,
          )
        ).data.list.find((p) => p.status !== VIRAL_STATUS.running),
      120_000,
    );
    expect(done.status, done.fail_reason).toBe(VIRAL_STATUS.done);
    expect(done.transcript).toBe(HEARD);
    expect(done.report?.beats).toHaveLength(3);
    // Heard once; the model asked again only because its first answer died with the server, and only once:
    // the restarted server runs the one interrupted job, not a second one beside it.
    expect(stt.requests).toHaveLength(1);
    expect(chat.requests).toHaveLength(2);
    child.kill('SIGTERM');
    await exited(child);
    child = null;

    await withApp(env, async (ctx) => {
      const [row] = await ctx.database.db.select().from(viralProjects).where(eq(viralProjects.id, created.data.id));
      const jobKey = row!.jobKey!;
      const [hold] = await ctx.database.db
        .select()
        .from(creditReservations)
        .where(eq(creditReservations.jobKey, jobKey));
      expect(hold).toMatchObject({ status: 'settled', held: TRANSCRIBE + CHAT, charged: TRANSCRIBE + CHAT });
      const logs = await ctx.database.db.select().from(creditLogs).where(eq(creditLogs.jobKey, jobKey));
      expect(logs.filter((l) => l.credits < 0)).toHaveLength(1);
      expect(logs.reduce((sum, l) => sum + l.credits, 0)).toBe(-(TRANSCRIBE + CHAT));
      expect(await testLedger(ctx.database.db).balance(who.id)).toBe(1000 - EXTRACT - TRANSCRIBE - CHAT);
    });
  }, 400_000);
});
