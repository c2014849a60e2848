/**
 * Soak: SOAK_SECONDS (600) of mixed load from SOAK_USERS (500) simulated users against the split mode
 * (one ROLE=api and one ROLE=worker process) on a throwaway PostgreSQL database, with the local engines.
 * Each user polls the works list every 15 s; now and then a user creates a work, uploads a short
 * recording (signed form post to the store, then registered) or starts an audition and polls it.
 * Afterwards the works still running are given SOAK_DRAIN_SECONDS (300) to finish, then it checks:
 * no 5xx reply, no lost work (every created work done or failed), every ledger balanced (the log sums
 * to the balance; each reservation settled or refunded, none left held), and each process's RSS flat
 * after the first minute (least-squares slope under SOAK_RSS_SLOPE_MB_PER_MIN, 2 MB/min). Prints
 * PASS or MISS per check and exits 1 on any MISS. The database and data folder are removed at the end.
 *
 * With SOAK_KILL_WORKER_EVERY_SECONDS (e.g. 120), the worker is killed with SIGKILL that often during
 * the load and started again at once, as a crashed machine's process manager would: the same checks
 * must hold (every work done or refunded, every ledger balanced); the worker's RSS is not judged then.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), ffmpeg and
 * espeak-ng. Other knobs: SOAK_WORKS_PER_MINUTE (6), SOAK_UPLOADS_PER_MINUTE (20),
 * SOAK_AUDITIONS_PER_MINUTE (20), SOAK_MULTI_PER_MINUTE (2 multi-scene works of two scenes),
 * SOAK_PORT (random free port).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  completeUpload,
  getAudition,
  listWorks,
  saveMultiWork,
  saveWork,
  signUpload,
  startAudition,
  type Endpoint,
} from '@app/contract';
import { signedParams } from '../apps/server/test/helper.js';
import { freePort } from '../e2e/support/ports.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const SECONDS = num('SOAK_SECONDS', 600);
const USERS = num('SOAK_USERS', 500);
const DRAIN_SECONDS = num('SOAK_DRAIN_SECONDS', 300);
const WORKS_PER_MINUTE = num('SOAK_WORKS_PER_MINUTE', 6);
const UPLOADS_PER_MINUTE = num('SOAK_UPLOADS_PER_MINUTE', 20);
const AUDITIONS_PER_MINUTE = num('SOAK_AUDITIONS_PER_MINUTE', 20);
const MULTI_PER_MINUTE = num('SOAK_MULTI_PER_MINUTE', 2);
const KILL_EVERY_SECONDS = num('SOAK_KILL_WORKER_EVERY_SECONDS', 0);
const RSS_SLOPE_LIMIT = num('SOAK_RSS_SLOPE_MB_PER_MIN', 2);
const POLL_EVERY_MS = 15_000;
const START_CREDITS = 100_000;
const SIGN_SECRET = `soak-${randomBytes(8).toString('hex')}`;
const SCRIPT = '大家好，欢迎来到数字人视频平台。今天我们一起做一个会说话的视频。';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `soak_${Date.now()}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ---- the two processes ----------------------------------------------------------------------------

interface Proc {
  role: 'api' | 'worker';
  child: ChildProcess;
  rss: { t: number; mb: number }[];
  exited: boolean;
}

function startProcess(role: 'api' | 'worker', port: number): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ROLE: role,
      PORT: String(role === 'api' ? port : 0),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      SIGN_SECRET,
      ADMIN_PASSWORD: 'soak-admin-1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every simulated user shares the loopback address; the per-address limit is for the internet.
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { role, child, rss: [], exited: false };
  // Appended to: a worker started again after a kill writes on where the dead one stopped.
  const log = fs.createWriteStream(path.join(dataDir, `${role}.log`), { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.on('exit', () => (proc.exited = true));
  return proc;
}

/** Resident anonymous and file-backed memory (MB) of a process: growth in the first is memory the process allocated. */
function rssParts(pid: number): string {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return `anonymous ${(kb('RssAnon') / 1024).toFixed(0)} MB, file-backed ${(kb('RssFile') / 1024).toFixed(0)} MB, shared ${(kb('RssShmem') / 1024).toFixed(0)} MB, threads ${/Threads:\s+(\d+)/.exec(status)?.[1] ?? '?'}`;
  } catch {
    return 'gone';
  }
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Least-squares slope of RSS (MB per minute) over the samples after `fromMs`. */
function slope(samples: { t: number; mb: number }[], fromMs: number): number {
  const s = samples.filter((x) => x.t >= fromMs);
  if (s.length < 3) return 0;
  const mx = s.reduce((a, x) => a + x.t, 0) / s.length;
  const my = s.reduce((a, x) => a + x.mb, 0) / s.length;
  const cov = s.reduce((a, x) => a + (x.t - mx) * (x.mb - my), 0);
  const vx = s.reduce((a, x) => a + (x.t - mx) ** 2, 0);
  return vx ? (cov / vx) * 60_000 : 0;
}

