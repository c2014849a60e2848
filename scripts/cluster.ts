/**
 * The product as separate hosts on one machine: `npm run test:cluster`.
 *
 * Six Linux network namespaces on one bridge, each a host with its own address and host name:
 *   db  10.77.0.2  PostgreSQL (its own cluster, made with initdb for this run)
 *   s3  10.77.0.3  the object store (the S3 fake, SigV4 checked)
 *   api 10.77.0.4  ROLE=api, port 8080
 *   w1  10.77.0.5  ROLE=worker
 *   w2  10.77.0.6  ROLE=worker
 * Every app host has a private DATA_DIR and a private /tmp (tmpfs mounts in its own mount namespace):
 * no host can read another's disk, so everything a job hands on has to go through PostgreSQL and S3.
 *
 * The run, driven from the machine itself as a visitor's browser would be (it reaches every host over
 * the bridge): a user uploads a filmed face straight to S3 and clones an avatar from it (a worker
 * prepares it), then asks for talking videos long enough to be cut into chunks; it checks that the
 * work is done, that its video (fetched from S3 through the API's signed link) lasts as long as its
 * speech, that jobs ran on both workers (the queue's claims name each worker's host), and that the
 * credits were taken once. Prints each step's time and PASS/FAIL; exits 1 on any failure.
 *
 * Needs root (namespaces, mounts), iproute2, util-linux, PostgreSQL's server binaries, ffmpeg and
 * espeak-ng. CLUSTER_KEEP=1 leaves the hosts and their logs for a look (`ip netns exec cl-api ...`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { completeUpload, createAvatar, listAvatars, listWorks, saveWork, signUpload, type Work } from '@app/contract';
import { signedCall } from '../e2e/support/api.js';
import { faceClip } from '../apps/server/src/engines/talking-face/testing/media.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NET = '10.77.0';
const BRIDGE = 'clbr0';
const HOSTS = { db: 2, s3: 3, api: 4, w1: 5, w2: 6 } as const;
type Host = keyof typeof HOSTS;
const ip = (h: Host) => `${NET}.${HOSTS[h]}`;
const ns = (h: Host) => `cl-${h}`;
const PRIVATE_DATA = '/srv/cluster-data';
const api = `http://${ip('api')}:8080`;
const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${since()}  ${ok ? 'PASS' : 'FAIL'}  ${what}`);
  if (!ok) failures.push(what);
};
const step = (what: string) => console.log(`${since()}  ${what}`);
const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const quiet = (cmd: string, args: string[]) => {
  try {
    sh(cmd, args);
  } catch {
    /* already gone */
  }
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
// PostgreSQL runs as its own user inside it.
fs.chmodSync(work, 0o755);
const children: ChildProcess[] = [];

function preflight(): string | null {
  if (process.getuid?.() !== 0) return 'needs root: network namespaces and tmpfs mounts';
  for (const [cmd, args] of [
    ['ip', ['-V']],
    ['unshare', ['--version']],
    ['ffmpeg', ['-version']],
    ['espeak-ng', ['--version']],
  ] as const) {
    try {
      sh(cmd, [...args]);
    } catch {
      return `needs ${cmd}`;
    }
  }
  if (!pgBin()) return 'needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin/postgres)';
  return null;
}

function pgBin(): string | null {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'postgres')));
  return found ?? null;
}

function teardownNet() {
  for (const h of Object.keys(HOSTS) as Host[]) quiet('ip', ['netns', 'del', ns(h)]);
  quiet('ip', ['link', 'del', BRIDGE]);
}

