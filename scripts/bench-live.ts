/**
 * Live digital human benchmark, on the offline engines (the Q&A library and espeak-ng speech): one
 * server process (this one) and a load generator in its own process, so the server's event loop is its own.
 * Section "latency": one session asks QUESTIONS (30) questions one after another; the figure is the
 * time from the question sent to its first `audio` event (speech and mouth shapes of sentence 1),
 * p50/p95, goal ≤ 800 / 1500 ms. Section "concurrent": SESSIONS (20) sessions at once, each asking 3
 * questions in turn; p95 of the same figure ≤ 2 s, and no session fails (every answer ends with `done`).
 * Each section prints the CPU of every process of the run (server, its espeak-ng children, the load
 * generator) and the server's own, with the load average beside the figures, and PASS/MISS per goal.
 * Sections are a list: another section (a browser's main-thread figure) is one more entry.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  askLive,
  newNonce,
  NONCE_PARAM,
  saveLiveConfig,
  saveLiveQa,
  signaturePayload,
  startLiveSession,
  type Endpoint,
} from '@app/contract';
import { loadText, measure } from './lib/measure.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
const PER_SESSION = 3;
const GOALS = { firstAudioP50Ms: 800, firstAudioP95Ms: 1500, concurrentP95Ms: 2000 } as const;
const self = fileURLToPath(import.meta.url);
/** A PostgreSQL database to run on (an empty one: the run migrates it); the embedded PGlite when unset. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

/** The library the questions are asked of: a shop's front desk, two or three sentences an answer. */
const LIBRARY = [
  { q: '你们几点营业\n营业时间是什么时候', a: '我们每天早上九点开门。晚上九点关门，节假日照常营业。' },
  { q: '怎么退货\n退款流程是怎样的', a: '收到商品七天内可以申请退货。审核通过后，货款会原路退回。' },
  { q: '有什么优惠活动', a: '本周全场满两百减三十。会员还能再打九五折！' },
  { q: '你们在哪里\n门店地址', a: '我们在人民路一百号。地铁二号线人民广场站下车，步行五分钟就到。' },
];
const ASKED = ['请问几点营业？', '我想退货怎么办', '最近有优惠吗', '你们门店地址在哪里'];

interface ClientJob {
  server: string;
  /** One token and session per concurrent session; the first also runs the latency section. */
  sessions: { token: string; session: string }[];
  section: 'latency' | 'concurrent';
}
interface Answer {
  ok: boolean;
  firstAudioMs: number;
  error?: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

// ---------- the load generator (child process) ----------
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Asks one question and reads its stream to the end: the time to the first `audio` event, and whether it ended `done`. */
function askOnce(server: string, token: string, session: string, question: string): Promise<Answer> {
  const qs = new URLSearchParams({ token, session_id: session, question });
  const started = performance.now();
  return new Promise((resolve) => {
    let first = -1;
    let done = false;
    let error = '';
    let buffer = '';
    const req = http.get(`${server}${askLive.path}?${qs}`, { agent }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buffer += c;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line === 'event: audio' && first < 0) first = performance.now() - started;
          if (line === 'event: done') done = true;
          if (line.startsWith('data: {"message"') && line.includes('"code"')) error = line.slice(6, 200);
          if (line.startsWith('{"code"')) error = line.slice(0, 200);
        }
      });
      res.on('end', () => resolve({ ok: done && first >= 0, firstAudioMs: first, ...(error ? { error } : {}) }));
    });
    req.on('error', (e) => resolve({ ok: false, firstAudioMs: first, error: String(e) }));
  });
}

