/**
 * Chat streaming benchmark: STREAMS (200) answers at once through one server process against a
 * fake OpenAI-compatible model that streams 500 characters at 20 ms a chunk. The fake and the load
 * generator run in their own processes, so the server's event loop and memory are its own.
 * In the same run the same generator first opens the same number of streams straight to the fake
 * (the baseline), and through a bare relay in the server's process (plain Node HTTP, no framework,
 * no login, no database: the least any relay on this machine adds, printed for reference); then it
 * asks STREAMS questions (sendMessage, 10 points held each) and reads every answer stream. Prints:
 * streams complete, p50/p99 time to the first answer byte (ours, the relay's and the baseline's)
 * and what we add at p99, server RSS growth, and PASS/MISS for each goal:
 * every stream complete, what we add to the p99 first byte ≤ 1.5 × what the bare relay adds in the same run
 * (at least 1 ms, so a relay that happens to add nothing does not make the goal zero), RSS growth < 150 MB.
 * BENCH_CPU_PROFILE=<file>: writes the server's CPU profile of the streams' first second (the opens
 * and their first deltas) to that file, for Chrome's DevTools.
 */
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatAnswerStream, newNonce, NONCE_PARAM, sendChatMessage, signaturePayload } from '@app/contract';
import { loadText, measure } from './lib/measure.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const ANSWER = '数字人视频让每个人都能拥有自己的虚拟主播。'.repeat(25).slice(0, 500);
const CHUNK_CHARS = 5;
const CHUNK_MS = 20;
const GOALS = { addedOverRelay: 1.5, rssGrowthMb: 150 } as const;
const self = fileURLToPath(import.meta.url);
/** A PostgreSQL database to run on (an empty one: the run migrates it); the embedded PGlite when unset. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
const PROFILE_MS = 1_000;

interface ClientJob {
  server: string;
  fake: string;
  relay: string;
  secret: string;
  tokens: string[];
}
interface StreamResult {
  ok: boolean;
  ttfbMs: number;
  chars: number;
  error?: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

// ---------- the fake model (child process) ----------
async function runFake() {
  const { startFakeChatStream, textChunks, finished } =
    await import('../apps/server/src/engines/text/testing/fake-chat-stream.js');
  const fake = await startFakeChatStream(() => ({
    chunks: [...textChunks(ANSWER, CHUNK_CHARS), finished],
    chunkDelayMs: CHUNK_MS,
  }));
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
}

// ---------- the load generator (child process) ----------
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Reads a server-sent stream; the first answer byte is the first `data:` carrying answer text. */
function readStream(
  req: http.ClientRequest,
  started: number,
  firstAnswer: (line: string) => string | null,
): Promise<StreamResult> {
  return new Promise((resolve) => {
    let ttfb = -1;
    let chars = 0;
    let buffer = '';
    let done = false;
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buffer += c;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line === 'event: done' || line === 'data: [DONE]') done = true;
          const text = firstAnswer(line);
          if (text) {
            if (ttfb < 0) ttfb = performance.now() - started;
            chars += text.length;
          }
        }
      });
      res.on('end', () => resolve({ ok: done && chars === ANSWER.length, ttfbMs: ttfb, chars }));
      res.on('error', (e) => resolve({ ok: false, ttfbMs: ttfb, chars, error: String(e) }));
    });
    req.on('error', (e) => resolve({ ok: false, ttfbMs: ttfb, chars, error: String(e) }));
  });
}

function vendorText(line: string): string | null {
  if (!line.startsWith('data: ') || line === 'data: [DONE]') return null;
  const chunk = JSON.parse(line.slice(6)) as { choices: { delta: { content?: string | null } }[] };
  return chunk.choices[0]?.delta.content ?? null;
}

function direct(fake: string): Promise<StreamResult> {
  const url = new URL(`${fake}/chat/completions`);
  const started = performance.now();
  const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } });
  const result = readStream(req, started, vendorText);
  req.end(JSON.stringify({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: '你好' }] }));
  return result;
}

function signed(params: Record<string, string>, secret: string) {
  const p = { ...params, [NONCE_PARAM]: newNonce(), timestamp: String(Math.floor(Date.now() / 1000)) };
  return { ...p, sign: createHash('md5').update(signaturePayload(p, secret)).digest('hex') };
}