// ---- calls --------------------------------------------------------------------------------------

const stats = {
  calls: 0,
  fiveXx: 0,
  networkErrors: 0,
  refused: new Map<string, number>(),
  byPath: new Map<string, number>(),
};
let base = '';

async function send(label: string, url: string, init: RequestInit): Promise<Response | null> {
  stats.calls++;
  stats.byPath.set(label, (stats.byPath.get(label) ?? 0) + 1);
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    if (res.status >= 500) {
      stats.fiveXx++;
      console.error(`5xx ${res.status} on ${label}: ${(await res.text()).slice(0, 200)}`);
      return null;
    }
    return res;
  } catch (e) {
    stats.networkErrors++;
    console.error(`network error on ${label}: ${(e as Error).message}`);
    return null;
  }
}

async function call<T>(
  ep: Endpoint,
  token: string,
  params: Record<string, string | number> = {},
): Promise<{ code: number; msg: string; data: T } | null> {
  const qs = new URLSearchParams(signedParams(params, SIGN_SECRET)).toString();
  const isGet = ep.method === 'GET';
  const res = await send(`${ep.method} ${ep.path}`, isGet ? `${base}${ep.path}?${qs}` : `${base}${ep.path}`, {
    method: ep.method,
    headers: { 'x-token': token, ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: isGet ? undefined : qs,
  });
  if (!res) return null;
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) {
    const k = `${ep.method} ${ep.path}: ${body.msg}`;
    stats.refused.set(k, (stats.refused.get(k) ?? 0) + 1);
  }
  return body;
}

