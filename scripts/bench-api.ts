/**
 * API benchmark: (a) a bare Fastify JSON route, (b) a signed, authenticated GET through the whole
 * protocol stack reading one row, on PGlite and on PostgreSQL (TEST_DATABASE_URL, else the local
 * server; unreachable PostgreSQL fails the run unless BENCH_SKIP_PG=1). Prints req/s, p50, p99, the
 * ratio to (a) and PASS/MISS for each goal. The rate limit stays on, set above what the run can reach.
 * (b) runs as deployed (login tokens remembered for SESSION_CACHE_SECONDS) and once more with the
 * session cache off, so every call also looks its token up in the database. Beside each cached run,
 * (c) a bare Fastify route reads the same row from the same database in one statement (no
 * signature, login, limits, headers or ORM): what that read alone costs. The goals compare (b) with
 * this floor of the same run: req/s at least 0.9 of it on PGlite and 0.7 on PostgreSQL, p99 < 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { endpoint } from '@app/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { route } from '../apps/server/src/platform/protocol/route.js';
import { issueToken } from '../apps/server/src/platform/auth/tokens.js';
import { users } from '../apps/server/src/db/schema/index.js';
import type { FeatureModule } from '../apps/server/src/modules/module.js';
import type { AppContext } from '../apps/server/src/platform/context.js';
import { signedParams } from '../apps/server/test/helper.js';
import { dropDb, postgresUrl } from './lib/bench-db.js';
import { loadRun, type Result } from './lib/load-run.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/**
 * The product's goals for a signed, authenticated read (cached session), against its floor: the same
 * row read by a bare Fastify route on the same database in the same run, (c).
 */
const GOALS = {
  pglite: { ratio: 0.9, p99: 50 },
  postgres: { ratio: 0.7, p99: 50 },
} as const;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SKIP_PG = process.env.BENCH_SKIP_PG === '1';
/** Only the full-stack runs whose names contain one of these words (comma-separated), e.g. `pglite`; all when unset. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((w) => name.includes(w));
/** Far above what one run can send (tens of thousands of requests a second at most), so it never triggers. */
const RATE_LIMIT = 1_000_000_000;
const SESSION_CACHE_SECONDS = 5;

const profile = endpoint({
  method: 'GET',
  path: '/api/bench/profile',
  summary: 'bench',
  tag: 'bench',
  auth: 'user',
  params: z.strictObject({}),
  data: z.object({ username: z.string(), credits: z.number() }),
});

/** A PostgreSQL run's CPU per request also counts the database server's processes (`postgres`). */
const load = (name: string, url: string, headers: Record<string, string> = {}, goal = true) =>
  loadRun(name, url, {
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    goal,
    database: name.includes('postgres') ? ['postgres'] : undefined,
  });

/** A bare Fastify app with one GET route, loaded as run `name` (no goal applies to it). */
async function bareRoute(name: string, handler: () => Promise<unknown>): Promise<Result> {
  const app = Fastify({ logger: false });
  app.get('/bare', handler);
  const addr = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load(name, `${addr}/bare`, {}, false);
  } finally {
    await app.close();
  }
}

const bare = () =>
  bareRoute('(a) bare fastify', async () => ({ code: 0, msg: 'ok', data: { username: 'bench', credits: 100 } }));

const runName = (kind: 'pglite' | 'postgres', cached: boolean) =>
  `(b) ${kind}, ${cached ? 'cached session' : 'no session cache'}`;

/** (c): the bench row read by a bare Fastify route through the app's own database connection. */
function bareRead(kind: 'pglite' | 'postgres', executor: AppContext['database']['executor'], userId: number) {
  return bareRoute(`(c) ${kind}, bare fastify + the read`, async () => {
    const { rows } = await executor.executeSql(
      'select username, storage_extra_gb as credits from users where id = $1',
      [userId],
    );
    return { code: 0, msg: 'ok', data: rows[0] };
  });
}

