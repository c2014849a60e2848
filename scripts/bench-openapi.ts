/**
 * Open API benchmark: a program polling a video's status with its API key
 * (`GET /v1/video_status.get` with X-Api-Key) against the web app polling the same video through the
 * web protocol (the signed `GET /api/user/works` with the login token, the call the works page
 * repeats), both served by one API process, one after the other in the same run. Prints req/s, p50,
 * p99 and the ratio key/web on PGlite, and on PostgreSQL (TEST_DATABASE_URL, else the local server;
 * BENCH_SKIP_PG=1 to skip it). Rate limits stay on, set above what the run can reach.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { issueToken } from '../apps/server/src/platform/auth/tokens.js';
import { users, works } from '../apps/server/src/db/schema/index.js';
import { apiKeyStore } from '../apps/server/src/modules/open-api/keys.js';
import { signedParams } from '../apps/server/test/helper.js';
import { dropDb, postgresUrl } from './lib/bench-db.js';
import { loadRun, type Result } from './lib/load-run.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SKIP_PG = process.env.BENCH_SKIP_PG === '1';
/** The key path may cost a little more than the web path (the key lookup, HeyGen's shape), not much more. */
const GOAL_RATIO = 0.8;
const RATE_LIMIT = 1_000_000_000;

interface Reply<T> {
  data?: T;
  /** The web protocol's answer: 0 when served. */
  code?: number;
  msg?: string;
  /** The open API's refusal (its success carries code 100). */
  error?: { code: string; message: string } | null;
  message?: string;
}

/** The data of one call, or an error naming the call, its HTTP status and the refusal's code and message. */
async function answer<T>(url: string, headers: Record<string, string>, served: (r: Reply<T>) => boolean): Promise<T> {
  const res = await fetch(url, { headers });
  const body = (await res.json().catch(() => ({ msg: 'not JSON' }))) as Reply<T>;
  if (res.status !== 200 || !served(body) || body.data === undefined)
    throw new Error(
      `GET ${url.split('?')[0]} refused: HTTP ${res.status}, ${JSON.stringify(body.error ?? { code: body.code, msg: body.msg ?? body.message })}`,
    );
  return body.data;
}
const byWeb = <T>(r: Reply<T>) => r.code === 0;
const byKey = <T>(r: Reply<T>) => r.code === 100 && !r.error;

async function pair(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<[Result, Result]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-openapi-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    API_KEY_CALLS_PER_MINUTE: String(RATE_LIMIT),
    SEED_DEMO_ACTORS: '0',
    ROLE: 'api',
    ADMIN_PASSWORD: 'bench-admin-1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { app, ctx } = await buildApp(config);
  try {
    const db = ctx.database.db;
    const [u] = await db
      .insert(users)
      .values({ username: `bench_${Date.now()}` })
      .returning({ id: users.id });
    const userId = u!.id;
    const [w] = await db
      .insert(works)
      .values({
        userId,
        kind: 'talking',
        name: 'bench',
        channel: 'local',
        channelName: '本地',
        creditsHeld: 0,
        jobKey: `work:bench-${Date.now()}`,
        status: 3,
        videoKey: `users/${userId}/works/bench/video.mp4`,
        coverKey: `users/${userId}/works/bench/cover.jpg`,
        duration: 4.2,
      })
      .returning({ id: works.id });
    const token = await issueToken(db, userId);
    const { key } = await apiKeyStore.create(db, userId, 'bench');
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });

    const webUrl = `${addr}/api/user/works?${new URLSearchParams(signedParams({ page: 1, limit: 10 }, config.SIGN_SECRET))}`;
    const keyUrl = `${addr}/v1/video_status.get?video_id=${w!.id}`;
    // Both answer the one finished video before the load starts.
    const web = await answer<{ list: { id: number; status: number }[] }>(webUrl, { 'x-token': token }, byWeb);
    const viaKey = await answer<{ status: string }>(keyUrl, { 'x-api-key': key }, byKey);
    if (web.list[0]?.id !== w!.id || viaKey.status !== 'completed')
      throw new Error(`the two reads disagree: ${JSON.stringify({ web, viaKey })}`);

    const o = { connections: CONNECTIONS, duration: DURATION };
    const results: [Result, Result] = [
      await loadRun(`${kind}: web protocol (token)`, webUrl, { ...o, headers: { 'x-token': token } }),
      await loadRun(`${kind}: open API (X-Api-Key)`, keyUrl, { ...o, headers: { 'x-api-key': key } }),
    ];
    // Still answered after the load (a refusal is an HTTP 200 the load generator counts as answered).
    await answer(webUrl, { 'x-token': token }, byWeb);
    await answer(keyUrl, { 'x-api-key': key }, byKey);
    return results;
  } finally {
    // Calls the load generator dropped at its deadline finish before the database closes.
    await new Promise((r) => setTimeout(r, 1_000));
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgDb = SKIP_PG ? null : await postgresUrl();
if (pgDb && 'error' in pgDb) {
  console.error(`FAIL: PostgreSQL is not reachable (${pgDb.error}). Set TEST_DATABASE_URL or BENCH_SKIP_PG=1.`);
  process.exit(1);
}
console.log(
  `Open API benchmark: ${CONNECTIONS} concurrent status polls, ${DURATION} s per run, ${os.cpus().length} cores, Node ${process.version}\n` +
    `goal: the key path's req/s >= ${GOAL_RATIO} x the web protocol's, in the same run`,
);
const pairs: [Result, Result][] = [await pair('pglite')];
if (pgDb && 'url' in pgDb) {
  try {
    pairs.push(await pair('postgres', pgDb.url));
  } finally {
    await dropDb(pgDb.url);
  }
}

console.log(
  '\nrun                                  req/s   p50 ms   p99 ms   errors  cpu µs/req  load (1/5/15 min) at its end',
);
for (const r of pairs.flat())
  console.log(
    `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors + r.non2xx).padStart(8)} ${r.cpuUs.toFixed(0).padStart(11)}  ${r.load}`,
  );
console.log('');
let failed = false;
for (const [web, viaKey] of pairs) {
  const ratio = viaKey.rps / web.rps;
  console.log(
    `${viaKey.name}: ${ratio.toFixed(2)} x the web protocol's req/s (p99 ${viaKey.p99} vs ${web.p99} ms) ${ratio >= GOAL_RATIO ? 'PASS' : 'MISS'}; ${viaKey.load}`,
  );
  for (const r of [web, viaKey])
    if (r.errors + r.non2xx > 0) {
      console.error(`FAIL: ${r.name} had ${r.errors + r.non2xx} errors or non-2xx replies`);
      failed = true;
    }
}
process.exit(failed ? 1 : 0);