function setupNet() {
  teardownNet();
  sh('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  sh('ip', ['addr', 'add', `${NET}.1/24`, 'dev', BRIDGE]);
  sh('ip', ['link', 'set', BRIDGE, 'up']);
  for (const h of Object.keys(HOSTS) as Host[]) {
    sh('ip', ['netns', 'add', ns(h)]);
    sh('ip', ['link', 'add', `v${ns(h)}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns(h)]);
    sh('ip', ['link', 'set', `v${ns(h)}`, 'master', BRIDGE, 'up']);
    sh('ip', ['-n', ns(h), 'addr', 'add', `${ip(h)}/24`, 'dev', 'eth0']);
    sh('ip', ['-n', ns(h), 'link', 'set', 'eth0', 'up']);
    sh('ip', ['-n', ns(h), 'link', 'set', 'lo', 'up']);
  }
}

/**
 * Starts `argv` on host `h`: in its network namespace, with its own host name and, for the app hosts,
 * a private DATA_DIR and /tmp. Output goes to `<work>/<h>.log`.
 */
function onHost(h: Host, argv: string[], env: NodeJS.ProcessEnv, privateDisk: boolean): ChildProcess {
  const mounts = privateDisk ? `mount -t tmpfs tmpfs ${PRIVATE_DATA} && mount -t tmpfs tmpfs /tmp && ` : '';
  const child = spawn(
    'ip',
    [
      'netns',
      'exec',
      ns(h),
      'unshare',
      '--uts',
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      `hostname "$0" && ${mounts}exec "$@"`,
      ns(h),
      ...argv,
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = fs.createWriteStream(path.join(work, `${h}.log`), { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  children.push(child);
  return child;
}

async function startDatabase(): Promise<string> {
  const bin = pgBin()!;
  const dir = path.join(work, 'pg');
  fs.mkdirSync(dir, { mode: 0o700 });
  sh('chown', ['postgres:postgres', dir]);
  sh('runuser', [
    '-u',
    'postgres',
    '--',
    path.join(bin, 'initdb'),
    '-D',
    dir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
  ]);
  fs.appendFileSync(path.join(dir, 'pg_hba.conf'), `host all all ${NET}.0/24 trust\n`);
  onHost(
    'db',
    [
      'runuser',
      '-u',
      'postgres',
      '--',
      path.join(bin, 'postgres'),
      '-D',
      dir,
      '-c',
      `listen_addresses=${ip('db')}`,
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ],
    process.env,
    false,
  );
  const admin = `postgres://postgres@${ip('db')}:5432/postgres`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 1_000 });
    try {
      await c.connect();
      await c.query('create database app');
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (i > 60) throw new Error(`PostgreSQL did not come up: ${(e as Error).message}`, { cause: e });
      await sleep(500);
    }
  }
  return `postgres://postgres@${ip('db')}:5432/app`;
}

async function startStore(creds: Record<string, string>): Promise<string> {
  const child = onHost(
    's3',
    [process.execPath, '--import', 'tsx', 'scripts/lib/cluster-s3.ts'],
    { ...process.env, ...creds, CLUSTER_S3_HOST: ip('s3') },
    false,
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the object store did not start')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      const url = /http:\/\/\S+/.exec(d.toString())?.[0];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.on('exit', () => reject(new Error('the object store exited')));
  });
}

async function waitHealthy() {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${api}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (children.some((c) => c.exitCode !== null)) throw new Error(`a host exited at start; see ${work}/*.log`);
    if (i > 600) throw new Error('the api did not come up in 5 minutes');
    await sleep(500);
  }
}

/** A user with credits, made in the database as an operator's console would grant them. */
async function seedUser(db: pg.Pool, credits: number): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const expire = new Date(Date.now() + 30 * 86_400_000);
  const { rows } = await db.query<{ id: number }>('insert into users (username) values ($1) returning id', [
    `cluster_${Date.now()}`,
  ]);
  const id = rows[0]!.id;
  await db.query('insert into user_tokens (user_id, token_hash, expires_at) values ($1, $2, $3)', [
    id,
    createHash('sha256').update(token).digest('hex'),
    expire,
  ]);
  await db.query(
    `insert into credit_batches (user_id, credits, credits_left, expire_at, action_name) values ($1, $2, $2, $3, '集群测试')`,
    [id, credits, expire],
  );
  await db.query(`insert into credit_logs (user_id, action_name, credits) values ($1, '集群测试', $2)`, [id, credits]);
  return { id, token };
}

async function call<T>(
  endpoint: Parameters<typeof signedCall>[1],
  params: Record<string, unknown>,
  token: string,
): Promise<T> {
  const r = await signedCall(api, endpoint, params as never, token);
  if (r.code !== 0) throw new Error(`${endpoint.path}: ${r.msg}`);
  return r.data as T;
}

