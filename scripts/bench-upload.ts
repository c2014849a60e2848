/**
 * Upload benchmark: a 500 MB video goes through the local store's upload host over real HTTP (a client
 * streams it from disk in a multipart form, as a browser would) and is registered with /api/upload/complete;
 * in the same rounds the file is copied with `cp` (timed alone, and with the copy's fsync, since an upload
 * is acknowledged only once its data is on the disk), and posted to a bare HTTP server that throws the
 * bytes away (the most any upload over HTTP could reach here), and hashed alone with sha256 (the least any
 * upload that checksums its bytes pays). The client is curl when the machine has
 * it (a native client, as a browser is), else a Node one. Three rounds, each step from a warm page cache;
 * medians are compared. Prints the throughput ratio (goal >= 0.5) and the server's peak RSS growth
 * while it received and registered the files (goal < 64 MB).
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import { promisify } from 'node:util';
import { completeUpload, signUpload, type Envelope, type RegisteredFile, type UploadSignature } from '@app/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { issueToken } from '../apps/server/src/platform/auth/tokens.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { ffmpeg } from '../apps/server/src/platform/media/ffmpeg.js';
import { signedParams } from '../apps/server/test/helper.js';
import { loadText, measure } from './lib/measure.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 500) * MB;

/** A real mp4 (index first) padded with a `free` box up to SIZE: ffprobe reads it as the 6 s clip it is. */
async function makeVideo(dir: string): Promise<string> {
  const clip = path.join(dir, 'clip.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=25',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    clip,
  ]);
  const file = path.join(dir, 'big.mp4');
  const head = fs.readFileSync(clip);
  const pad = SIZE - head.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(pad, 0);
  box.write('free', 4, 'latin1');
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, head);
  fs.writeSync(out, box);
  const chunk = Buffer.alloc(8 * MB, 0x5a);
  for (let left = pad - 8; left > 0; left -= chunk.length) fs.writeSync(out, chunk, 0, Math.min(chunk.length, left));
  fs.closeSync(out);
  return file;
}

/**
 * Streams a multipart form with the file read from disk in 1 MB pieces, as a browser sends it; runs in
 * its own process so the server's memory figure is the server's alone.
 */
const CLIENT = `
import fs from 'node:fs';
const [url, fieldsJson, file] = process.argv.slice(1);
const fields = JSON.parse(fieldsJson);
const boundary = '----bench' + Date.now();
const head = Buffer.from(Object.entries(fields).map(([k, v]) => '--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + k + '"\\r\\n\\r\\n' + v + '\\r\\n').join('')
  + '--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="big.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const req = http.request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + fs.statSync(file).size + tail.length } }, (res) => {
  res.resume();
  res.on('end', () => process.stdout.write(String(res.statusCode)));
});
req.write(head);
const body = fs.createReadStream(file, { highWaterMark: 1 << 20 });
body.on('end', () => req.end(tail));
body.pipe(req, { end: false });
`;

async function postWithNode(url: string, fields: Record<string, string>, file: string): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    url,
    JSON.stringify(fields),
    file,
  ]);
  return Number(stdout.trim());
}

/** The same form sent by curl, a native client like a browser's, which leaves more of the CPU to the server. */
async function postWithCurl(url: string, fields: Record<string, string>, file: string): Promise<number> {
  const body = `${file}.reply`;
  const args = ['-s', '-o', body, '-w', '%{http_code}', '-H', 'Expect:'];
  for (const [k, v] of Object.entries(fields)) args.push('--form-string', `${k}=${v}`);
  args.push('-F', `file=@${file};type=video/mp4`, url);
  const { stdout } = await run('curl', args);
  const status = Number(stdout.trim());
  if (status >= 400) console.error(fs.readFileSync(body, 'utf8'));
  fs.rmSync(body, { force: true });
  return status;
}

async function hasCurl(): Promise<boolean> {
  try {
    await run('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** curl when the machine has it (BENCH_UPLOAD_CLIENT=node forces the Node client). */
async function chooseClient(): Promise<{ name: string; post: typeof postWithNode }> {
  if (process.env.BENCH_UPLOAD_CLIENT !== 'node' && (await hasCurl())) return { name: 'curl', post: postWithCurl };
  return { name: 'node http', post: postWithNode };
}

/** sha256 of a file read in 1 MB pieces, as the spool thread takes it. */
const HASH = `
const hash = require('node:crypto').createHash('sha256');
require('node:fs').createReadStream(process.argv[1], { highWaterMark: 1 << 20 })
  .on('data', (d) => hash.update(d))
  .on('end', () => process.stdout.write(hash.digest('hex')));
`;

/** A bare HTTP server in its own process that reads request bodies and throws them away. */
const FLOOR_SERVER = `
import http from 'node:http';
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startFloorServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/**
 * Every step starts alike: the file in the page cache (cat's output is thrown away, not read in) and
 * no dirty pages of the step before still being written out underneath it.
 */
async function settle(file: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const cat = spawn('cat', [file], { stdio: ['ignore', 'ignore', 'inherit'] });
    cat.once('error', reject);
    cat.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cat exited with ${code}`))));
  });
  await run('sync');
}