async function runClient() {
  const job = JSON.parse(fs.readFileSync(0, 'utf8')) as ClientJob;
  let answers: Answer[] = [];
  if (job.section === 'latency') {
    const [s] = job.sessions;
    // One warm-up question (the first synthesis loads the dictionaries), not counted.
    await askOnce(job.server, s!.token, s!.session, ASKED[0]!);
    for (let i = 0; i < QUESTIONS; i++)
      answers.push(await askOnce(job.server, s!.token, s!.session, ASKED[i % ASKED.length]!));
  } else {
    const each = await Promise.all(
      job.sessions.map(async (s, k) => {
        const out: Answer[] = [];
        for (let i = 0; i < PER_SESSION; i++)
          out.push(await askOnce(job.server, s.token, s.session, ASKED[(k + i) % ASKED.length]!));
        return out;
      }),
    );
    answers = each.flat();
  }
  process.stdout.write(`${JSON.stringify({ phase: 'result', answers })}\n`);
}

// ---------- the server (this process) ----------
function child(input: string, onLine: (line: Record<string, unknown>) => void) {
  const proc = spawn(process.execPath, ['--import', 'tsx', self, 'client'], { stdio: ['pipe', 'pipe', 'inherit'] });
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
  proc.stdin.end(input);
  return proc;
}

interface Section {
  name: string;
  run(): Promise<boolean>;
}