function multipart(fields: Record<string, string>, content: Buffer, filename: string) {
  const boundary = `----soak${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: audio/mp4\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- the simulated users ------------------------------------------------------------------------

interface User {
  id: number;
  token: string;
}
const createdWorks: number[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pollWorks(u: User, until: number) {
  // Spread the users over the polling interval, as real people arrive at different times.
  await sleep(Math.random() * POLL_EVERY_MS);
  while (Date.now() < until) {
    await call(listWorks, u.token, { page: 1, limit: 10 });
    await sleep(POLL_EVERY_MS);
  }
}

/** Runs `act` about `perMinute` times a minute, each time for a random user. */
async function every(perMinute: number, until: number, act: () => Promise<void>) {
  if (perMinute <= 0) return;
  const running = new Set<Promise<void>>();
  while (Date.now() < until) {
    const p: Promise<void> = act().finally(() => running.delete(p));
    running.add(p);
    await sleep((60_000 / perMinute) * (0.5 + Math.random()));
  }
  await Promise.all(running);
}

async function main() {
  const started = Date.now();
  await admin((c) => c.query(`create database ${dbName}`));
  const port = num('SOAK_PORT', 0) || (await freePort());
  base = `http://127.0.0.1:${port}`;
  const procs: Proc[] = [];
  const kills: { at: number; pid: number; upAfterMs: number }[] = [];
  const pg1 = new pg.Pool({ connectionString: dbUrl, max: 4 });
  let failed = false;
  try {
    // Started at the same instant, as an operator's process manager would.
    procs.push(startProcess('api', port), startProcess('worker', port));
    for (let i = 0; ; i++) {
      if (procs.some((p) => p.exited)) throw new Error(`a process exited at start; see ${dataDir}/*.log`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 600) throw new Error('the api did not come up in 5 minutes');
      await sleep(500);
    }
    console.log(`api and worker up after ${((Date.now() - started) / 1000).toFixed(0)} s; seeding ${USERS} users`);

    // Users with credits, made as the accounts and credits features make them (rows + ledger line).
    const users: User[] = [];
    const expire = new Date(Date.now() + 30 * 86_400_000);
    for (let i = 0; i < USERS; i++) {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await pg1.query<{ id: number }>(`insert into users (username) values ($1) returning id`, [
        `soak_${i}_${randomBytes(3).toString('hex')}`,
      ]);
      const id = rows[0]!.id;
      await pg1.query(`insert into user_tokens (user_id, token_hash, expires_at) values ($1, $2, $3)`, [
        id,
        createHash('sha256').update(token).digest('hex'),
        expire,
      ]);
      await pg1.query(
        `insert into credit_batches (user_id, credits, credits_left, expire_at, action_name) values ($1, $2, $2, $3, '压测赠送')`,
        [id, START_CREDITS, expire],
      );
      await pg1.query(`insert into credit_logs (user_id, action_name, credits) values ($1, '压测赠送', $2)`, [
        id,
        START_CREDITS,
      ]);
      users.push({ id, token });
    }
    // Public actors and voices seeded at first start (the worker prepares the actors).
    const ready = async () => {
      const a = await pg1.query<{ id: number }>(
        `select id from avatars where source = 2 and status = 2 order by id limit 1`,
      );
      const v = await pg1.query<{ id: number }>(
        `select id from voices where user_id is null and generate_status = 2 order by id limit 1`,
      );
      return a.rows[0] && v.rows[0] ? { avatar: a.rows[0].id, voice: v.rows[0].id } : null;
    };
    let picks = await ready();
    for (let i = 0; !picks && i < 600; i++) {
      await sleep(1000);
      picks = await ready();
    }
    if (!picks) throw new Error('no ready public actor and voice after 10 minutes');

    const clip = path.join(dataDir, 'clip.m4a');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=6',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      clip,
    ]);
    const clipBytes = fs.readFileSync(clip);

    const pick = () => users[Math.floor(Math.random() * users.length)]!;
    const loadStart = Date.now();
    const until = loadStart + SECONDS * 1000;
    const heap: { t: number; mb: number }[] = [];
    /** What else the API's RSS holds, to tell V8's reserve from native memory: heap reserved, external (Buffers). */
    const reserve: { t: number; totalMb: number; externalMb: number }[] = [];
    const megabytes = (text: string, metric: string) => {
      const m = new RegExp(`^${metric} (\\d+)`, 'm').exec(text);
      return m ? Number(m[1]) / 1048576 : NaN;
    };
    const sampler = setInterval(() => {
      void fetch(`${base}/metrics`)
        .then((r) => r.text())
        .then((text) => {
          const t = Date.now() - loadStart;
          const used = megabytes(text, 'nodejs_heap_size_used_bytes');
          if (!Number.isNaN(used)) heap.push({ t, mb: used });
          reserve.push({
            t,
            totalMb: megabytes(text, 'nodejs_heap_size_total_bytes'),
            externalMb: megabytes(text, 'nodejs_external_memory_bytes'),
          });
        })
        .catch(() => undefined);
      for (const p of procs) {
        const mb = p.child.pid ? rssMb(p.child.pid) : null;
        if (mb !== null) p.rss.push({ t: Date.now() - loadStart, mb });
      }
    }, 5_000);
    const progress = setInterval(() => {
      const rss = procs.map((p) => `${p.role} ${p.rss.at(-1)?.mb.toFixed(0) ?? '?'} MB`).join(', ');
      console.log(
        `${((Date.now() - loadStart) / 1000).toFixed(0)} s: ${stats.calls} calls, ${stats.fiveXx} × 5xx, ${createdWorks.length} works, ${rss}`,
      );
    }, 30_000);
    console.log(
      `load: ${SECONDS} s, ${USERS} users polling every 15 s, ${WORKS_PER_MINUTE} works, ${MULTI_PER_MINUTE} multi-scene works, ${UPLOADS_PER_MINUTE} uploads, ${AUDITIONS_PER_MINUTE} auditions a minute${KILL_EVERY_SECONDS > 0 ? `; the worker killed with SIGKILL every ${KILL_EVERY_SECONDS} s` : ''}`,
    );
    /** Kills the worker with SIGKILL and starts another at once; notes when its queue is working again. */
    const killWorker = async () => {
      const i = procs.findIndex((p) => p.role === 'worker' && !p.exited);
      const dead = procs[i];
      if (!dead?.child.pid) return;
      const at = Date.now();
      dead.child.kill('SIGKILL');
      await new Promise((r) => dead.child.once('exit', r));
      const fresh = startProcess('worker', port);
      procs[i] = fresh;
      // Up once it beats in the queue's table of live workers.
      const beats = async () =>
        (
          await pg1.query(`select 1 from queue_workers where pid = $1 and beat_at > now() - interval '10 seconds'`, [
            fresh.child.pid,
          ])
        ).rowCount;
      while (!fresh.exited && !(await beats()) && Date.now() - at < 120_000) await sleep(500);
      kills.push({ at: at - loadStart, pid: dead.child.pid, upAfterMs: Date.now() - at });
      console.log(
        `${((at - loadStart) / 1000).toFixed(0)} s: worker ${dead.child.pid} killed (SIGKILL); worker ${fresh.child.pid} working after ${((Date.now() - at) / 1000).toFixed(1)} s`,
      );
    };
    const killer = (async () => {
      if (KILL_EVERY_SECONDS <= 0) return;
      for (let next = loadStart + KILL_EVERY_SECONDS * 1000; next < until; next += KILL_EVERY_SECONDS * 1000) {
        await sleep(next - Date.now());
        await killWorker();
      }
    })();

    await Promise.all([
      ...users.map((u) => pollWorks(u, until)),
      every(WORKS_PER_MINUTE, until, async () => {
        const r = await call<{ id: number }>(saveWork, pick().token, {
          api: 'local',
          video_id: picks.avatar,
          voice_id: picks.voice,
          text: SCRIPT,
        });
        if (r?.code === 0) createdWorks.push(r.data.id);
      }),
      every(MULTI_PER_MINUTE, until, async () => {
        const scene = { type: 'text', text: SCRIPT, voice_id: picks.voice, video_id: picks.avatar };
        const r = await call<{ id: number }>(saveMultiWork, pick().token, {
          api: 'local',
          content: JSON.stringify([scene, { ...scene, text: '谢谢大家的观看，我们下次再见。' }]),
        });
        if (r?.code === 0) createdWorks.push(r.data.id);
      }),
      killer,
      every(UPLOADS_PER_MINUTE, until, async () => {
        const u = pick();
        const s = await call<{ host: string; dir: string; fields: Record<string, string> }>(signUpload, u.token, {
          file_type: 'voice',
        });
        if (s?.code !== 0) return;
        const key = `${s.data.dir}${Date.now()}${randomBytes(3).toString('hex')}.m4a`;
        const { body, contentType } = multipart({ key, ...s.data.fields }, clipBytes, 'clip.m4a');
        const host = new URL(s.data.host, base).toString().replace(/\/$/, '');
        const posted = await send('POST store upload', host, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
        });
        if (!posted || posted.status >= 300) return;
        await call(completeUpload, u.token, { file_type: 'voice', url: `${host}/${key}` });
      }),
      every(AUDITIONS_PER_MINUTE, until, async () => {
        const u = pick();
        const r = await call<{ job_id: string }>(startAudition, u.token, {
          voice_id: picks.voice,
          text: '你好，这是一段试听。',
        });
        if (r?.code !== 0) return;
        for (let i = 0; i < 60; i++) {
          await sleep(1_000);
          const a = await call<{ status: number }>(getAudition, u.token, { job_id: r.data.job_id });
          if (!a || a.code !== 0 || a.data.status === 3 || a.data.status === 4) return;
        }
      }),
    ]);
    clearInterval(progress);
    console.log(
      `load over after ${((Date.now() - loadStart) / 1000).toFixed(0)} s; waiting up to ${DRAIN_SECONDS} s for works and holds to finish`,
    );
    const drainEnd = Date.now() + DRAIN_SECONDS * 1000;
    // Works still rendering, and holds not yet settled or refunded (auditions still queued).
    const open = async () =>
      Number(
        (
          await pg1.query<{ n: string }>(
            `select (select count(*) from works where id = any($1) and status in (1, 2))
                  + (select count(*) from credit_reservations where user_id = any($2) and status = 'held') n`,
            [createdWorks, users.map((u) => u.id)],
          )
        ).rows[0]!.n,
      );
    while ((await open()) > 0 && Date.now() < drainEnd) await sleep(2_000);
    clearInterval(sampler);

    // ---- checks ----
    const results: { name: string; ok: boolean; detail: string }[] = [];
    results.push({
      name: 'no 5xx replies',
      ok: stats.fiveXx === 0 && stats.networkErrors === 0,
      detail: `${stats.fiveXx} × 5xx, ${stats.networkErrors} network errors in ${stats.calls} calls`,
    });
    const states = createdWorks.length
      ? (
          await pg1.query<{ status: number; n: string }>(
            `select status, count(*) n from works where id = any($1) group by status`,
            [createdWorks],
          )
        ).rows
      : [];
    const found = states.reduce((a, r) => a + Number(r.n), 0);
    const finished = states.filter((r) => r.status === 3 || r.status === 4).reduce((a, r) => a + Number(r.n), 0);
    results.push({
      name: 'no lost works',
      ok: found === createdWorks.length && finished === createdWorks.length,
      detail: `${createdWorks.length} created, ${found} found, ${finished} done or failed (${states.map((r) => `status ${r.status}: ${r.n}`).join(', ') || 'none'})`,
    });
    const ids = users.map((u) => u.id);
    // The log has a line for every change (a hold is logged when taken): its sum is the credits left.
    const unbalanced = (
      await pg1.query<{ user_id: number }>(
        `select b.user_id from (select user_id, sum(credits_left) left_ from credit_batches where user_id = any($1) group by user_id) b
           left join (select user_id, sum(credits) total from credit_logs where user_id = any($1) group by user_id) l on l.user_id = b.user_id
          where coalesce(l.total, 0) <> b.left_`,
        [ids],
      )
    ).rows;
    // Each hold ends settled or refunded, and its log lines (hold, return, top-up) add up to what it charged.
    const mismatched = (
      await pg1.query<{ job_key: string }>(
        `select r.job_key from credit_reservations r
           left join (select job_key, sum(credits) total from credit_logs where user_id = any($1) and job_key is not null group by job_key) l
             on l.job_key = r.job_key
          where r.user_id = any($1) and (r.status not in ('settled', 'refunded') or coalesce(l.total, 0) <> -r.charged)`,
        [ids],
      )
    ).rows;
    const reservations = (
      await pg1.query<{ status: string; n: string; held: string; charged: string }>(
        `select status, count(*) n, sum(held) held, sum(charged) charged from credit_reservations where user_id = any($1) group by status`,
        [ids],
      )
    ).rows;
    results.push({
      name: 'every ledger balanced',
      ok: unbalanced.length === 0 && mismatched.length === 0,
      detail: `${unbalanced.length} of ${ids.length} users whose log ≠ credits left; ${mismatched.length} holds open or not matching their log lines; reservations ${reservations.map((r) => `${r.status} ${r.n} (held ${r.held}, charged ${r.charged})`).join(', ') || 'none'}`,
    });
    if (KILL_EVERY_SECONDS > 0)
      results.push({
        name: 'worker killed and back',
        ok: kills.length > 0 && kills.every((k) => k.upAfterMs < 120_000),
        detail: `${kills.length} kills (SIGKILL) at ${kills.map((k) => `${(k.at / 1000).toFixed(0)} s`).join(', ')}; a new worker working after ${kills.map((k) => `${(k.upAfterMs / 1000).toFixed(1)} s`).join(', ')}`,
      });
    const warm = Math.min(60_000, (SECONDS * 1000) / 5);
    // A worker killed along the way has no RSS trend to judge: only the api's is.
    for (const p of procs.filter((x) => KILL_EVERY_SECONDS <= 0 || x.role === 'api')) {
      const sl = slope(p.rss, warm);
      const first = p.rss.find((x) => x.t >= warm)?.mb ?? 0;
      const last = p.rss.at(-1)?.mb ?? 0;
      results.push({
        name: `${p.role} RSS flat after the first minute`,
        ok: !p.exited && sl < RSS_SLOPE_LIMIT,
        detail: `slope ${sl.toFixed(2)} MB/min (limit ${RSS_SLOPE_LIMIT}), ${first.toFixed(0)} → ${last.toFixed(0)} MB, max ${Math.max(0, ...p.rss.map((x) => x.mb)).toFixed(0)} MB${p.exited ? ', process exited' : ''}`,
      });
    }
    // RSS also holds the heap V8 keeps between collections; the lowest heap in use each minute is
    // what survives them, the measure of a leak.
    const lowest = new Map<number, { t: number; mb: number }>();
    for (const x of heap.filter((h) => h.t >= warm)) {
      const minute = Math.floor(x.t / 60_000);
      if (x.mb < (lowest.get(minute)?.mb ?? Infinity)) lowest.set(minute, x);
    }
    const troughs = [...lowest.values()];
    const heapSlope = slope(troughs, warm);
    results.push({
      name: 'api live heap flat after the first minute',
      ok: troughs.length >= 3 && heapSlope < RSS_SLOPE_LIMIT,
      detail: `lowest heap in use each minute ${troughs.map((x) => x.mb.toFixed(0)).join(', ')} MB; slope ${heapSlope.toFixed(2)} MB/min (limit ${RSS_SLOPE_LIMIT})`,
    });
    for (const p of procs)
      if (p.child.pid) console.log(`${p.role} resident memory at the end: ${rssParts(p.child.pid)}`);
    const [r0, r1] = [reserve.find((x) => x.t >= warm), reserve.at(-1)];
    if (r0 && r1)
      console.log(
        `api heap reserved ${r0.totalMb.toFixed(0)} → ${r1.totalMb.toFixed(0)} MB, external ${r0.externalMb.toFixed(0)} → ${r1.externalMb.toFixed(0)} MB (after the first minute)`,
      );
    console.log(`\ncalls by kind: ${[...stats.byPath].map(([k, v]) => `${k} ${v}`).join('; ')}`);
    if (stats.refused.size)
      console.log(`refused (code ≠ 0): ${[...stats.refused].map(([k, v]) => `${k} × ${v}`).join('; ')}`);
    console.log('');
    for (const r of results) console.log(`${r.ok ? 'PASS' : 'MISS'}  ${r.name}: ${r.detail}`);
    failed = results.some((r) => !r.ok);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    await pg1.end().catch(() => undefined);
    for (const p of procs) if (!p.exited) p.child.kill('SIGTERM');
    await Promise.all(procs.filter((p) => !p.exited).map((p) => new Promise((r) => p.child.once('exit', r))));
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((e: unknown) =>
      console.error(`drop ${dbName}: ${String(e)}`),
    );
    if (failed) console.log(`process logs kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(`FAIL: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