/** A full collection before the baseline, so garbage of the set-up does not hide in it. */
function collectGarbage(): void {
  if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc (npm run bench:upload does)');
  global.gc();
}

async function timed(step: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await step();
  return (performance.now() - start) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ROUNDS = 3;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  const floor = await startFloorServer();
  const client = await chooseClient();
  try {
    const file = await makeVideo(dir);
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      // Only the API: no render workers or demo content competing with the upload for the CPU.
      ROLE: 'api',
      SEED_DEMO_ACTORS: '0',
    });
    const { app, ctx } = await buildApp(config);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const call = async <T>(
      token: string,
      method: 'GET' | 'POST',
      p: string,
      params: Record<string, string>,
    ): Promise<Envelope<T>> => {
      const qs = new URLSearchParams(signedParams(params, config.SIGN_SECRET)).toString();
      const res = await fetch(method === 'GET' ? `${address}${p}?${qs}` : `${address}${p}`, {
        method,
        headers: {
          'x-token': token,
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: method === 'POST' ? qs : undefined,
      });
      const body = (await res.json().catch(() => ({ code: -1, msg: 'not JSON' }))) as Envelope<T>;
      if (body.code !== 0) throw new Error(`${method} ${p} refused: HTTP ${res.status}, code ${body.code} ${body.msg}`);
      return body;
    };
    // One account per round: each holds one 500 MB file of its 1 GB quota.
    const tokens: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [user] = await ctx.database.db
        .insert(users)
        .values({ username: `bench_upload_${i}` })
        .returning({ id: users.id });
      tokens.push(await issueToken(ctx.database.db, user!.id));
    }

    await settle(file);
    collectGarbage();
    // RSS can reuse pages the set-up freed, so the memory JavaScript holds (heap and buffers) is
    // sampled too: a file buffered whole would show in it whatever RSS does.
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = process.memoryUsage().rss;
    const heldBaseline = held();
    let peak = baseline;
    let heldPeak = heldBaseline;
    // RSS every 20 ms; heap statistics cost more, so every 50 ms.
    // Collections of the server's main thread while it received the uploads (not cp's or the bare server's time).
    const gcs: { start: number; duration: number; major: boolean }[] = [];
    const uploadWindows: [number, number][] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = (e as { detail?: { kind?: number } }).detail?.kind;
        gcs.push({ start: e.startTime, duration: e.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const heldSampler = setInterval(() => (heldPeak = Math.max(heldPeak, held())), 50);

    const rounds: {
      cp: number;
      cpSync: number;
      floor: number;
      hash: number;
      upload: number;
      register: number;
      /** CPU seconds of upload + register: the server, the client (curl) and the probe (ffprobe) it runs. */
      cpu: number;
      load: string;
    }[] = [];
    let registered: RegisteredFile | null = null;
    for (const token of tokens) {
      await settle(file);
      const copy = path.join(dir, 'copy.mp4');
      const cp = await timed(async () => void (await run('cp', [file, copy])));
      // The copy on the disk, as an acknowledged upload is: its data flushed (sync FILE is fsync).
      const cpSync = cp + (await timed(async () => void (await run('sync', [copy]))));
      fs.rmSync(copy);
      await settle(file);
      const floorSeconds = await timed(async () => {
        if ((await client.post(floor.url, { key: 'x' }, file)) !== 200) throw new Error('the bare server refused');
      });
      await settle(file);
      // The checksum alone, on one thread from the page cache (in its own process, so the server's memory
      // figure stays the server's; the process's own start is taken off): an upload that records its sha256 pays
      // at least this.
      const hash =
        (await timed(async () => void (await run(process.execPath, ['-e', HASH, file])))) -
        (await timed(async () => void (await run(process.execPath, ['-e', '']))));
      await settle(file);
      const m = await measure(async () => {
        const started = performance.now();
        const s = (await call<UploadSignature>(token, 'GET', signUpload.path, { file_type: 'video' })).data;
        const key = `${s.dir}${Date.now()}bench.mp4`;
        const status = await client.post(`${address}${s.host}`, { key, ...s.fields }, file);
        if (status !== 200) throw new Error(`upload to ${s.host} answered HTTP ${status}`);
        const upload = (performance.now() - started) / 1000;
        uploadWindows.push([started, performance.now()]);
        const register = await timed(async () => {
          const reg = await call<RegisteredFile>(token, 'POST', completeUpload.path, {
            file_type: 'video',
            url: `${s.host}/${key}`,
          });
          registered = reg.data;
        });
        return { key, upload, register };
        // No walk of /proc during the upload: its garbage and CPU would land on the server being measured.
      }, { sample: false });
      const { key, upload, register } = m.value;
      rounds.push({ cp, cpSync, floor: floorSeconds, hash, upload, register, cpu: m.cpu, load: m.load });
      // Removed like cp's copy, so every round starts with the same files in the page cache: on this
      // kind of VM, writes slow down many times over once a GB or two of other files' pages is cached.
      await ctx.storage.delete(key);
    }
    clearInterval(sampler);
    gcObserver.disconnect();
    clearInterval(heldSampler);

    const rate = (seconds: number) => `${(SIZE / MB / seconds).toFixed(0)} MB/s`;
    const reg = registered as RegisteredFile | null;
    console.log(
      `file: ${(SIZE / MB).toFixed(0)} MB (registered as ${reg?.duration.toFixed(1)} s, ${reg?.width}x${reg?.height}); client: ${client.name}`,
    );
    rounds.forEach((r, i) =>
      console.log(
        `round ${i + 1}: cp ${r.cp.toFixed(2)} s (${r.cpSync.toFixed(2)} s with its fsync); bare HTTP ${r.floor.toFixed(2)} s; sha256 ${r.hash.toFixed(2)} s; upload ${r.upload.toFixed(2)} s + register ${r.register.toFixed(2)} s (CPU ${r.cpu.toFixed(2)} s with the client and the probe; ${r.load})`,
      ),
    );
    const cpSeconds = median(rounds.map((r) => r.cp));
    const cpSyncSeconds = median(rounds.map((r) => r.cpSync));
    const floorSeconds = median(rounds.map((r) => r.floor));
    const hashSeconds = median(rounds.map((r) => r.hash));
    const total = median(rounds.map((r) => r.upload + r.register));
    console.log(`medians of ${ROUNDS} rounds:`);
    console.log(
      `  upload + register (probe; the checksum was taken during the upload): ${total.toFixed(2)} s (${rate(total)})`,
    );
    console.log(`  cp: ${cpSeconds.toFixed(2)} s (${rate(cpSeconds)})`);
    console.log(
      `  cp and fsync of the copy: ${cpSyncSeconds.toFixed(2)} s (${rate(cpSyncSeconds)}); like for like with an upload, which is acknowledged once on the disk: ratio ${(cpSyncSeconds / total).toFixed(2)}`,
    );
    console.log(
      `  the same form to a bare HTTP server that discards it: ${floorSeconds.toFixed(2)} s (${rate(floorSeconds)}); cp / that = ${(cpSeconds / floorSeconds).toFixed(2)}, the most any HTTP upload could reach here`,
    );
    console.log(
      `  sha256 of the file alone, one thread: ${hashSeconds.toFixed(2)} s (${rate(hashSeconds)}); cp / that = ${(cpSeconds / hashSeconds).toFixed(2)}, the most an upload that checksums its bytes could reach here`,
    );
    console.log(
      `  register alone: ${median(rounds.map((r) => r.register)).toFixed(2)} s (probe and tail read; the checksum was taken during the upload)`,
    );
    const during = gcs.filter((g) => uploadWindows.some(([a, b]) => g.start >= a && g.start <= b));
    const gcLine = (major: boolean) => {
      const picked = during.filter((g) => g.major === major);
      return `${picked.length} ${major ? 'major' : 'minor'} (${picked.reduce((t, g) => t + g.duration, 0).toFixed(0)} ms)`;
    };
    console.log(`  server main-thread collections during the ${ROUNDS} uploads: ${gcLine(true)}, ${gcLine(false)}`);
    const ratio = cpSeconds / total;
    const growth = (peak - baseline) / MB;
    console.log(`throughput ratio (cp / upload+register): ${ratio.toFixed(2)}  (goal >= 0.5)`);
    const heldGrowth = (heldPeak - heldBaseline) / MB;
    console.log(`server peak RSS growth: ${growth.toFixed(1)} MB  (goal < 64 MB)`);
    console.log(`server peak growth of JS heap + buffers: ${heldGrowth.toFixed(1)} MB`);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(`${verdict(ratio >= 0.5)} throughput ratio ${ratio.toFixed(2)} >= 0.5; ${loadText()}`);
    console.log(`${verdict(growth < 64)} peak RSS growth ${growth.toFixed(1)} MB < 64 MB`);
    console.log(`${verdict(heldGrowth < 64)} peak heap + buffers growth ${heldGrowth.toFixed(1)} MB < 64 MB`);
    await app.close();
  } finally {
    floor.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