async function ask(job: ClientJob, token: string, i: number): Promise<{ cid: number; mid: number }> {
  const res = await fetch(`${job.server}${sendChatMessage.path}`, {
    method: 'POST',
    headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      signed({ content: `第${i}个问题：介绍一下数字人视频`, model: 'v3' }, job.secret),
    ).toString(),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { cid: number; mid: number } };
  if (body.code !== 0) throw new Error(`sendMessage refused: ${body.msg}`);
  return body.data;
}

function ours(job: ClientJob, token: string, q: { cid: number; mid: number }): Promise<StreamResult> {
  // Each stream gets its own parser state.
  let inMessage = false;
  const text = (line: string) => {
    if (line.startsWith('event: ')) inMessage = line === 'event: message';
    else if (inMessage && line.startsWith('data: ')) return (JSON.parse(line.slice(6)) as { message: string }).message;
    return null;
  };
  const qs = new URLSearchParams({ token, cid: String(q.cid), mid: String(q.mid) });
  const started = performance.now();
  const req = http.request(`${job.server}${chatAnswerStream.path}?${qs}`, { agent });
  const result = readStream(req, started, text);
  req.end();
  return result;
}

async function runClient() {
  const job = JSON.parse(fs.readFileSync(0, 'utf8')) as ClientJob;
  // Warm both paths once (the server's first upstream request loads its HTTP client); the first token is the warm-up's.
  const [warm, ...tokens] = job.tokens;
  await direct(job.fake);
  await ours(job, warm!, await ask(job, warm!, -1));
  job.tokens = tokens;
  await direct(job.relay);
  const baseline = await Promise.all(job.tokens.map(() => direct(job.fake)));
  const relayed = await Promise.all(job.tokens.map(() => direct(job.relay)));
  const questions = await Promise.all(job.tokens.map((t, i) => ask(job, t, i)));
  process.stdout.write(`${JSON.stringify({ phase: 'asked' })}\n`);
  const streamed = await Promise.all(job.tokens.map((t, i) => ours(job, t, questions[i]!)));
  process.stdout.write(`${JSON.stringify({ phase: 'result', baseline, relayed, streamed })}\n`);
}

/** Forwards each POST to the fake and its answer back chunk by chunk, with nothing else on the way. */
async function bareRelay(fakeUrl: string): Promise<{ url: string; close: () => void }> {
  const upstream = new URL('/chat/completions', fakeUrl);
  const keep = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const up = http.request(upstream, {
        method: 'POST',
        agent: keep,
        headers: { 'content-type': 'application/json' },
      });
      up.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'text/event-stream' });
        answer.on('data', (c: Buffer) => res.write(c));
        answer.on('end', () => res.end());
      });
      up.on('error', () => res.destroy());
      up.end(Buffer.concat(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      server.closeAllConnections();
      keep.destroy();
    },
  };
}

type Results = { baseline: StreamResult[]; relayed: StreamResult[]; streamed: StreamResult[] };

/** How many of a set of streams completed, and their time to the first answer byte at p50 and p99. */
function summary(results: StreamResult[]) {
  const ttfb = results.filter((r) => r.ttfbMs >= 0).map((r) => r.ttfbMs);
  return { complete: results.filter((r) => r.ok).length, p50: pct(ttfb, 50), p99: pct(ttfb, 99) };
}

// ---------- the server (this process) ----------
function child(role: 'fake' | 'client', onLine: (line: Record<string, unknown>) => void, input?: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', self, role], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (c: string) => {
    buffer += c;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>);
      buffer = buffer.slice(nl + 1);
    }
  });
  if (input !== undefined) proc.stdin.end(input);
  return proc;
}