async function fullStack(kind: 'pglite' | 'postgres', cached: boolean, databaseUrl?: string): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    SESSION_CACHE_SECONDS: cached ? String(SESSION_CACHE_SECONDS) : '0',
    SEED_DEMO_ACTORS: '0',
    // An API process, as deployed at scale: first-start demo jobs (ffmpeg) would otherwise share its CPU.
    ROLE: 'api',
    ADMIN_PASSWORD: 'bench-admin-1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const benchModule: FeatureModule = {
    name: 'bench',
    routes: (ctx) => [
      route(profile, async ({ user }) => {
        const [row] = await ctx.database.db
          .select({ username: users.username, credits: users.storageExtraGb })
          .from(users)
          .where(eq(users.id, user.id))
          .limit(1);
        return { username: row?.username ?? '', credits: row?.credits ?? 0 };
      }),
    ],
  };
  const { app, ctx } = await buildApp(config, { modules: [benchModule] });
  try {
    const [u] = await ctx.database.db
      .insert(users)
      .values({ username: `bench_${Date.now()}` })
      .returning({ id: users.id });
    const token = await issueToken(ctx.database.db, u!.id);
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    const qs = new URLSearchParams(signedParams({}, config.SIGN_SECRET)).toString();
    const url = `${addr}${profile.path}?${qs}`;
    const probe = async () => {
      const res = await fetch(url, { headers: { 'x-token': token } });
      const body = (await res.json().catch(() => ({ code: -1, msg: 'not JSON' }))) as { code: number; msg: string };
      if (body.code !== 0)
        throw new Error(`GET ${profile.path} refused: HTTP ${res.status}, code ${body.code} ${body.msg}`);
      return Number(res.headers.get('x-ratelimit-remaining'));
    };
    if (!((await probe()) > 0)) throw new Error('the rate limit is not active on the benchmarked route');
    const name = runName(kind, cached);
    const result = await load(name, url, { 'x-token': token }, cached);
    // Still answered normally afterwards with budget left: the limit was on and never triggered.
    const remaining = await probe();
    if (!(remaining > 0)) throw new Error(`${name}: the rate limit triggered during the run`);
    return cached ? [result, await bareRead(kind, ctx.database.executor, u!.id)] : [result];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Check PostgreSQL first so a missing server fails the run before minutes of load.
const pgDb = SKIP_PG ? null : await postgresUrl();
if (pgDb && 'error' in pgDb) {
  console.error(
    `FAIL: PostgreSQL is not reachable (${pgDb.error}). Start it, set TEST_DATABASE_URL, or run with BENCH_SKIP_PG=1.`,
  );
  process.exit(1);
}

console.log(
  [
    `API benchmark: ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} cores, Node ${process.version}`,
    `rate limit ON at ${RATE_LIMIT.toLocaleString('en')} requests/minute per address (checked not to trigger)`,
    `session cache: "cached session" runs remember a checked token for ${SESSION_CACHE_SECONDS} s (as deployed),`,
    '  so each call reads its one row but looks the token up at most once per 5 s; "no session cache" runs',
    '  (SESSION_CACHE_SECONDS=0) also look the token up (and its user) in the database on every call.',
    `goals (cached runs, ${CONNECTIONS} connections): PGlite req/s b/c >= ${GOALS.pglite.ratio} and p99 < ${GOALS.pglite.p99} ms;`,
    `  PostgreSQL req/s b/c >= ${GOALS.postgres.ratio} and p99 < ${GOALS.postgres.p99} ms (c: the bare read of the same row, same run)`,
    SKIP_PG ? 'PostgreSQL: skipped (BENCH_SKIP_PG=1)' : '',
  ]
    .filter(Boolean)
    .join('\n'),
);

const results: Result[] = [await bare()];
for (const cached of [true, false])
  if (wanted(runName('pglite', cached))) results.push(...(await fullStack('pglite', cached)));
if (pgDb && 'url' in pgDb) {
  try {
    for (const cached of [true, false])
      if (wanted(runName('postgres', cached))) results.push(...(await fullStack('postgres', cached, pgDb.url)));
  } finally {
    await dropDb(pgDb.url);
  }
}

const base = results[0]!;
console.log(
  '\nrun                                        req/s   p50 ms   p99 ms  ratio b/a   errors  cpu µs/req  load (1/5/15 min) at its end',
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / base.rps).toFixed(2).padStart(10)} ${String(r.errors + r.non2xx).padStart(8)} ${r.cpuUs.toFixed(0).padStart(11)}  ${r.load}`,
  );
}
console.log('');
let failed = false;
for (const r of results.slice(1)) {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const kind = r.name.includes('postgres') ? 'postgres' : 'pglite';
  const goal = GOALS[kind];
  const floor = results.find((x) => x.name.startsWith(`(c) ${kind}`));
  if (r.goal && floor) {
    const ratio = r.rps / floor.rps;
    console.log(
      `${r.name}: req/s ${ratio.toFixed(2)} of the bare read >= ${goal.ratio} ${verdict(ratio >= goal.ratio)}; p99 ${r.p99} ms < ${goal.p99} ms ${verdict(r.p99 < goal.p99)}; cpu ${r.cpuUs.toFixed(0)} µs/req against the read's ${floor.cpuUs.toFixed(0)}; ${r.load}`,
    );
  } else {
    console.log(`${r.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms (for comparison); ${r.load}`);
  }
  if (r.errors + r.non2xx > 0) {
    console.error(`FAIL: ${r.name} had ${r.errors + r.non2xx} errors or non-2xx replies`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