/** Uploads a file the way the browser does: a signed form post straight to the store, then registered. */
async function upload(token: string, fileType: 'video', file: string): Promise<number> {
  const s = await call<{ host: string; dir: string; fields: Record<string, string> }>(
    signUpload,
    { file_type: fileType },
    token,
  );
  const key = `${s.dir}${Date.now()}.mp4`;
  const form = new FormData();
  form.append('key', key);
  for (const [k, v] of Object.entries(s.fields)) form.append(k, v);
  form.append('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'face.mp4');
  const host = new URL(s.host, api).toString().replace(/\/$/, '');
  const posted = await fetch(host, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`store upload: HTTP ${posted.status} ${await posted.text()}`);
  const done = await call<{ file_id: number }>(completeUpload, { file_type: fileType, url: `${host}/${key}` }, token);
  return done.file_id;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (children.some((c) => c.exitCode !== null))
      throw new Error(`a host exited while waiting for ${what}; see ${work}/*.log`);
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(1_000);
  }
}

function durationOf(file: string): number {
  return Number(sh('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim());
}

async function main() {
  const why = preflight();
  if (why) {
    console.error(`test:cluster cannot run here: ${why}`);
    process.exit(1);
  }
  fs.mkdirSync(PRIVATE_DATA, { recursive: true });
  setupNet();
  step(
    `network: bridge ${BRIDGE} ${NET}.1/24; hosts ${Object.entries(HOSTS)
      .map(([h, n]) => `${h} ${NET}.${n}`)
      .join(', ')}`,
  );
  const dbUrl = await startDatabase();
  step('db: PostgreSQL up');
  const creds = {
    S3_BUCKET: 'cluster',
    S3_ACCESS_KEY_ID: 'cluster-key',
    S3_SECRET_ACCESS_KEY: randomBytes(16).toString('hex'),
    S3_REGION: 'us-east-1',
  };
  const storeUrl = await startStore(creds);
  step(`s3: object store at ${storeUrl}`);

  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...creds,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: storeUrl,
    S3_FORCE_PATH_STYLE: '1',
    STORAGE_SECRET: randomBytes(24).toString('hex'),
    DATABASE_URL: dbUrl,
    DATA_DIR: PRIVATE_DATA,
    TMPDIR: '/tmp',
    PUBLIC_URL: api,
    HOST: '0.0.0.0',
    ADMIN_PASSWORD: 'cluster-admin-1',
    SEED_DEMO_ACTORS: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Talking videos longer than 15 s are cut into chunks of about 10 s, rendered by any worker.
    TALKING_CHUNK_AFTER_SECONDS: '15',
    TALKING_CHUNK_SECONDS: '10',
  };
  delete appEnv.TEST_DATABASE_URL;
  delete appEnv.REDIS_URL;
  const server = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  onHost('api', server, { ...appEnv, ROLE: 'api', PORT: '8080' }, true);
  await waitHealthy();
  step('api: healthy');
  onHost('w1', server, { ...appEnv, ROLE: 'worker', PORT: '0' }, true);
  onHost('w2', server, { ...appEnv, ROLE: 'worker', PORT: '0' }, true);

  const db = new pg.Pool({ connectionString: dbUrl, max: 3 });
  const hostsSeen = new Map<string, Set<string>>();
  const sampler = setInterval(() => {
    void db
      .query<{ name: string; host: string }>(
        'select j.name, w.host from queue_claims c join queue_workers w on w.id = c.worker join pgboss.job j on j.id = c.job_id',
      )
      .then(({ rows }) => {
        for (const r of rows) hostsSeen.set(r.name, (hostsSeen.get(r.name) ?? new Set()).add(r.host));
      })
      .catch(() => undefined);
  }, 200);
  try {
    await until(
      'both workers beating',
      async () => (await db.query('select distinct host from queue_workers').then((r) => r.rowCount)) === 2,
      120_000,
    );
    step('w1, w2: both workers beating in the queue');
    const user = await seedUser(db, 100_000);

    const clip = await faceClip(path.join(work, 'face.mp4'), 6);
    const fileId = await upload(user.token, 'video', clip);
    const { id: avatarId } = await call<{ id: number }>(
      createAvatar,
      { name: '集群数字人', file_id: fileId },
      user.token,
    );
    step(`avatar ${avatarId}: uploaded straight to S3, cloning`);
    await until(
      'the avatar prepared',
      async () => {
        const { list } = await call<{ list: { id: number; status: number }[] }>(
          listAvatars,
          { page: 1, limit: 20 },
          user.token,
        );
        const a = list.find((x) => x.id === avatarId);
        if (a?.status === 3) throw new Error('the avatar failed to prepare');
        return a?.status === 2;
      },
      600_000,
    );
    step('avatar prepared');

    const { rows: voices } = await db.query<{ id: number }>(
      'select id from voices where user_id is null and generate_status = 2 order by id limit 1',
    );
    const voiceId = voices[0]!.id;
    const asked = new Date();
    const sentence = '欢迎来到我们的直播间，今天给大家介绍一款新产品。它轻巧耐用，价格实惠，适合每一个家庭使用。';
    const names = ['集群长视频一', '集群长视频二'];
    for (const name of names)
      await call(
        saveWork,
        { name, api: 'lipsync', video_id: avatarId, voice_id: voiceId, text: sentence.repeat(3) },
        user.token,
      );
    step(`works: ${names.length} talking videos of about 30 s each asked for`);
    const done = await until(
      'the works done',
      async () => {
        const { list } = await call<{ list: Work[] }>(listWorks, { page: 1, limit: 20 }, user.token);
        const mine = list.filter((w) => names.includes(w.name));
        if (mine.some((w) => w.status === 4)) throw new Error(`a work failed: ${JSON.stringify(mine)}`);
        return mine.length === names.length && mine.every((w) => w.status === 3) ? mine : null;
      },
      1_200_000,
    );
    step('works done');
    for (const w of done) {
      const file = path.join(work, `${w.id}.mp4`);
      const res = await fetch(new URL(w.url!, api));
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const seconds = durationOf(file);
      check(
        res.ok && Math.abs(seconds - w.duration) < 0.2,
        `${w.name}: the video from S3 lasts ${seconds.toFixed(2)} s, the work says ${w.duration} s`,
      );
    }
    const jobHosts = [...hostsSeen].map(([name, hosts]) => `${name} on ${[...hosts].sort().join(' and ')}`);
    const allHosts = new Set([...hostsSeen.values()].flatMap((s) => [...s]));
    console.log(`${since()}  jobs seen running: ${jobHosts.join('; ') || 'none'}`);
    check(allHosts.has(ns('w1')) && allHosts.has(ns('w2')), 'jobs ran on both workers');
    check(!allHosts.has(ns('api')), 'the api host ran no job');
    const chunkJobs = [...hostsSeen].filter(([name]) => /chunk/i.test(name));
    const chunkHosts = new Set(chunkJobs.flatMap(([, hosts]) => [...hosts]));
    check(
      chunkHosts.size === 2,
      `chunks of the long videos rendered on both workers (${[...chunkHosts].sort().join(', ') || 'no chunk job seen'})`,
    );
    const { rows: held } = await db.query<{ job_key: string; status: string; charged: number }>(
      'select job_key, status, charged from credit_reservations where user_id = $1 and created_at >= $2 order by id',
      [user.id, asked],
    );
    check(
      held.length === names.length && held.every((r) => r.status === 'settled' && r.charged > 0),
      `each work reserved and settled once (${held.map((r) => `${r.job_key} ${r.status} ${r.charged}`).join(', ')})`,
    );
  } finally {
    clearInterval(sampler);
    await db.end();
  }
}

let code = 0;
try {
  await main();
} catch (e) {
  console.error(`${since()}  FAIL  ${(e as Error).message}`);
  failures.push((e as Error).message);
} finally {
  for (const c of children) c.kill('SIGKILL');
  if (process.env.CLUSTER_KEEP !== '1') {
    await sleep(500);
    teardownNet();
  }
  if (failures.length) {
    code = 1;
    for (const h of ['api', 'w1', 'w2'] as const) {
      const log = path.join(work, `${h}.log`);
      if (fs.existsSync(log))
        console.error(`--- ${h}.log (last lines)\n${fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}`);
    }
  }
  if (process.env.CLUSTER_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
  console.log(`${since()}  test:cluster ${failures.length ? `FAILED (${failures.length})` : 'passed'}`);
}
process.exit(code);