async function runServer() {
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { users } = await import('../apps/server/src/db/schema/index.js');
  const { issueToken } = await import('../apps/server/src/platform/auth/tokens.js');
  const { grantCredits } = await import('../apps/server/src/modules/billing/index.js');

  let fakeUrl = '';
  const fake = child('fake', (l) => (fakeUrl = String(l.url)));
  for (let waited = 0; !fakeUrl; waited += 20) {
    if (fake.exitCode !== null) throw new Error(`the fake model exited with code ${fake.exitCode} before it listened`);
    if (waited > 60_000) throw new Error('the fake model did not listen within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SEED_DEMO_ACTORS: '0',
    ROLE: 'api',
    ADMIN_PASSWORD: 'bench-admin-1',
    CHAT_MODEL_URL: fakeUrl,
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  });
  const { app, ctx } = await buildApp(config);
  const relay = await bareRelay(fakeUrl);
  try {
    const db = ctx.database.db;
    const tokens: string[] = [];
    for (let i = 0; i <= STREAMS; i++) {
      const [u] = await db
        .insert(users)
        .values({ username: `bench_chat_${Date.now()}_${i}` })
        .returning({ id: users.id });
      await grantCredits(db, u!.id, 100, new Date(Date.now() + 86_400_000), 'bench');
      tokens.push(await issueToken(db, u!.id));
    }
    const server = await app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const cpu0 = process.cpuUsage();
    const m = await measure(
      () =>
        new Promise<Results>((resolve, reject) => {
      const c = child(
        'client',
        (l) => {
          if (l.phase === 'asked' && CPU_PROFILE) void profileFor(CPU_PROFILE, PROFILE_MS);
          if (l.phase === 'result') resolve(l as unknown as Results);
        },
        JSON.stringify({
          server,
          fake: fakeUrl,
          relay: relay.url,
          secret: config.SIGN_SECRET,
          tokens,
        } satisfies ClientJob),
      );
      c.on('close', (code, signal) =>
        reject(new Error(`the load generator exited (code ${code ?? signal}) before its results; its error is above`)),
      );
    }),
      // No walk of /proc during the streams: its cost would land on the server being measured.
      { sample: false },
    );
    const serverCpu = process.cpuUsage(cpu0);
    const result = m.value;
    clearInterval(sampler);
    const seconds = m.seconds;
    const base = summary(result.baseline);
    const viaRelay = summary(result.relayed);
    const viaServer = summary(result.streamed);
    const added = viaServer.p99 - base.p99;
    const relayAdded = viaRelay.p99 - base.p99;
    const addedLimit = GOALS.addedOverRelay * Math.max(relayAdded, 1);
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
    const [charged] = (
      await ctx.database.executor.executeSql(
        "select count(*)::int - 1 as n from chat_messages where role = 'assistant' and status = 3 and credits_charged = 10",
        [],
      )
    ).rows as { n: number }[];
    const f = (n: number) => n.toFixed(1);
    console.log(
      `chat streams on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${STREAMS} at once, ${ANSWER.length} characters each at ${CHUNK_MS} ms a ${CHUNK_CHARS}-character chunk`,
    );
    console.log(
      `  baseline (straight to the fake):  ${base.complete}/${STREAMS} complete, first byte p50 ${f(base.p50)} ms, p99 ${f(base.p99)} ms`,
    );
    console.log(
      `  through a bare relay (the floor): ${viaRelay.complete}/${STREAMS} complete, first byte p50 ${f(viaRelay.p50)} ms, p99 ${f(viaRelay.p99)} ms (adds ${f(viaRelay.p99 - base.p99)} ms at p99)`,
    );
    console.log(
      `  through the server:               ${viaServer.complete}/${STREAMS} complete, first byte p50 ${f(viaServer.p50)} ms, p99 ${f(viaServer.p99)} ms`,
    );
    console.log(`  answers settled at 10 points:     ${charged?.n ?? 0}/${STREAMS}`);
    console.log(
      `  added at p99: ${f(added)} ms; server RSS ${f(rssBefore / 1048576)} MB -> peak ${f(rssPeak / 1048576)} MB (growth ${f(growthMb)} MB); run ${f(seconds)} s (${m.load})`,
    );
    console.log(
      `  CPU: ${f(m.cpu)} s all processes of the run (server, fake model, load generator), server ${f((serverCpu.user + serverCpu.system) / 1e6)} s`,
    );
    const goals = [
      ['every stream complete', viaServer.complete === STREAMS],
      [
        `p99 first byte added ${f(added)} ms ≤ ${GOALS.addedOverRelay} × the bare relay's ${f(relayAdded)} ms (${f(addedLimit)} ms)`,
        added <= addedLimit,
      ],
      [`server RSS growth < ${GOALS.rssGrowthMb} MB`, growthMb < GOALS.rssGrowthMb],
    ] as const;
    for (const [name, pass] of goals) console.log(`  ${pass ? 'PASS' : 'MISS'} ${name}; ${loadText()}`);
    const errors = result.streamed.filter((r) => r.error).map((r) => r.error);
    if (errors.length) console.log(`  errors: ${[...new Set(errors)].slice(0, 3).join('; ')}`);
    process.exitCode = goals.every(([, pass]) => pass) ? 0 : 1;
  } finally {
    relay.close();
    await app.close();
    fake.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** This process's CPU profile over the next `ms`, written to `file`. */
async function profileFor(file: string, ms: number) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await new Promise((r) => setTimeout(r, ms));
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

const role = process.argv[2];
await (role === 'fake' ? runFake() : role === 'client' ? runClient() : runServer());