async function runServer() {
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { users } = await import('../apps/server/src/db/schema/index.js');
  const { issueToken } = await import('../apps/server/src/platform/auth/tokens.js');
  const { grantCredits } = await import('../apps/server/src/modules/billing/index.js');
  const { LOCAL_PRESET_VOICES } = await import('../apps/server/src/engines/speech/index.js');
  const { sql } = await import('drizzle-orm');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    PAID_CALLS_PER_MINUTE: '0',
    SEED_DEMO_ACTORS: '0',
    ROLE: 'api',
    ADMIN_PASSWORD: 'bench-admin-1',
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  });
  const { app, ctx } = await buildApp(config);
  const db = ctx.database.db;
  /** A signed call, as the web client makes it. */
  const call = async (ep: Endpoint, token: string, params: Record<string, string | number>) => {
    const p: Record<string, string> = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    p[NONCE_PARAM] = newNonce();
    p.timestamp = String(Math.floor(Date.now() / 1000));
    p.sign = createHash('md5').update(signaturePayload(p, config.SIGN_SECRET)).digest('hex');
    const res = await app.inject({
      method: 'POST',
      url: ep.path,
      headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(p).toString(),
    });
    const body = res.json<{ code: number; msg: string; data: Record<string, unknown> }>();
    if (body.code !== 0) throw new Error(`${ep.path}: ${body.msg}`);
    return body.data;
  };
  try {
    const one = <T>(r: unknown) => (r as { rows: T[] }).rows[0]!;
    const actor = one<{ id: number }>(
      await db.execute(
        sql`insert into avatars (user_id, name, source, status, source_key, source_name, hs, duration, width, height, fps)
            values (null, ${'演员'}, 2, 2, ${'public/actors/x/source.mp4'}, ${'source.mp4'}, 2, 6, 360, 640, 25) returning id`,
      ),
    ).id;
    const voice = one<{ id: number }>(
      await db.execute(
        sql`insert into voices (user_id, source, name, api, generate_status, voice_ref)
            values (null, 2, ${'离线女声'}, ${'local'}, 2, ${LOCAL_PRESET_VOICES[0]!.voiceRef}) returning id`,
      ),
    ).id;
    /** SESSIONS accounts, each with the library, a configuration and an open session. */
    const sessions: ClientJob['sessions'] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const [u] = await db
        .insert(users)
        .values({ username: `bench_live_${Date.now()}_${i}` })
        .returning({ id: users.id });
      await grantCredits(db, u!.id, 1000, new Date(Date.now() + 86_400_000), 'bench');
      const token = await issueToken(db, u!.id);
      for (const e of LIBRARY) await call(saveLiveQa, token, { questions: e.q, answer: e.a });
      const c = await call(saveLiveConfig, token, { name: '前台', avatar_id: actor, voice_id: voice, source: 1 });
      const s = await call(startLiveSession, token, { config_id: Number(c.id) });
      sessions.push({ token, session: String(s.session_id) });
    }
    const server = await app.listen({ port: 0, host: '127.0.0.1' });
    const f = (n: number) => n.toFixed(0);

    const runSection = async (section: ClientJob['section'], jobSessions: ClientJob['sessions']) => {
      const cpu0 = process.cpuUsage();
      const m = await measure(
        () =>
          new Promise<Answer[]>((resolve, reject) => {
            const c = child(JSON.stringify({ server, sessions: jobSessions, section } satisfies ClientJob), (l) => {
              if (l.phase === 'result') resolve(l.answers as Answer[]);
            });
            c.on('close', (code) => reject(new Error(`the load generator exited (code ${code}) before its results`)));
          }),
        // No walk of /proc during the run: its cost would land on the server being measured.
        { sample: false },
      );
      const serverCpu = process.cpuUsage(cpu0);
      const firsts = m.value.filter((a) => a.firstAudioMs >= 0).map((a) => a.firstAudioMs);
      return {
        answers: m.value,
        p50: pct(firsts, 50),
        p95: pct(firsts, 95),
        cpu: `CPU ${m.cpu.toFixed(1)} s all processes (server, espeak-ng, load generator), server ${((serverCpu.user + serverCpu.system) / 1e6).toFixed(1)} s; run ${m.seconds.toFixed(1)} s (${m.load})`,
      };
    };
    const report = (goals: [string, boolean][]) => {
      for (const [name, pass] of goals) console.log(`  ${pass ? 'PASS' : 'MISS'} ${name}; ${loadText()}`);
      return goals.every(([, pass]) => pass);
    };
    const errorsOf = (answers: Answer[]) =>
      [...new Set(answers.filter((a) => a.error).map((a) => a.error))].slice(0, 3);

    const sections: Section[] = [
      {
        name: 'latency',
        async run() {
          const r = await runSection('latency', sessions.slice(0, 1));
          const ok = r.answers.filter((a) => a.ok).length;
          console.log(
            `live answers on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, offline speech: ${QUESTIONS} questions in turn on one session`,
          );
          console.log(
            `  question sent -> first audio: p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms; ${ok}/${QUESTIONS} answered; ${loadText()}`,
          );
          console.log(`  ${r.cpu}`);
          for (const e of errorsOf(r.answers)) console.log(`  error: ${e}`);
          return report([
            [`first audio p50 ≤ ${GOALS.firstAudioP50Ms} ms`, r.p50 <= GOALS.firstAudioP50Ms],
            [`first audio p95 ≤ ${GOALS.firstAudioP95Ms} ms`, r.p95 <= GOALS.firstAudioP95Ms],
            ['every question answered', ok === QUESTIONS],
          ]);
        },
      },
      {
        name: 'concurrent',
        async run() {
          const r = await runSection('concurrent', sessions);
          const total = SESSIONS * PER_SESSION;
          const ok = r.answers.filter((a) => a.ok).length;
          console.log(
            `live answers: ${SESSIONS} sessions at once, ${PER_SESSION} questions each in turn, one server process`,
          );
          console.log(
            `  question sent -> first audio: p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms; ${ok}/${total} answered; ${loadText()}`,
          );
          console.log(`  ${r.cpu}`);
          for (const e of errorsOf(r.answers)) console.log(`  error: ${e}`);
          return report([
            [`first audio p95 ≤ ${GOALS.concurrentP95Ms} ms`, r.p95 <= GOALS.concurrentP95Ms],
            ['no failed session', ok === total],
          ]);
        },
      },
    ];
    const only = process.env.BENCH_SECTIONS?.split(',');
    let pass = true;
    for (const s of sections) if (!only || only.includes(s.name)) pass = (await s.run()) && pass;
    process.exitCode = pass ? 0 : 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'client') await runClient();
else await runServer();
