/**
 * API benchmark: (a) a bare Fastify JSON route, (b) a signed, authenticated GET through the whole
 * protocol stack reading one row, on PGlite and (when TEST_DATABASE_URL or DATABASE_URL is set, or the
 * local server answers) on PostgreSQL. Prints req/s, p50, p99 and the ratio b/a.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { endpoint } from '@app/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { route } from '../apps/server/src/platform/protocol/route.js';
import { issueToken } from '../apps/server/src/platform/auth/tokens.js';
import { users } from '../apps/server/src/db/schema/index.js';
import type { FeatureModule } from '../apps/server/src/modules/module.js';
import { signedParams } from '../apps/server/test/helper.js';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const profile = endpoint({
  method: 'GET',
  path: '/api/bench/profile',
  summary: 'bench',
  tag: 'bench',
  auth: 'user',
  params: z.strictObject({}),
  data: z.object({ username: z.string(), credits: z.number() }),
});

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The load generator runs in its own process so it does not steal the server's event loop. */
function autocannonProcess(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const args = [autocannonBin, '--json', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<autocannon.Result>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as autocannon.Result),
    );
  });
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  await autocannonProcess(url, 10, 2, headers); // warm-up
  const r = await autocannonProcess(url, CONNECTIONS, DURATION, headers);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function bare(): Promise<Result> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: 0, msg: 'ok', data: { username: 'bench', credits: 100 } }));
  const addr = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load('bare fastify', `${addr}/bare`);
  } finally {
    await app.close();
  }
}

async function fullStack(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
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
    const [u] = await ctx.database.db.insert(users).values({ username: `bench_${Date.now()}` }).returning({ id: users.id });
    const token = await issueToken(ctx.database.db, u!.id);
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    const qs = new URLSearchParams(signedParams({}, config.SIGN_SECRET)).toString();
    const probe = await fetch(`${addr}${profile.path}?${qs}`, { headers: { 'x-token': token } });
    const body = (await probe.json()) as { code: number };
    if (body.code !== 0) throw new Error(`bench call refused: ${JSON.stringify(body)}`);
    return await load(`full stack (${kind})`, `${addr}${profile.path}?${qs}`, { 'x-token': token });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl(): Promise<string | null> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_${Date.now()}`;
  try {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return null;
  }
}

async function dropDb(url: string) {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await c.end();
}

const results: Result[] = [await bare(), await fullStack('pglite')];
const pgUrl = await postgresUrl();
if (pgUrl) {
  try {
    results.push(await fullStack('postgres', pgUrl));
  } finally {
    await dropDb(pgUrl);
  }
} else console.log('PostgreSQL not reachable: skipping the PostgreSQL run');

const base = results[0]!;
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores, Node ${process.version}`);
console.log('run                       req/s     p50 ms   p99 ms   ratio b/a   errors');
for (const r of results) {
  console.log(
    `${r.name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${(r.rps / base.rps).toFixed(2).padStart(10)} ${String(r.errors + r.non2xx).padStart(8)}`,
  );
}
for (const r of results.slice(1)) {
  const okRatio = r.rps / base.rps >= 0.5;
  const okP99 = r.p99 < 50;
  console.log(`${r.name}: ratio ${okRatio ? 'meets' : 'misses'} the 0.5 goal, p99 ${okP99 ? 'meets' : 'misses'} the 50 ms goal`);
}
process.exit(0);
